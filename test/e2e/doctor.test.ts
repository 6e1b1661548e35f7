/**
 * `shopprop doctor` from the built binary, as a person or a monitoring job runs it: against the
 * bundled server on 127.0.0.1 every read endpoint holds (exit 0); against a port nothing
 * listens on, none is reachable (exit 5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../client/http-fixture.js';
import { startTestServer, type TestServer } from '../helpers/local-server.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);

afterAll(async () => {
  await server.close();
  temp.remove();
});

describe('shopprop doctor (built binary)', () => {
  it('shows a table of the seven read endpoints, all holding, and exits 0', async () => {
    const run = await runCli(['--base-url', server.url, '--token', server.tokenFor(1), 'doctor', '--company', '1', '--landlord', '1', '--format', 'table'], {
      home: temp.dir,
      extra: { COLUMNS: '100' },
    });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(`Interface check · ${server.url} · company 1`);
    for (const endpoint of ['sale list', 'sale items', 'receipt specs', 'paidbalance', 'payadvice', 'statements', 'statement-pdf']) {
      expect(run.stdout).toMatch(new RegExp(`│ ${endpoint}\\s+│ yes\\s+│ yes\\s+│ yes\\s+│ {2}200 │`));
    }
    expect(run.stderr).toBe('all 7 read endpoints: reachable, authorised and answering as the interface says\n');
  });

  it('exits 5 when nothing listens at the base URL, naming the refused connection', async () => {
    const port = await closedPort();
    const run = await runCli(['--base-url', `http://127.0.0.1:${port}`, 'doctor', '--company', '1', '--format', 'json'], { home: temp.dir });
    expect(run.code).toBe(5);
    const rows = JSON.parse(run.stdout) as { endpoint: string; reachable: string | null; detail: string }[];
    expect(rows.filter((row) => row.reachable === 'no').map((row) => row.endpoint)).toEqual(['sale list', 'sale items', 'receipt specs']);
    expect(run.stderr).toContain(`sale list: not reachable: connection refused (127.0.0.1:${port})\n`);
    expect(run.stderr).toMatch(/^shopprop: 3 of 3 endpoints checked fail \(3 not reachable, 4 skipped\); check the base URL/m);
  });
});
