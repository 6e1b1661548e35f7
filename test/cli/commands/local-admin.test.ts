/**
 * A shop with no remote service sets up its own data: a company, its catalog and its property
 * ledger from CSV files, all or nothing, then reports on it. In-process, each test in its own home.
 */
import { describe, expect, it } from 'vitest';
import { freshHomeEachTest, type CliHome } from '../../helpers/cli-home.js';

const home = freshHomeEachTest();

async function createCompany(h: CliHome): Promise<void> {
  const created = await h.cli(['local', 'company', 'create', '--name', 'Acme Phones & Homes', '--shops', 'Town,Mall', '--use']);
  expect(created.code, created.stderr).toBe(0);
}

const PRODUCTS =
  'code,name,category,price,cost,taxRate,taxIncExc\nTEC30,"Tecno Camon 30, 256GB",Phones,29999,24200,16,1\nCHG1,Charger,Accessories,1200,600,16,0\n';
const SPEC_HEADER = 'productCode,serialNo,imei1,imei2,colour,colourVariant,purchasePrice,salePrice,warehouse,shop\n';

describe('local administration of an own store', () => {
  it("creates a company and makes it the profile's", async () => {
    const h = home();
    const created = await h.cli(['local', 'company', 'create', '--name', 'Acme Phones & Homes', '--shops', 'Town,Mall', '--use']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout.trim()).toBe('1');
    expect(created.stderr).toMatch(/company 1 created in .*own\.db: shops 1, 2/);
    const list = await h.cli(['config', 'list', '--format', 'json']);
    expect(JSON.parse(list.stdout).settings).toMatchObject({ companyId: 1, retailShopId: 1, cashbookId: 1 });
  });

  it('imports a catalog, and a bad file imports nothing while naming every bad row', async () => {
    const h = home();
    await createCompany(h);
    const imported = await h.cli(['local', 'import', 'products', h.file('products.csv', PRODUCTS)]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toMatch(/imported 2 products/);

    const bad = h.file(
      'bad-specs.csv',
      `${SPEC_HEADER}TEC30,S1,356805120010535,,Black,,24200,29999,,Town\nNOPE,S2,356805120010536,,Black,,abc,29999,,Town\nTEC30,S3,356805120010535,,Blue,,24200,29999,,Nowhere\n`,
    );
    const refused = await h.cli(['local', 'import', 'specs', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/line 3/);
    expect(refused.stderr).toMatch(/line 4/);
    expect(refused.stderr).toMatch(/nothing imported/);
    const none = await h.cli(['receipt', 'specs', '--format', 'json']);
    expect(JSON.parse(none.stdout)).toEqual([]);

    const good = h.file(
      'specs.csv',
      `${SPEC_HEADER}TEC30,S1,356805120010535,356805120010543,Black,,24200,29999,,Town\nTEC30,S2,356805120010550,,Blue,,24200,29999,,Mall\n`,
    );
    expect((await h.cli(['local', 'import', 'specs', good])).code).toBe(0);
    const units = JSON.parse((await h.cli(['receipt', 'specs', '--format', 'json'])).stdout);
    expect(units.map((u: { imei1: string }) => u.imei1)).toEqual(['356805120010535', '356805120010550']);
  });

  it('imports a property ledger and reports on it', async () => {
    const h = home();
    await createCompany(h);
    await importLedger(h);
    const rows = JSON.parse((await h.cli(['paidbalance', '--property', '1', '--month', '10', '--year', '2026', '--format', 'json'])).stdout);
    expect(rows.map((r: { unitNo: string }) => r.unitNo)).toEqual(['A2', 'A10']);
    expect(rows[0]).toMatchObject({
      tenant: 'John Tenant',
      rentWoTax: 25000,
      srvcWoTax: 2000,
      paidRent: 20000,
      rentBalCf: 5000,
      srvcBalCf: 2000,
      totalCf: 7000,
    });
    expect(rows[1]).toMatchObject({ tenant: 'VACANT', vacant: 1 });
  });

  it('refuses an unknown import kind and an unreadable file with exit 2', async () => {
    const h = home();
    await createCompany(h);
    const unknown = await h.cli(['local', 'import', 'cats', h.file('x.csv', 'a\n')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/expected one of: products, specs/);
    const missing = await h.cli(['local', 'import', 'products', `${h.dir}/missing.csv`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*ENOENT/);
  });
});

/** One property (10% management fee), two units, one tenant owing 5,000 rent and 2,000 service for October 2026. */
export async function importLedger(h: CliHome): Promise<void> {
  const files = {
    landlords: 'code,name,email\nL1,Jane Landlord,jane@example.com\n',
    properties: 'code,name,landlord_code,zone,man_fee_rate\nP1,Riverside Flats,L1,Westlands,10\n',
    units: 'property_code,unit_no,market_rent,service_charge\nP1,A10,20000,2000\nP1,A2,25000,2000\n',
    tenants: 'account_no,name,phone\nT1,John Tenant,+254700000001\n',
    tenancies: 'property_code,unit_no,tenant_account,from\nP1,A2,T1,2026-09-01\n',
    charges: 'property_code,unit_no,tenant_account,month,kind,amount\nP1,A2,T1,2026-10,rent,25000\nP1,A2,T1,2026-10,service,2000\n',
    receipts: 'property_code,unit_no,tenant_account,date,amount,reference\nP1,A2,T1,2026-10-05,20000,MP123\n',
  };
  for (const [kind, text] of Object.entries(files)) {
    const result = await h.cli(['local', 'import', kind, h.file(`${kind}.csv`, text)]);
    expect(result.code, `${kind}: ${result.stderr}`).toBe(0);
  }
}
