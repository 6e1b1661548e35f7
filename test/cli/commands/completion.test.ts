/**
 * `shopprop completion`: the bash script, sourced in a real bash with COMP_WORDS set as bash sets
 * them, completes commands, subcommands, flags and their values; every command and flag of the
 * commander program is offered where it applies (read from commander here, not from the
 * completion code); zsh and fish scripts are generated from the same tree (and parsed by those
 * shells when they are installed).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command, Option } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());
const scripts: Record<'bash' | 'zsh' | 'fish', string> = { bash: '', zsh: '', fish: '' };
const bashFile = join(temp.dir, 'shopprop.bash');

beforeAll(async () => {
  for (const shell of ['bash', 'zsh', 'fish'] as const) {
    const result = await runInProcess(['completion', shell], { home: temp.dir });
    expect(result.code, result.stderr).toBe(0);
    scripts[shell] = result.stdout;
  }
  writeFileSync(bashFile, scripts.bash);
});

/**
 * What bash offers for a command line whose last word is being typed; each line is one query.
 * The words are split as bash's completion splits them ('=' a word of its own).
 */
function bashComplete(lines: string[][], cwd = temp.dir): string[][] {
  const queries = lines.map((words) => {
    const quoted = words.map((w) => `'${w}'`).join(' ');
    return `COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; COMPREPLY=(); _shopprop; echo "\${COMPREPLY[*]}"`;
  });
  const output = execFileSync('bash', ['--norc', '--noprofile', '-c', `source '${bashFile}'\n${queries.join('\n')}`], { cwd, encoding: 'utf8' });
  return output
    .split('\n')
    .slice(0, lines.length)
    .map((line) => line.split(' ').filter(Boolean));
}

const sorted = (words: readonly string[]) => [...words].sort();

describe('bash completion', () => {
  it('completes commands, subcommands, flags and enum values', () => {
    const [sa, format, formatEq, outbox, role, paid, keys, shells, flags, afterValue] = bashComplete([
      ['shopprop', 'sa'],
      ['shopprop', 'sale', 'list', '--format', ''],
      ['shopprop', 'sale', 'list', '--format', '=', 'js'],
      ['shopprop', 'sale', 'outbox', ''],
      ['shopprop', 'local', 'token', 'create', '--role', ''],
      ['shopprop', 'statements', '--status', ''],
      ['shopprop', 'config', 'get', 'ret'],
      ['shopprop', 'completion', ''],
      ['shopprop', 'sale', 'outbox', 'delete', '3', '--'],
      ['shopprop', '-p', 'sale', 'sale', 'li'],
    ]);
    expect(sa).toEqual(['sale']);
    expect(sorted(format!)).toEqual(['csv', 'json', 'ndjson', 'table', 'xlsx']);
    expect(formatEq).toEqual(['json']);
    expect(sorted(outbox!)).toEqual(['delete', 'send', 'show']);
    expect(sorted(role!)).toEqual(['accountant', 'admin', 'cashier']);
    expect(sorted(paid!)).toEqual(['ALL', 'NO', 'YES']);
    expect(keys).toEqual(['retailShopId']);
    expect(sorted(shells!)).toEqual(['bash', 'fish', 'zsh']);
    expect(flags).toEqual(expect.arrayContaining(['--yes', '--format', '--profile', '--help']));
    // `-p sale` is a flag with its value, not the command `sale`.
    expect(afterValue).toEqual(['list']);
  });

  it('completes the kinds of `local list`', () => {
    const [kinds, pro] = bashComplete([
      ['shopprop', 'local', 'list', ''],
      ['shopprop', 'local', 'list', 'pro'],
    ]);
    expect(sorted(kinds!)).toEqual(['cashbooks', 'landlords', 'officers', 'properties', 'shops', 'tokens', 'users', 'zones']);
    expect(pro).toEqual(['properties']);
  });

  it('completes file names where a flag takes a file', () => {
    writeFileSync(join(temp.dir, 'receipt-120.pdf'), '');
    const [pdf] = bashComplete([['shopprop', 'receipt', 'print', '120', '--pdf', 'receipt-']]);
    expect(pdf).toEqual(['receipt-120.pdf']);
  });

  it('offers every command and every flag of the program where it applies', async () => {
    (globalThis as Record<string, unknown>).__SHOPPROP_VERSION__ = '0.0.0-test';
    const { buildProgram } = await import('../../../src/cli/program.js');
    const program = buildProgram();
    const names = (options: readonly Option[]) => options.flatMap((o) => [o.short, o.long].filter((n): n is string => n !== undefined));
    const globals = names(program.options);
    const expected: { path: string[]; subcommands: string[]; flags: string[] }[] = [];
    const walk = (command: Command, path: string[]) => {
      expected.push({ path, subcommands: command.commands.map((c) => c.name()), flags: [...new Set([...names(command.options), ...globals])] });
      for (const sub of command.commands) walk(sub, [...path, sub.name()]);
    };
    walk(program, []);
    expect(expected.length).toBeGreaterThan(40);
    const withSubcommands = expected.filter((e) => e.subcommands.length > 0);
    const offeredSubcommands = bashComplete(withSubcommands.map((e) => ['shopprop', ...e.path, '']));
    withSubcommands.forEach((e, i) => expect([e.path.join(' '), sorted(offeredSubcommands[i]!)]).toEqual([e.path.join(' '), sorted(e.subcommands)]));
    const offeredFlags = bashComplete(expected.map((e) => ['shopprop', ...e.path, '-']));
    expected.forEach((e, i) => expect([e.path.join(' '), sorted(offeredFlags[i]!)]).toEqual([e.path.join(' '), sorted([...e.flags, '-h', '--help'])]));
  });
});

describe('zsh and fish completion, and every script', () => {
  it('are generated from the same tree: each subcommand and flag of `sale outbox delete` and `sale list` is in them', () => {
    for (const name of ['list', 'items', 'save', 'outbox', 'sync']) {
      expect(scripts.zsh).toMatch(new RegExp(`'${name}:[^']+'`));
      expect(scripts.fish).toContain(`-n 'test "$(__shopprop_path)" = \\'sale\\'' -a '${name}'`);
    }
    expect(scripts.zsh).toMatch(/'sale outbox delete'\) print -rl -- '-y:delete without asking[^']*' '--yes:/);
    expect(scripts.fish).toMatch(/-n 'test "\$\(__shopprop_path\)" = \\'sale outbox delete\\'' -s y -l yes -d 'delete without asking/);
    expect(scripts.fish).toContain("-s f -l format -x -a 'table json ndjson csv xlsx'");
    expect(scripts.zsh).toContain("*'|--format') echo 'table json ndjson csv xlsx'; return 0 ;;");
  });

  const installed = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;
  const parses = (shell: 'bash' | 'zsh' | 'fish') => {
    const file = join(temp.dir, `check.${shell}`);
    writeFileSync(file, scripts[shell]);
    const checked = spawnSync(shell, ['-n', file], { encoding: 'utf8' });
    expect([shell, checked.status, checked.stderr]).toEqual([shell, 0, '']);
  };
  it('parses in bash (-n)', () => {
    expect(installed('bash')).toBe(true);
    parses('bash');
  });
  // A shell that is not installed shows as a skipped test, and is named in the run's output: never a silent pass.
  for (const shell of ['zsh', 'fish'] as const) {
    const here = installed(shell);
    if (!here) console.warn(`${shell} is not installed: the ${shell} completion script was not parsed (install ${shell} to check it)`);
    it.skipIf(!here)(`parses in ${shell} (-n; skipped where ${shell} is not installed)`, () => parses(shell));
  }
});
