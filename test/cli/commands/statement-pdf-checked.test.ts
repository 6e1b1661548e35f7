/**
 * A statement's document link that answers something other than a PDF (a proxy's "Session
 * expired" page with 200): `statement-pdf -o` and `statements --pdf DIR` exit 6 naming what came
 * back, and write no file. In-process, against a scripted server on 127.0.0.1.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/contract/endpoints.js';
import { json, type SeenRequest } from '../../client/http-fixture.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { scriptedServerForFile } from '../../helpers/scripted-server.js';

const fixture = scriptedServerForFile();
const SESSION_EXPIRED = '<html><body>Session expired</body></html>\n'.padEnd(56, ' ');
const PDF = Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');

/** The service: statements 12 and 13, each linked to /docs/<id>.pdf, which `document` answers. */
function serve(document: (request: SeenRequest, response: ServerResponse) => void): void {
  fixture.server().handle((request, response) => {
    if (request.pathname === endpoints.statements.path) return json(response, 200, { count: 2, list: [{ id: 12 }, { id: 13 }] });
    if (request.pathname === endpoints.statementPdf.path) {
      return json(response, 200, { success: 'true', message: `${fixture.server().url}/docs/${request.query.statementId}.pdf` });
    }
    document(request, response);
  });
}

const htmlPage = (_request: SeenRequest, response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(SESSION_EXPIRED);
};

const cli = (args: string[]) => runInProcess(['--base-url', fixture.server().url, '--token', 't', ...args], { home: fixture.dir });

describe('a document link that does not answer a PDF', () => {
  it('statement-pdf -o: exit 6 naming the content type, size and first bytes; no file, no temp file', async () => {
    serve(htmlPage);
    const dir = join(fixture.dir, 'one');
    mkdirSync(dir);
    const result = await cli(['statement-pdf', '12', '-o', join(dir, 's.pdf')]);
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).toMatch(
      /^shopprop: statement document \(GET \/docs\/12\.pdf\) failed: HTTP 200 not a PDF: text\/html, 56 bytes, starts with <html><body>Session expi/,
    );
    expect(result.stderr).not.toMatch(/saved/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a PDF body under an HTML content type, and an HTML body under application/pdf, are refused alike', async () => {
    serve((request, response) => {
      const pdfBody = request.pathname === '/docs/12.pdf';
      response.writeHead(200, { 'content-type': pdfBody ? 'text/html' : 'application/pdf' });
      response.end(pdfBody ? PDF : SESSION_EXPIRED);
    });
    const dir = join(fixture.dir, 'mixed');
    mkdirSync(dir);
    const typed = await cli(['statement-pdf', '12', '-o', join(dir, 'a.pdf')]);
    expect(typed.code, typed.stderr).toBe(6);
    expect(typed.stderr).toMatch(/not a PDF: text\/html, \d+ bytes, starts with %PDF-1\.7/);
    const signed = await cli(['statement-pdf', '13', '-o', join(dir, 'b.pdf')]);
    expect(signed.code, signed.stderr).toBe(6);
    expect(signed.stderr).toMatch(/not a PDF: application\/pdf, 56 bytes, starts with <html>/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('statements --pdf DIR: exit 6 at the first reply that is not a PDF, no file for it', async () => {
    // Statement 12's link answers a PDF (as a bucket would: application/octet-stream), 13's an HTML page.
    serve((request, response) => {
      if (request.pathname === '/docs/12.pdf') {
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        response.end(PDF);
      } else htmlPage(request, response);
    });
    const dir = join(fixture.dir, 'many');
    const result = await cli(['statements', '--company', '1', '--landlord', '1', '--format', 'json', '--pdf', dir]);
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).toMatch(/statement document \(GET \/docs\/13\.pdf\) failed: HTTP 200 not a PDF: text\/html, 56 bytes/);
    expect(readdirSync(dir)).toEqual(['statement-12.pdf']);
    expect(readFileSync(join(dir, 'statement-12.pdf')).equals(PDF)).toBe(true);
    expect(existsSync(join(dir, 'statement-13.pdf'))).toBe(false);
  });

  it('a PDF is saved as it came', async () => {
    serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end(PDF);
    });
    const file = join(fixture.dir, 'good.pdf');
    const result = await cli(['statement-pdf', '12', '-o', file]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(file).equals(PDF)).toBe(true);
  });
});
