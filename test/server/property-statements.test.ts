import { writeFileSync } from 'node:fs';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_DOCUMENT_PATH, StatementPdfResponse, StatementsResponse } from '../../src/contract/statement.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { readPdf } from '../helpers/pdf-read.js';
import { signDocumentLink } from '../../src/server/statement-document-link.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  const STATEMENTS = '/api/propertystmt/statements';
  const PDF = '/api/propertystmt/statementpdf';

  describe('GET /api/propertystmt/statements and statementpdf', () => {
    let server: TestServer;
    let token: string;
    const one = <T>(sql: string, ...params: unknown[]) => server.seeded.sqlite.prepare(sql).get(...params) as T;
    // The server's clock: the real one, unless a test sets an instant.
    let now: number | undefined;
    beforeAll(async () => {
      server = await startTestServer({ backend, postgres, now: () => now ?? Date.now() });
      token = server.tokenFor(1, 'accountant');
    });
    afterAll(async () => {
      await server.close();
    });

    const get = (path: string, query: Record<string, unknown>, as: string | undefined = token) => server.request('GET', path, { token: as, query });

    /** Fetches a URL without a bearer token, as a script downloading a link would. */
    async function download(url: string): Promise<{ status: number; type: string | null; body: Buffer }> {
      const response = await fetch(url);
      return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
    }

    it('lists a landlord’s statements in the envelope, filtered by paidPosted', async () => {
      const all = await get(STATEMENTS, { companyId: 1, landlordId: 1, paidPosted: 'ALL' });
      expect(all.status).toBe(200);
      expect(Value.Check(StatementsResponse, all.body)).toBe(true);
      expect(all.body.count).toBe(all.body.list.length);
      expect(all.body.count).toBeGreaterThan(0);
      const landlordProperties = new Set(
        (server.seeded.sqlite.prepare('select id from properties where landlord_id = 1').all() as { id: number }[]).map((p) => p.id),
      );
      expect(all.body.list.every((s: { propertyId: number }) => landlordProperties.has(s.propertyId))).toBe(true);
      const yes = await get(STATEMENTS, { companyId: 1, landlordId: 1, paidPosted: 'YES' });
      const no = await get(STATEMENTS, { companyId: 1, landlordId: 1, paidPosted: 'NO' });
      expect(yes.body.count + no.body.count).toBe(all.body.count);
      expect(yes.body.count).toBeGreaterThan(0);
      expect(no.body.count).toBeGreaterThan(0);
      // Each list is exactly the statements paid, or not yet paid, as the store holds them.
      const idsOf = (list: { id: number }[]) => list.map((s) => s.id).sort((a, b) => a - b);
      const seededPaid = (paid: string) =>
        (
          server.seeded.sqlite
            .prepare('select s.id from statements s join properties p on p.id = s.property_id where p.landlord_id = 1 and s.paid_posted = ? order by s.id')
            .all(paid) as { id: number }[]
        ).map((s) => s.id);
      expect(idsOf(yes.body.list)).toEqual(seededPaid('YES'));
      expect(idsOf(no.body.list)).toEqual(seededPaid('NO'));
      // Approved is not paid: the NO list holds approved statements too, so a filter on approval would fail here.
      expect(no.body.list.some((s: { approvedForPmt?: string }) => s.approvedForPmt === 'YES')).toBe(true);
      expect(yes.body.list.every((s: { approvedForPmt?: string }) => s.approvedForPmt === 'YES')).toBe(true);
      const types = new Set(all.body.list.map((s: { statementType: string }) => s.statementType));
      expect(types).toEqual(new Set(['INTERIM', 'FINAL']));
      const zone = await get(STATEMENTS, { companyId: 1, landlordId: 1, zoneId: 1, paidPosted: 'ALL' });
      expect(zone.status).toBe(200);
      expect(zone.body.list.every((s: { regionId: number }) => s.regionId === 1)).toBe(true);
    });

    it('refuses missing or invalid parameters, other companies and cashiers', async () => {
      for (const query of [
        { companyId: 1, landlordId: 1 },
        { companyId: 1, paidPosted: 'ALL' },
        { landlordId: 1, paidPosted: 'ALL' },
        { companyId: 1, landlordId: 1, paidPosted: "ALL' OR 1=1 --" },
        { companyId: 1, landlordId: 1, paidPosted: 'MAYBE' },
      ]) {
        expect((await get(STATEMENTS, query)).status, JSON.stringify(query)).toBe(400);
      }
      const foreignLandlord = one<{ id: number }>('select min(id) as id from landlords where company_id = 2').id;
      expect((await get(STATEMENTS, { companyId: 1, landlordId: foreignLandlord, paidPosted: 'ALL' })).status).toBe(403);
      expect((await get(STATEMENTS, { companyId: 2, landlordId: foreignLandlord, paidPosted: 'ALL' })).status).toBe(403);
      expect((await get(STATEMENTS, { companyId: 1, landlordId: 999_999, paidPosted: 'ALL' })).status).toBe(404);
      expect((await get(STATEMENTS, { companyId: 1, landlordId: 1, paidPosted: 'ALL' }, server.tokenFor(1, 'cashier'))).status).toBe(403);
    });

    it('hands out a presigned link on the request’s origin that serves the PDF without a token', async () => {
      now = Date.UTC(2026, 10, 20, 8, 0, 0);
      const response = await get(PDF, { statementId: 1 });
      expect(response.status).toBe(200);
      expect(Value.Check(StatementPdfResponse, response.body)).toBe(true);
      expect(response.body.success).toBe('true');
      const url = new URL(response.body.message);
      expect(url.origin).toBe(new URL(server.url).origin);
      expect(url.pathname).toBe(STATEMENT_DOCUMENT_PATH);
      expect([...url.searchParams.keys()].sort()).toEqual(['companyId', 'expires', 'signature', 'statementId']);
      expect(Number(url.searchParams.get('expires'))).toBe(now + 15 * 60_000);
      now += 15 * 60_000;
      const document = await download(url.toString());
      expect(document.status).toBe(200);
      expect(document.type).toBe('application/pdf');
      expect(document.body.subarray(0, 5).toString()).toBe('%PDF-');
      now += 1;
      const late = await download(url.toString());
      expect(late.status).toBe(401);
      expect(JSON.parse(late.body.toString()).message).toMatch(/expired/);
      now = undefined;
    });

    it('refuses tampered and expired links', async () => {
      const url = new URL((await get(PDF, { statementId: 1 })).body.message);
      const tamper = (key: string, value: string) => {
        const copy = new URL(url);
        copy.searchParams.set(key, value);
        return copy.toString();
      };
      const flipped = url.searchParams.get('signature')!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
      expect((await download(tamper('signature', flipped))).status).toBe(403);
      expect((await download(tamper('statementId', '2'))).status).toBe(403);
      expect((await download(tamper('companyId', '2'))).status).toBe(403);
      expect((await download(tamper('expires', String(Number(url.searchParams.get('expires')) + 86_400_000)))).status).toBe(403);
      expect((await download(tamper('signature', 'not-hex'))).status).toBe(400);
      const key = server.app.context.signingKey;
      const past = { statementId: 1, companyId: 1, expires: Date.UTC(2026, 10, 20, 8, 0, 0) };
      now = past.expires + 1;
      const expired = new URL(STATEMENT_DOCUMENT_PATH, server.url);
      for (const [k, v] of Object.entries({ ...past, signature: signDocumentLink(key, past) })) expired.searchParams.set(k, String(v));
      const response = await download(expired.toString());
      expect(response.status).toBe(401);
      expect(JSON.parse(response.body.toString()).message).toMatch(/expired/);
      now = undefined;
    });

    it('refuses a statement link for an unknown or foreign statement, a cashier, a missing id', async () => {
      const foreign = one<{ id: number }>('select min(id) as id from statements where company_id = 2').id;
      expect((await get(PDF, { statementId: foreign })).status).toBe(403);
      expect((await get(PDF, { statementId: 999_999 })).status).toBe(404);
      expect((await get(PDF, {})).status).toBe(400);
      expect((await get(PDF, { statementId: 'x' })).status).toBe(400);
      expect((await get(PDF, { statementId: 1 }, server.tokenFor(1, 'cashier'))).status).toBe(403);
      expect((await server.request('GET', PDF, { query: { statementId: 1 } })).status).toBe(401);
    });

    it('renders a 60-unit statement over several pages, header repeated, net amount due in the text', async () => {
      const csv = (header: string, rows: string[]) => [header, ...rows].join('\n');
      const units = Array.from({ length: 60 }, (_, i) => `U${i + 1}`);
      await server.shop.importLedger(1, 'landlords', csv('code,name', ['LL-BIG,"Big & Tall <Estates>"']));
      await server.shop.importLedger(
        1,
        'properties',
        csv('code,name,landlord_code,lr_no,zone,man_fee_rate', ['BIG,Kilima Towers,LL-BIG,LR/60/1,Westlands,10']),
      );
      await server.shop.importLedger(
        1,
        'units',
        csv(
          'property_code,unit_no,market_rent,service_charge',
          units.map((u, i) => `BIG,${u},${20000 + i * 100},1500`),
        ),
      );
      await server.shop.importLedger(
        1,
        'tenants',
        csv(
          'account_no,name',
          units.map((u, i) => `BIG-${u},"Tenant ${i + 1} with a rather long name that must be cut to fit"`),
        ),
      );
      await server.shop.importLedger(
        1,
        'tenancies',
        csv(
          'property_code,unit_no,tenant_account,from',
          units.slice(0, 58).map((u) => `BIG,${u},BIG-${u},2026-01-01`),
        ),
      );
      await server.shop.importLedger(
        1,
        'charges',
        csv(
          'property_code,unit_no,tenant_account,month,kind,amount',
          units.slice(0, 58).flatMap((u, i) => [`BIG,${u},BIG-${u},2026-03,rent,${20000 + i * 100}`, `BIG,${u},BIG-${u},2026-03,service,1500`]),
        ),
      );
      await server.shop.importLedger(
        1,
        'receipts',
        csv(
          'property_code,unit_no,tenant_account,date,amount',
          units.slice(0, 50).map((u, i) => `BIG,${u},BIG-${u},2026-03-05,${21500 + i * 100}`),
        ),
      );
      await server.shop.importLedger(1, 'expenses', csv('property_code,date,description,amount', ['BIG,2026-03-10,Lift service,12500.50']));
      const [{ id: propertyId }] = (await server.rows<{ id: number }>(`select id from properties where code = 'BIG'`)) as [{ id: number }];
      const statement = await server.shop.prepareStatement({
        companyId: 1,
        propertyId,
        month: 3,
        year: 2026,
        final: true,
        preparedByUserId: null,
        now: () => Date.UTC(2026, 3, 5),
      });
      const link = await get(PDF, { statementId: statement.id });
      const document = await download(link.body.message);
      expect(document.status).toBe(200);
      if (process.env.KEEP_PDF) writeFileSync(process.env.KEEP_PDF, document.body);
      const read = await readPdf(document.body);
      const pages = read.pages.length;
      expect(pages).toBeGreaterThanOrEqual(2);
      // A4 portrait, set in the standard Helvetica faces (nothing to embed).
      expect(read.pages.every((p) => Math.round(p.width) === 595 && Math.round(p.height) === 842)).toBe(true);
      expect(read.fonts).toEqual(['Helvetica', 'Helvetica-Bold']);
      const text = read.text;
      const pageTexts = read.pages.map((p) => p.text).filter((t) => t.trim());
      expect(pageTexts).toHaveLength(pages);
      expect(pageTexts.filter((t) => t.includes('Monthly charge')).length).toBeGreaterThanOrEqual(2);
      expect(text).toContain('Savanna Phones & Properties Ltd');
      expect(text).toContain('Kilima Towers (BIG)');
      expect(text).toContain('Big & Tall <Estates>');
      expect(text).toContain('LR/60/1');
      expect(text).toContain('MARCH 2026');
      expect(text).toContain('U60');
      expect(text).toContain('VACANT');
      expect(text).toContain(`page ${pages} of ${pages}`);
      const net = statement.amtPyble.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      // The demo company's currency and PIN: the net in full, the currency under each amount column.
      expect(text).toMatch(new RegExp(`Net amount due\\s+KES ${net.replace(/[.,]/g, '\\$&')}`));
      expect(read.pages[0]!.text).toMatch(/Savanna Phones & Properties Ltd\s+PIN P051234567X/);
      expect(read.pages.every((p) => /^\s*KES\s+KES\s+KES\s+KES\s+KES\s+KES\s*$/m.test(p.text))).toBe(true);
      expect(text).toContain('Lift service');
      expect(text).toContain('Prepared by: Local administrator');
    });
  });
});
