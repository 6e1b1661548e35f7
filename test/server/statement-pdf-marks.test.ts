/**
 * What a statement PDF says besides its figures, read back from real PDFs served over HTTP:
 * the company's PIN and currency, the draft mark on every page of an INTERIM statement (and
 * nowhere on a FINAL one), and the explanation of a negative FINAL statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { readPdf, type PdfRead } from '../helpers/pdf-read.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  const PDF = '/api/propertystmt/statementpdf';
  const csv = (header: string, rows: string[]) => [header, ...rows].join('\n');
  /** The page's words on one line: a paragraph wraps wherever its width says. */
  const flat = (text: string) => text.replace(/\s+/g, ' ');

  describe('statement PDF marks', () => {
    let server: TestServer;
    let token: string;
    beforeAll(async () => {
      server = await startTestServer({ backend, postgres });
      token = server.tokenFor(1, 'accountant');
    });
    afterAll(() => server.close());

    async function pdfOf(statementId: number): Promise<PdfRead> {
      const link = await server.request('GET', PDF, { token, query: { statementId } });
      expect(link.status).toBe(200);
      const response = await fetch(link.body.message);
      expect(response.status).toBe(200);
      return readPdf(Buffer.from(await response.arrayBuffer()));
    }

    const propertyId = async (code: string) => (await server.rows<{ id: number }>('select id from properties where code = ?', code))[0]!.id;

    it('marks every page of a multi-page INTERIM statement as a draft, and no page of the FINAL one', async () => {
      const units = Array.from({ length: 70 }, (_, i) => `T${i + 1}`);
      await server.shop.importLedger(1, 'landlords', csv('code,name', ['LL-TALL,Tall Estates']));
      await server.shop.importLedger(1, 'properties', csv('code,name,landlord_code,man_fee_rate', ['TALL,Mnara Court,LL-TALL,10']));
      await server.shop.importLedger(
        1,
        'units',
        csv(
          'property_code,unit_no,market_rent,service_charge',
          units.map((u) => `TALL,${u},15000,0`),
        ),
      );
      await server.shop.importLedger(
        1,
        'tenants',
        csv(
          'account_no,name',
          units.map((u) => `TALL-${u},Tenant ${u}`),
        ),
      );
      await server.shop.importLedger(
        1,
        'tenancies',
        csv(
          'property_code,unit_no,tenant_account,from',
          units.map((u) => `TALL,${u},TALL-${u},2026-01-01`),
        ),
      );
      await server.shop.importLedger(
        1,
        'charges',
        csv(
          'property_code,unit_no,tenant_account,month,kind,amount',
          units.map((u) => `TALL,${u},TALL-${u},2026-03,rent,15000`),
        ),
      );
      const prepare = async (final: boolean) =>
        server.shop.prepareStatement({
          companyId: 1,
          propertyId: await propertyId('TALL'),
          month: 3,
          year: 2026,
          final,
          preparedByUserId: null,
          now: () => Date.UTC(2026, 3, 5),
        });

      const interim = await pdfOf((await prepare(false)).id);
      // 70 rent lines do not fit one A4 page: the mark must reach the pages after the first.
      expect(interim.pages.length).toBeGreaterThanOrEqual(2);
      const marked = interim.pages.filter((page) =>
        page.text.includes('DRAFT - INTERIM: a draft for MARCH 2026; its figures may change until the FINAL statement is prepared'),
      );
      expect(marked).toHaveLength(interim.pages.length);
      // The large diagonal words too, once on each page besides its header line.
      expect(interim.pages.every((page) => page.text.split('DRAFT - INTERIM').length - 1 === 2)).toBe(true);
      expect(interim.pages[0]!.text).toContain('LANDLORD STATEMENT (INTERIM - DRAFT)');

      const final = await pdfOf((await prepare(true)).id);
      expect(final.pages.length).toBe(interim.pages.length);
      expect(final.text).not.toMatch(/DRAFT/i);
      expect(final.pages[0]!.text).toContain('LANDLORD STATEMENT (FINAL)');
      // 70 x 15,000.00 charged, nothing received: no income and no fee, so nothing is owed and nothing explained.
      expect(final.text).toMatch(/Net amount due\s+KES 0\.00/);
      expect(final.text).not.toContain('Carried forward');
    });

    it("explains a negative FINAL statement in the company's currency, the deferred deductions worked out by hand", async () => {
      // Company 1 in Uganda shillings with a TIN, set as a user would: the PDF reads the settings.
      await server.shop.changeCompanyIdentity(1, { currency: 'UGX', taxNumber: '1000123456' });
      await server.shop.importLedger(1, 'landlords', csv('code,name', ['LL-DEBT,Owing Landlord']));
      await server.shop.importLedger(1, 'properties', csv('code,name,landlord_code,man_fee_rate', ['DEBT,Deni House,LL-DEBT,10']));
      await server.shop.importLedger(1, 'units', csv('property_code,unit_no,market_rent,service_charge', ['DEBT,D1,10000,0']));
      await server.shop.importLedger(1, 'tenants', csv('account_no,name', ['DEBT-D1,Only Tenant']));
      await server.shop.importLedger(1, 'tenancies', csv('property_code,unit_no,tenant_account,from', ['DEBT,D1,DEBT-D1,2026-01-01']));
      await server.shop.importLedger(1, 'charges', csv('property_code,unit_no,tenant_account,month,kind,amount', ['DEBT,D1,DEBT-D1,2026-03,rent,10000']));
      await server.shop.importLedger(1, 'receipts', csv('property_code,unit_no,tenant_account,date,amount', ['DEBT,D1,DEBT-D1,2026-03-05,10000']));
      await server.shop.importLedger(1, 'expenses', csv('property_code,date,description,amount', ['DEBT,2026-03-10,New water pump,12000']));
      const statement = await server.shop.prepareStatement({
        companyId: 1,
        propertyId: await propertyId('DEBT'),
        month: 3,
        year: 2026,
        final: true,
        preparedByUserId: null,
        now: () => Date.UTC(2026, 3, 5),
      });

      // By hand: rent received 10,000.00; fee 10% = 1,000.00; VAT 16% on it = 160.00; expenses
      // 12,000.00; deductions 1,000.00 + 160.00 + 12,000.00 = 13,160.00; net 0 + 10,000.00 -
      // 13,160.00 = -3,160.00; deferred min(3,160.00, 13,160.00) = 3,160.00; carried -3,160.00.
      const read = await pdfOf(statement.id);
      expect(read.pages).toHaveLength(1);
      const text = read.text;
      expect(text).toMatch(/PIN 1000123456/);
      expect(text).toMatch(/Net amount due\s+UGX -3,160\.00/);
      expect(text).toMatch(/Total deductions\s+13,160\.00/);
      expect(text).toMatch(/Deductions deferred to next month\s+3,160\.00/);
      expect(text).toMatch(/^\s*UGX\s+UGX\s+UGX\s+UGX\s+UGX\s+UGX\s*$/m);
      expect(text).not.toContain('KES');
      expect(text).not.toMatch(/DRAFT/i);
      const words = flat(text);
      expect(words).toContain('Carried forward');
      expect(words).toContain('The net amount due is negative: the landlord owes UGX 3,160.00, and nothing is paid out for MARCH 2026.');
      expect(words).toContain("The statement of APRIL 2026 starts from a balance brought forward of UGX -3,160.00 and recovers it from that month's income.");
      expect(words).toContain(
        "Deferred deductions: UGX 3,160.00 of this month's deductions of UGX 13,160.00 (management fees (10%) UGX 1,000.00, VAT on them UGX 160.00, expenses UGX 12,000.00) could not be covered by the month's income and balance; that part is deferred to APRIL 2026 with the debt.",
      );
    });

    it('keeps the longest tax number on one line beside the company name', async () => {
      await server.shop.changeCompanyIdentity(1, { taxNumber: 'GB 123 4567 89 / VAT-2026.0001' });
      const read = await pdfOf(1);
      expect(read.pages[0]!.text.split('\n')[0]).toMatch(/^Savanna Phones & Properties Ltd\s+PIN GB 123 4567 89 \/ VAT-2026\.0001$/);
    });
  });
});
