/**
 * The program's --help at an 80-column terminal, with the built binary: the commands in the
 * groups a person looks for, in order, one line each, none left outside a group; descriptions
 * start within the first 32 columns; each command's own help keeps its details.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { spawnPty } from '../helpers/pty-cli.js';

const home = mkdtempSync(join(tmpdir(), 'shopprop-help-'));
const GROUPS = ['Sales:', 'Property reports:', 'Local store:', 'Server:', 'Settings:'];

/**
 * The help at 80 columns, once its last line is on the screen: a help printed this fast may end
 * before the terminal's last output is read, and on a loaded machine that output can be lost.
 */
async function at80(args: string[], lastLine: string | RegExp): Promise<string> {
  const term = spawnPty(args, { home }, { cols: 80, rows: 60 });
  await term.waitFor(lastLine);
  expect(await term.exited).toBe(0);
  return term.screen().replaceAll('\r', '');
}

it('groups the commands, one line each, within 80 columns', async () => {
  const help = await at80(['--help'], 'shopprop <command> --help');
  const lines = help.split('\n');
  for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
  expect(lines.filter((line) => GROUPS.includes(line))).toEqual(GROUPS);
  expect(help).not.toMatch(/^Commands:/m);
  const start = lines.indexOf('Sales:');
  const end = lines.findIndex((line) => line.startsWith('Quick start'));
  const commandLines = lines.slice(start, end).filter((line) => line !== '' && !GROUPS.includes(line));
  // Every line of the list is a command: none continues the one before.
  for (const line of commandLines) expect(line, line).toMatch(/^ {2}[a-z][a-z-]*(\|[a-z]+)?( [<[][a-zA-Z.]+[>\]])* +\S/);
  expect(commandLines.map((line) => line.trim().split(/[ |]/)[0])).toEqual(
    expect.arrayContaining(['sale', 'paidbalance', 'month-end', 'local', 'serve', 'config', 'help']),
  );
  const descriptionAt = Math.max(...commandLines.map((line) => /^ {2}\S+(?: \S+)*? {2,}/.exec(line)![0].length));
  expect(descriptionAt).toBeLessThanOrEqual(32);
});

it("keeps a command's details in its own help", async () => {
  const serve = await at80(['serve', '--help'], '--cors-origin https://portal.example.com');
  expect(serve.replace(/\s+/g, ' ')).toContain('pool_max');
});
