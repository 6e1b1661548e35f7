/**
 * The save's body is JSON with its own types: ids are integers, never coerced from text,
 * booleans or arrays; issue dates lie in a sane window. Query strings, which are text on the
 * wire, still read "1" as 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { accessoryLine, companyRefs, saleBody, type CompanyRefs } from '../helpers/sale-fixtures.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  let server: TestServer;
  let token: string;
  let refs: CompanyRefs;

  beforeAll(async () => {
    server = await startTestServer({ backend, postgres });
    refs = companyRefs(server.seeded, 1);
    token = server.tokenFor(1, 'cashier');
  });
  afterAll(async () => server.close());

  const salesWithRef = async (refNo: string) => (await server.rows<{ n: number }>('select count(*) as n from cash_sales where ref_no = ?', refNo))[0]!.n;
  const save = (body: unknown) => server.request('POST', '/api/inventorycashsale/save', { token, body });
  const dayText = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  describe('ids in the save body', () => {
    it.each([
      ['a text', '"1"'],
      ['true', 'true'],
      ['an array', '[1]'],
      ['a fraction', '1.5'],
    ])('companyId as %s is refused 405 naming the field, nothing saved', async (_kind, value) => {
      const body = JSON.stringify(saleBody(refs, [accessoryLine(refs)], { over: { refNo: 'COERCED' } })).replace(/"companyId":1/, `"companyId":${value}`);
      const reply = await save(body);
      expect(reply.status).toBe(405);
      expect(reply.body).toMatchObject({ code: 'INVALID_INPUT' });
      expect(reply.body.message).toMatch(/companyId must be integer/);
      expect(await salesWithRef('COERCED')).toBe(0);
    });

    it('ids of lines and channels are not coerced either', async () => {
      const body = saleBody(refs, [accessoryLine(refs)], { over: { refNo: 'COERCED-LINE' } }) as unknown as Record<string, Record<string, unknown>[]>;
      body.itemIssuesDto![0]!.itemProductId = String(refs.accessory.id);
      body.channelsDto![0]!.channelId = [refs.channels.CASH];
      const reply = await save(body);
      expect(reply.status).toBe(405);
      expect(reply.body.message).toMatch(/itemIssuesDto\/0\/itemProductId must be integer/);
      expect(reply.body.message).toMatch(/channelsDto\/0\/channelId must be integer/);
      expect(await salesWithRef('COERCED-LINE')).toBe(0);
    });

    it('a query string still reads ids written as text', async () => {
      const reply = await server.request('GET', '/api/inventorycashsale/list', { token, query: { companyId: '1', start: '0', limit: '1' } });
      expect(reply.status).toBe(200);
    });
  });

  describe('issue dates', () => {
    it.each([
      ['9999-12-31', /issueDate 9999-12-31 is more than a day ahead of the server's clock/],
      [dayText(3), /is more than a day ahead of the server's clock/],
      ['1999-12-31', /issueDate 1999-12-31 is before 2000-01-01, the earliest date accepted/],
      ['0202-03-01', /is before 2000-01-01/],
    ])('%s is refused 405 naming issueDate', async (issueDate, message) => {
      const reply = await save(saleBody(refs, [accessoryLine(refs)], { over: { refNo: `DATE-${issueDate}`, issueDate } }));
      expect(reply.status).toBe(405);
      expect(reply.body.message).toMatch(message);
      expect(await salesWithRef(`DATE-${issueDate}`)).toBe(0);
    });

    it.each([['2000-01-01'], [dayText(-1)], [dayText(0)], [dayText(1)]])('%s is saved', async (issueDate) => {
      const reply = await save(saleBody(refs, [accessoryLine(refs)], { over: { refNo: `DATE-OK-${issueDate}`, issueDate } }));
      expect(reply.status).toBe(200);
      expect(await salesWithRef(`DATE-OK-${issueDate}`)).toBe(1);
    });
  });

  describe('a server with its own window of issue dates', () => {
    it('accepts and refuses by its window', async () => {
      const { buildApp } = await import('../../src/server/app.js');
      const app = await buildApp({ store: server.shop, issueDateWindow: { earliest: '1990-01-01', maxDaysAhead: 7 } });
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      try {
        const send = (issueDate: string) =>
          fetch(new URL('/api/inventorycashsale/save', url), {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(saleBody(refs, [accessoryLine(refs)], { over: { refNo: `WINDOW-${issueDate}`, issueDate } })),
          });
        expect((await send('1995-06-01')).status).toBe(200);
        expect((await send(dayText(5))).status).toBe(200);
        const late = await send(dayText(9));
        expect(late.status).toBe(405);
        expect(((await late.json()) as { message: string }).message).toMatch(/more than 7 days ahead/);
        expect((await send('1989-12-31')).status).toBe(405);
      } finally {
        await app.close();
      }
    });
  });
});
