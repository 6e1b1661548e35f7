import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashSaleListKey } from '../../src/contract/cash-sale.js';
import { startTestServer, type TestServer } from '../helpers/local-server.js';
import { runCli } from '../helpers/run-cli.js';
import { accessoryLine, companyRefs, saleBody } from '../helpers/sale-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// `shopprop api` with the built binary against a server on 127.0.0.1, signed in by a token.
describe('shopprop api', () => {
  let server: TestServer;
  let service: string[];
  const temp = makeTempDir();
  const home = temp.dir;

  beforeAll(async () => {
    server = await startTestServer();
    service = ['--base-url', server.url, '--token', server.tokenFor(1, 'admin')];
  });
  afterAll(async () => {
    await server.close();
    temp.remove();
  });

  it('--paginate reads the sale list to the same records as sale list --all, at any page size', async () => {
    const listed = await runCli([...service, 'sale', 'list', '--company', '1', '--all', '--format', 'json', '--raw'], { home });
    expect(listed.code, listed.stderr).toBe(0);
    const expected = (JSON.parse(listed.stdout) as Record<string, unknown>[]).map(({ payments: _payments, ...record }) => record);
    expect(expected.length).toBeGreaterThan(20);

    for (const limit of [[], ['-F', 'limit=7']]) {
      const paged = await runCli([...service, 'api', 'GET', '/api/inventorycashsale/list', '-F', 'companyId=1', ...limit, '--paginate'], { home });
      expect(paged.code, paged.stderr).toBe(0);
      const records = JSON.parse(paged.stdout) as Record<string, unknown>[];
      expect(records.map(cashSaleListKey)).toEqual(expected.map(cashSaleListKey));
      // Every field sale list prints is the service's, as the service sent it.
      records.forEach((record, at) => expect(record).toMatchObject(expected[at]!));
    }
  });

  it('posts a sale from --input (a file or standard input), saved once for its Idempotency-Key', async () => {
    const body = saleBody(companyRefs(server.seeded, 1), [accessoryLine(companyRefs(server.seeded, 1))], { over: { refNo: 'API-INPUT-1' } });
    const file = join(home, 'sale.json');
    writeFileSync(file, JSON.stringify(body));
    const saved = await runCli([...service, 'api', 'POST', '/api/inventorycashsale/save', '--input', file, '-H', 'Idempotency-Key: api-input-1'], { home });
    expect(saved.code, saved.stderr).toBe(0);
    const answer = JSON.parse(saved.stdout) as { success?: unknown; id?: number };
    expect(answer).toMatchObject({ success: 'true' });

    const fromStdin = await runCli([...service, 'api', 'POST', '/api/inventorycashsale/save', '--input', '-', '-H', 'Idempotency-Key: api-input-1', '-i'], {
      home,
      input: JSON.stringify(body),
    });
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    // The same key: the first save's answer, not a second sale.
    expect(fromStdin.stdout).toMatch(/^HTTP 200 OK\n/);
    expect(JSON.parse(fromStdin.stdout.slice(fromStdin.stdout.indexOf('\n\n') + 2))).toEqual(answer);

    const sales = await server.rows<{ n: number }>("select count(*) as n from cash_sales where ref_no = 'API-INPUT-1'");
    expect(sales[0]!.n).toBe(1);
  });

  it('exits as every command does: 3 for a path the service does not have, 4 without a token, 2 for refused input', async () => {
    const missing = await runCli([...service, 'api', 'GET', '/api/no/such/thing'], { home });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('404');

    const anonymous = await runCli(['--base-url', server.url, 'api', 'GET', '/api/inventorycashsale/list', '-F', 'companyId=1'], { home });
    expect(anonymous.code).toBe(4);

    const refused = await runCli([...service, 'api', 'POST', '/api/inventorycashsale/save', '-F', 'companyId=1'], { home });
    expect(refused.code).toBe(2);
  });
});
