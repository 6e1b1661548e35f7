/**
 * `statements --pdf DIR` names a directory: a regular file there (or on the way to it) is a
 * usage error, exit 2 "not a directory", before any request, and the file is left as it was.
 * In-process, against a scripted server on 127.0.0.1 that counts the requests.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/contract/endpoints.js';
import { json } from '../../client/http-fixture.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { scriptedServerForFile } from '../../helpers/scripted-server.js';

const fixture = scriptedServerForFile();

const statements = (pdf: string) =>
  runInProcess(['--base-url', fixture.server().url, '--token', 't', 'statements', '--company', '1', '--landlord', '1', '--format', 'json', '--pdf', pdf], {
    home: fixture.dir,
  });

function serve(): void {
  fixture.server().seen.length = 0;
  fixture.server().handle((request, response) => {
    if (request.pathname === endpoints.statements.path) return json(response, 200, { count: 1, list: [{ id: 12 }] });
    if (request.pathname === endpoints.statementPdf.path) return json(response, 200, { success: 'true', message: `${fixture.server().url}/docs/12.pdf` });
    response.writeHead(200, { 'content-type': 'application/pdf' });
    response.end('%PDF-1.7\n%%EOF\n');
  });
}

describe('statements --pdf DIR', () => {
  it('a regular file: exit 2, "not a directory", no request made, the file untouched', async () => {
    serve();
    const file = join(fixture.dir, 'notes.txt');
    writeFileSync(file, 'my notes');
    const result = await statements(file);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toBe(`shopprop: --pdf ${file}: not a directory (it is a file); name a directory, which is made if missing\n`);
    expect(fixture.server().seen).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe('my notes');
  });

  it('a directory under a regular file: exit 2, "not a directory"', async () => {
    serve();
    const file = join(fixture.dir, 'plain.txt');
    writeFileSync(file, '');
    const result = await statements(join(file, 'pdfs'));
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/: not a directory \(a part of its path is a file\)/);
    expect(fixture.server().seen).toEqual([]);
  });

  it('a missing directory is made, an existing one used', async () => {
    serve();
    const made = join(fixture.dir, 'new', 'pdfs');
    expect((await statements(made)).code).toBe(0);
    expect(readdirSync(made)).toEqual(['statement-12.pdf']);
    const existing = join(fixture.dir, 'existing');
    mkdirSync(existing);
    expect((await statements(existing)).code).toBe(0);
    expect(readdirSync(existing)).toEqual(['statement-12.pdf']);
  });
});
