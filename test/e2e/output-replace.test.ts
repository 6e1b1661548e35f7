/**
 * A file named for output that already exists is never replaced without a word: the built CLI
 * at a terminal (a pseudo-terminal) asks, and replaces it only on a yes; in a script (pipes) it
 * is refused, exit 2, before any request, unless --force. For every way a file is named: -o,
 * statement-pdf --download, receipt print --pdf. Against a scripted server on 127.0.0.1.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.js';
import { cashSale } from '../client/fixtures.js';
import { json } from '../client/http-fixture.js';
import { KEY, spawnPty } from '../helpers/pty-cli.js';
import { runCli } from '../helpers/run-cli.js';
import { scriptedServerForFile } from '../helpers/scripted-server.js';

const fixture = scriptedServerForFile();
const PDF = '%PDF-1.7\n%%EOF\n';

function serve(): void {
  fixture.server().seen.length = 0;
  fixture.server().handle((req, res) => {
    if (req.pathname === endpoints.listCashSales.path) return json(res, 200, { count: 2, list: [cashSale(2), cashSale(1)] });
    if (req.pathname === endpoints.statementPdf.path) return json(res, 200, { success: 'true', message: `${fixture.server().url}/docs/12.pdf` });
    if (req.pathname !== '/docs/12.pdf') return json(res, 404, { success: 'false', message: 'no such route', code: 'NOT_FOUND' });
    res.writeHead(200, { 'content-type': 'application/pdf' });
    res.end(PDF);
  });
}

const LIST = ['sale', 'list', '--company', '1', '--all', '--format', 'csv', '--fields', 'id'];
const remote = (args: string[]) => ['--base-url', fixture.server().url, '--token', 't', ...args];

/** A directory holding `name` with the text "mine". */
function existing(name: string): { dir: string; file: string } {
  const dir = mkdtempSync(join(fixture.dir, 'out-'));
  const file = join(dir, name);
  writeFileSync(file, 'mine');
  return { dir, file };
}

describe('in a script', () => {
  it.each([
    ['-o', (file: string) => [...LIST, '-o', file], 'sales.csv'],
    ['statement-pdf --download', (file: string) => ['statement-pdf', '12', '--download', file], 's.pdf'],
    ['statement-pdf -o', (file: string) => ['statement-pdf', '12', '-o', file], 's.pdf'],
  ])('%s onto an existing file: exit 2 naming it and --force, nothing sent, the file as it was', async (_how, args, name) => {
    serve();
    const { dir, file } = existing(name);
    const result = await runCli(remote(args(file)), { home: fixture.dir });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toBe(`shopprop: ${file} exists: --force replaces it, or name another file (nothing was written)\n`);
    expect(fixture.server().seen).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    expect(readdirSync(dir)).toEqual([name]);
  });

  it('with --force the file is replaced', async () => {
    serve();
    const { file } = existing('sales.csv');
    const result = await runCli(remote([...LIST, '-o', file, '--force']), { home: fixture.dir });
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('id\r\n2\r\n1\r\n');
    const pdf = existing('s.pdf');
    expect((await runCli(remote(['--force', 'statement-pdf', '12', '--download', pdf.file]), { home: fixture.dir })).code).toBe(0);
    expect(readFileSync(pdf.file, 'utf8')).toBe(PDF);
  });

  it('receipt print --pdf onto an existing file: exit 2, the file as it was', async () => {
    serve();
    const { file } = existing('r.pdf');
    const result = await runCli(remote(['receipt', 'print', '2', '--pdf', file]), { home: fixture.dir });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`${file} exists: --force replaces it`);
    expect(readFileSync(file, 'utf8')).toBe('mine');
  });
});

describe('at a terminal', () => {
  it('asks before replacing: no keeps the file (exit 2, nothing sent), yes replaces it', async () => {
    serve();
    const { file } = existing('sales.csv');
    const declined = spawnPty(remote([...LIST, '-o', file]), { home: fixture.dir });
    await declined.waitFor(`${file} exists. Replace it? (y/N)`);
    declined.type(`n${KEY.enter}`);
    expect(await declined.exited).toBe(2);
    // The message is wrapped at the terminal's width between words: read as one line.
    expect(declined.screen().replace(/\r?\n {2}/g, ' ')).toContain(`${file} was not replaced (nothing was written); --force replaces a file without asking`);
    expect(fixture.server().seen).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe('mine');

    const agreed = spawnPty(remote([...LIST, '-o', file]), { home: fixture.dir });
    await agreed.waitFor('Replace it?');
    agreed.type(`y${KEY.enter}`);
    expect(await agreed.exited).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('id\r\n2\r\n1\r\n');
  });

  it('a new file is written without a question', async () => {
    serve();
    const dir = mkdtempSync(join(fixture.dir, 'new-'));
    const session = spawnPty(remote([...LIST, '-o', join(dir, 'sales.csv')]), { home: fixture.dir });
    expect(await session.exited).toBe(0);
    expect(session.screen()).not.toMatch(/Replace it/);
    expect(readFileSync(join(dir, 'sales.csv'), 'utf8')).toBe('id\r\n2\r\n1\r\n');
  });
});
