/**
 * `shopprop --help`, `-h` and `help` alone are laid out from the build's help table, without
 * commander; any other way to the program's help (`--no-input --help`) goes through commander.
 * The built binary prints the same bytes both ways at every terminal width and under every
 * environment variable that could change the help, and the table's way loads no definitions
 * (it leaves the compiled-code cache untouched, which a start through commander fills).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnPty } from '../helpers/pty-cli.js';
import { BIN, cliEnv } from '../helpers/run-cli.js';

const home = mkdtempSync(join(tmpdir(), 'shopprop-root-help-'));
const TABLE_WAYS = [['--help'], ['-h'], ['help']];
const THROUGH_COMMANDER = ['--no-input', '--help'];
const brokenConfig = mkdtempSync(join(tmpdir(), 'shopprop-help-config-'));
writeFileSync(join(brokenConfig, 'config.json'), '{{{');

function piped(args: string[], extra: Record<string, string>) {
  const run = spawnSync(process.execPath, [BIN, ...args], { env: cliEnv({ home, extra }), encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('in a pipe', () => {
  const environments: Record<string, string>[] = [
    {},
    { COLUMNS: '40' },
    { COLUMNS: '39' },
    { COLUMNS: '100' },
    { COLUMNS: '300' },
    { COLUMNS: 'wide' },
    { NO_COLOR: '1' },
    { FORCE_COLOR: '1', COLUMNS: '120' },
    { FORCE_COLOR: '3', TERM: 'xterm-256color' },
    { TERM: 'dumb', LANG: 'C' },
    // Every setting of environment-help.ts at once: none of them changes the program's help.
    {
      SHOPPROP_PROFILE: 'nowhere',
      SHOPPROP_BASE_URL: 'http://127.0.0.1:9',
      SHOPPROP_TOKEN: 'not-a-token',
      SHOPPROP_COMPANY: 'x',
      SHOPPROP_DB: join(home, 'none.db'),
      SHOPPROP_DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
      SHOPPROP_TIMEOUT: 'soon',
      SHOPPROP_DEBUG: 'api,stack,timing',
      NODE_DISABLE_COMPILE_CACHE: '1',
    },
    { SHOPPROP_CONFIG_DIR: brokenConfig },
  ];
  it.each(environments.map((env) => [JSON.stringify(env), env]))('prints commander’s help byte for byte with %s', (_, env) => {
    const expected = piped(THROUGH_COMMANDER, env);
    expect(expected.status).toBe(0);
    expect(expected.stdout).toContain('Usage: shopprop [options] [command]');
    for (const args of TABLE_WAYS) expect(piped(args, env), args.join(' ')).toEqual(expected);
  });
});

describe('on a terminal', () => {
  it.each([40, 61, 80, 120])('prints commander’s help byte for byte at %i columns', async (cols) => {
    const screen = async (args: string[]) => {
      const term = spawnPty(args, { home }, { cols, rows: 100 });
      // The help's last words on the screen first: a process this quick may end before the
      // terminal's last output is read, and on a loaded machine that output can be lost.
      await term.waitFor(/--help\s*$/);
      expect(await term.exited).toBe(0);
      return term.screen();
    };
    const expected = await screen(THROUGH_COMMANDER);
    expect(expected).toContain('Quick start');
    for (const args of TABLE_WAYS) expect(await screen(args), args.join(' ')).toBe(expected);
  });
});

it('loads no command definitions: the compiled-code cache stays untouched', () => {
  const cacheOf = (args: string[]) => {
    const cache = mkdtempSync(join(tmpdir(), 'shopprop-help-cache-'));
    expect(piped(args, { XDG_CACHE_HOME: cache }).status).toBe(0);
    const dir = join(cache, 'shopprop');
    return existsSync(dir) ? readdirSync(dir, { recursive: true }) : [];
  };
  expect(cacheOf(THROUGH_COMMANDER)).not.toEqual([]);
  for (const args of TABLE_WAYS) expect(cacheOf(args), args.join(' ')).toEqual([]);
});
