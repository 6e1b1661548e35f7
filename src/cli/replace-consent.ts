/**
 * A file the user names for output (`-o`, `--download`, `receipt print --pdf`) is never replaced
 * without a word: with --force it is, at a terminal the person is asked, and anywhere else the
 * command is refused (exit 2) before anything is written. A yes is remembered for the run, so a
 * command that checks early (before its requests) and again when it writes asks once.
 */
import { lstatSync } from 'node:fs';
import type { CommandContext } from './context.js';
import { prompter } from './required-value.js';
import { CliUsageError } from './usage-error.js';

/** Paths a person agreed to replace, per run. */
const agreed = new WeakMap<CommandContext, Set<string>>();

/**
 * Resolves when `path` (what `file` names, links followed) may be written: it is not an existing
 * regular file, or --force was given, or the person at the terminal said yes.
 */
export async function consentToReplace(context: CommandContext, file: string, path: string): Promise<void> {
  if (context.globals.force === true || !isRegularFile(path) || agreed.get(context)?.has(path)) return;
  const named = path === file ? file : `${file} (${path})`;
  if (!context.interactive) {
    throw new CliUsageError(`${named} exists: --force replaces it, or name another file (nothing was written)`);
  }
  if (!(await prompter().confirm(`${named} exists. Replace it?`, { default: false }))) {
    throw new CliUsageError(`${named} was not replaced (nothing was written); --force replaces a file without asking`);
  }
  let paths = agreed.get(context);
  if (paths === undefined) agreed.set(context, (paths = new Set()));
  paths.add(path);
}

function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}
