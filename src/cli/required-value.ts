/**
 * A value a command needs: the flag's, else the profile's default, else (only with a person at
 * the terminal) an answer to a question; otherwise a usage error that names the flag, so a
 * script under cron or in a pipe fails at once instead of waiting for input.
 */
import type { CommandContext } from './context.js';
import { inquirerPrompter, type Prompter } from './io/prompter.js';
import { CliUsageError } from './usage-error.js';

export interface RequiredValue<T> {
  value: T | undefined;
  /** e.g. "--company" */
  flag: string;
  /** What it is, for the error: "a company id". */
  what: string;
  /** The profile's default, if any. */
  fallback?: T;
  /** Where the fallback would come from, for the error ("or `shopprop config set companyId N`"). */
  hint?: string;
  ask?: (prompter: Prompter) => Promise<T>;
}

let sharedPrompter: Prompter | undefined;
export function prompter(): Prompter {
  return (sharedPrompter ??= inquirerPrompter());
}

export async function requireValue<T>(context: CommandContext, required: RequiredValue<T>): Promise<T> {
  if (required.value !== undefined) return required.value;
  if (required.fallback !== undefined) return required.fallback;
  if (context.interactive && required.ask) return required.ask(prompter());
  throw missingFlag(required.flag, required.what, required.hint);
}

export function missingFlag(flag: string, what: string, hint?: string): CliUsageError {
  return new CliUsageError(`missing ${flag}: give ${what}${hint ? ` (${hint})` : ''}`);
}

/** The company of a command: --company, SHOPPROP_COMPANY or the profile, else asked at a terminal, else a usage error. */
export async function companyOrPrompt(context: CommandContext, flag: number | undefined): Promise<number> {
  const settings = await context.settings();
  return requireValue(context, {
    value: flag,
    flag: '--company',
    what: 'a company id',
    fallback: settings.companyId,
    hint: 'or set SHOPPROP_COMPANY, or `shopprop config set companyId N`',
    ask: (p) => p.positiveInteger('Company id'),
  });
}
