/**
 * `-o FILE` is written whole or not at all: a list that fails half-way leaves no file (and an
 * older file of that name untouched), and no partial file beside it. In-process against a real
 * HTTP server on 127.0.0.1 that serves the first page and refuses the second.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spec } from '../../client/fixtures.js';
import { json, startServer, type TestServer } from '../../client/http-fixture.js';
import { freshHomeEachTest } from '../../helpers/cli-home.js';

const PAGE = 1000;
const TOTAL = 2500;
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const home = freshHomeEachTest();

/** Serves the specs list from any start (a walk reads its pages overlapping); the `failAt`-th request, if any, is refused. */
function serveSpecs(failAt?: number): void {
  let requests = 0;
  server.handle((request, response) => {
    requests += 1;
    if (requests === failAt) return json(response, 400, { success: 'false', message: 'page refused for the test' });
    const start = Number(request.query.start ?? 0);
    const count = Math.min(PAGE, TOTAL - start);
    return json(response, 200, { count: TOTAL, list: Array.from({ length: count }, (_, i) => spec(start + i + 1)) });
  });
}

const specsTo = (file: string, extra: string[] = []) =>
  home().cli(['--base-url', server.url, '--token', 't', ...extra, 'receipt', 'specs', '--company', '1', '--all', '-o', file]);
const leftovers = (dir: string) => readdirSync(dir).filter((name) => name.includes('.partial'));

describe('--output FILE', () => {
  it('is written whole when every page arrives', async () => {
    serveSpecs();
    const file = join(home().dir, 'specs.csv');
    const result = await specsTo(file);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`wrote ${TOTAL.toLocaleString('en-US')} records to ${file}\n`);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(TOTAL + 1);
    expect(lines.at(-1)).toMatch(/^2500,/);
    expect(leftovers(home().dir)).toEqual([]);
  });

  it('is not written at all when a page fails after the first was written, and leaves no partial file', async () => {
    serveSpecs(2);
    const file = join(home().dir, 'specs.csv');
    const result = await specsTo(file);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/page refused for the test/);
    expect(existsSync(file)).toBe(false);
    expect(leftovers(home().dir)).toEqual([]);
  });

  it('leaves an older file of the same name as it was when the new one fails', async () => {
    serveSpecs(3);
    const file = home().file('specs.json', "yesterday's export\n");
    const result = await specsTo(file);
    expect(result.code).not.toBe(0);
    expect(readFileSync(file, 'utf8')).toBe("yesterday's export\n");
    expect(leftovers(home().dir)).toEqual([]);
  });

  it("shows a progress line on a terminal's stderr while pages arrive, and clears it", async () => {
    serveSpecs();
    let clock = 0;
    // Each reading of the clock is a second later, so no update is held back by the 100 ms throttle.
    const result = await home().cli(
      ['--base-url', server.url, '--token', 't', 'receipt', 'specs', '--company', '1', '--all', '-o', join(home().dir, 'p.csv')],
      {
        stderrIsTTY: true,
        now: () => (clock += 1000),
      },
    );
    expect(result.code, result.stderr).toBe(0);
    // One line rewritten in place: each update returns the carriage, the last reaches the total, then it is cleared.
    const file = join(home().dir, 'p.csv');
    expect(result.stderr.endsWith(`\rfetched 2,500 of 2,500\x1b[K\r\x1b[Kwrote 2,500 records to ${file}\n`)).toBe(true);
    const updates = result.stderr.slice(0, result.stderr.lastIndexOf('\r\x1b[K')).split('\x1b[K').filter(Boolean);
    expect(updates.length).toBeGreaterThanOrEqual(3);
    expect(updates[0]).toBe('\rfetched 1,000 of 2,500');
    for (const update of updates) expect(update).toMatch(/^\rfetched [\d,]+ of 2,500$/);
    // Not on a pipe: logs get no carriage returns.
    const piped = await home().cli(['--base-url', server.url, '--token', 't', 'receipt', 'specs', '--company', '1', '--all', '-o', join(home().dir, 'q.csv')]);
    expect(piped.stderr).not.toContain('\r');
  });
});
