/**
 * The walk-through of README's "Your own data" and docs/imports.md, on the files under
 * docs/examples/: a new company, every kind of import in order, then the reports show what was
 * imported. The documented files are the files the test imports, so the docs cannot drift.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freshHomeEachTest } from '../../helpers/cli-home.js';

const EXAMPLES = fileURLToPath(new URL('../../../docs/examples/', import.meta.url));
const DOC = fileURLToPath(new URL('../../../docs/imports.md', import.meta.url));
const KINDS = ['products', 'specs', 'landlords', 'properties', 'units', 'tenants', 'tenancies', 'charges', 'receipts', 'expenses'];

const home = freshHomeEachTest();

describe('docs/examples', () => {
  it('holds one file per import kind, each documented with its header in docs/imports.md', () => {
    expect(readdirSync(EXAMPLES).sort()).toEqual(KINDS.map((kind) => `${kind}.csv`).sort());
    const doc = readFileSync(DOC, 'utf8');
    for (const kind of KINDS) {
      const header = readFileSync(`${EXAMPLES}${kind}.csv`, 'utf8').split('\n')[0]!;
      expect(doc, kind).toContain(`docs/examples/${kind}.csv`);
      for (const column of header.split(',')) expect(doc, `${kind}.${column}`).toContain(`\`${column}\``);
    }
  });

  it('imports, in order, into a company made by local company create, and the reports show it', async () => {
    const h = home();
    const created = await h.cli(['local', 'company', 'create', '--name', 'Acme Phones & Homes', '--shops', 'Town,Mall', '--use']);
    expect(created.code, created.stderr).toBe(0);
    for (const kind of KINDS) {
      const imported = await h.cli(['local', 'import', kind, `${EXAMPLES}${kind}.csv`]);
      expect(imported.code, `${kind}: ${imported.stderr}`).toBe(0);
    }
    const units = JSON.parse((await h.cli(['receipt', 'specs', '--format', 'json'])).stdout) as { imei1: string }[];
    expect(units.map((unit) => unit.imei1)).toEqual(['356805120010535', '356805120010550']);
    const rows = JSON.parse((await h.cli(['paidbalance', '--property', '1', '--month', '10', '--year', '2026', '--format', 'json'])).stdout);
    // A1: rent 25,000 (0% tax) and service 2,000 + 16% = 320 tax charged; the 20,000 paid
    // settles rent first: 5,000 rent and 2,320 service remain, 7,320 in all.
    expect(rows.map((r: { unitNo: string }) => r.unitNo)).toEqual(['A1', 'A2']);
    expect(rows[0]).toMatchObject({
      tenant: 'John Kamau',
      rentWoTax: 25000,
      srvcWoTax: 2000,
      srvcTax: 320,
      paidRent: 20000,
      rentBalCf: 5000,
      srvcBalCf: 2320,
      totalCf: 7320,
    });
    expect(rows[1]).toMatchObject({ tenant: 'VACANT' });
    const advice = JSON.parse((await h.cli(['payadvice', '--property', '1', '--month', '10', '--year', '2026', '--format', 'json'])).stdout);
    expect(advice.expenseList).toEqual([expect.objectContaining({ description: 'Plumbing repair', amount: 3500 })]);
  });

  it('a name that is not found lists the valid ones, the closest first', async () => {
    const h = home();
    expect((await h.cli(['local', 'company', 'create', '--name', 'Acme', '--shops', 'Mall,Town', '--use'])).code).toBe(0);
    expect((await h.cli(['local', 'import', 'products', `${EXAMPLES}products.csv`])).code).toBe(0);
    const specs = h.file('specs.csv', 'productCode,serialNo,warehouse,shop\nTEC30,S1,Town,\nTEC31,S2,,Malls\n');
    const refused = await h.cli(['local', 'import', 'specs', specs]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('line 2, warehouse: no warehouse named Town; warehouses: "Town store", "Mall store"');
    expect(refused.stderr).toContain('line 3, productCode: no product with code TEC31; product codes: "TEC30", "CHG25"');
    expect(refused.stderr).toContain('line 3, shop: no shop named Malls; shops: "Mall", "Town"');
  });
});
