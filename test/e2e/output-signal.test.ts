/**
 * `-o FILE` and a signal: a list interrupted while its file is being written (Ctrl-C, or SIGTERM
 * from a supervisor) exits with its documented code and leaves neither the file nor a partial
 * one. Needs a real process, so the built binary runs against a real HTTP server on 127.0.0.1
 * that answers the first page and never the second.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, watch } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spec } from '../client/fixtures.js';
import { json, startServer, type TestServer } from '../client/http-fixture.js';
import { BIN, cliEnv } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

let server: TestServer;
const temp = makeTempDir();
beforeAll(async () => {
  server = await startServer((request, response) => {
    // The second page never comes: the run is still writing when the signal arrives.
    if (request.query.start === '0') json(response, 200, { count: 2500, list: Array.from({ length: 1000 }, (_, i) => spec(i + 1)) });
  });
});
afterAll(async () => {
  await server.close();
  temp.remove();
});

/** Resolves once a file whose name contains `part` exists in `dir` (watched, not polled). */
function fileAppears(dir: string, part: string): Promise<string> {
  return new Promise((resolve) => {
    const found = () => readdirSync(dir).find((name) => name.includes(part));
    const watcher = watch(dir, () => {
      const name = found();
      if (name) {
        watcher.close();
        resolve(name);
      }
    });
    const already = found();
    if (already) {
      watcher.close();
      resolve(already);
    }
  });
}

describe('a list written to -o FILE, interrupted', () => {
  it.each([
    ['SIGINT', 130, 'interrupted'],
    ['SIGTERM', 143, 'terminated'],
  ] as const)('by %s: exit %i, no file and no partial file', async (signal, exitCode, word) => {
    const dir = mkdtempSync(join(temp.dir, 'out-'));
    const file = join(dir, 'specs.csv');
    const child = spawn(process.execPath, [BIN, '--base-url', server.url, '--token', 't', 'receipt', 'specs', '--company', '1', '--all', '-o', file], {
      env: cliEnv({ home: temp.dir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    expect(await fileAppears(dir, '.partial')).toMatch(/^\.specs\.csv\.[0-9a-f]+\.partial$/);
    child.kill(signal);
    expect(await exited).toBe(exitCode);
    expect(stderr).toContain(`shopprop: ${word}`);
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
