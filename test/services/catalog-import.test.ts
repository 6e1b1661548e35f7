import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogImportError } from '../../src/store/rules/catalog-import-rules.js';
import type { Store } from '../../src/store/sqlite/open-db.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { startTestServer, type TestServer } from '../helpers/local-server.js';

const importProducts = (store: Store, companyId: number, csv: string) => sqliteShopStore(store).importProducts(companyId, csv);
const importItemSpecs = (store: Store, companyId: number, csv: string) => sqliteShopStore(store).importItemSpecs(companyId, csv);

describe('catalog import', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  const count = (sql: string, ...params: unknown[]) => (server.store.sqlite.prepare(sql).get(...params) as { n: number }).n;
  const problemsOf = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (error) {
      expect(error).toBeInstanceOf(CatalogImportError);
      return (error as CatalogImportError).problems;
    }
    throw new Error('expected the import to fail');
  };

  it('imports products, creating the categories they name', async () => {
    const csv =
      'code,name,category,price,cost,taxRate,taxIncExc\nXP001,"Oppo A18, 128GB",Smartphones,"15,999.00",12000,16,1\nXP002,Selfie stick,Gadgets,799.5,300,8,0\n';
    expect(await importProducts(server.store, 1, csv)).toEqual({ products: 2, categoriesCreated: 1 });
    const row = server.store.sqlite.prepare(`select name, price_cents, tax_inc_exc from item_products where company_id = 1 and code = 'XP001'`).get();
    expect(row).toEqual({ name: 'Oppo A18, 128GB', price_cents: 1_599_900, tax_inc_exc: 1 });
  });

  it('refuses a product file with any bad row, naming every line and field, and writes nothing', async () => {
    const before = count('select count(*) as n from item_products');
    const csv = [
      'code,name,category,price,cost,taxRate,taxIncExc',
      'XP010,Good one,Audio,100,50,16,1',
      'XP001,Duplicate of stored,Audio,100,50,16,1',
      'XP011,,Audio,abc,1.005,15,2',
      'XP010,Repeat in file,Audio,100,50,16,1',
    ].join('\n');
    const problems = await problemsOf(() => importProducts(server.store, 1, csv));
    expect(problems).toEqual(
      expect.arrayContaining([
        { line: 3, field: 'code', message: 'product code XP001 already exists' },
        { line: 4, field: 'name', message: 'required' },
        expect.objectContaining({ line: 4, field: 'price' }),
        expect.objectContaining({ line: 4, field: 'cost' }),
        expect.objectContaining({ line: 4, field: 'taxRate', message: expect.stringContaining('16%, 8%, 0%') }),
        expect.objectContaining({ line: 4, field: 'taxIncExc' }),
        { line: 5, field: 'code', message: 'product code XP010 repeats line 2' },
      ]),
    );
    expect(count('select count(*) as n from item_products')).toBe(before);
  });

  it('refuses unknown and missing columns, naming the columns it takes', async () => {
    const problems = await problemsOf(() => importProducts(server.store, 1, 'code,name,colour\nA,B,C\n'));
    expect(problems).toEqual([
      { line: 1, field: null, message: 'missing columns category, price, cost, taxRate, taxIncExc' },
      { line: 1, field: null, message: 'unknown column colour; the columns are code*, name*, category*, price*, cost*, taxRate*, taxIncExc*' },
    ]);
  });

  it('matches header names in any case, with or without _, - and spaces', async () => {
    const csv = 'Code,NAME,category,Price,cost,tax_rate,Tax Inc-Exc\nXP020,Ring light,Gadgets,1500,900,16,1\n';
    expect(await importProducts(server.store, 1, csv)).toEqual({ products: 1, categoriesCreated: 0 });
    expect(await importItemSpecs(server.store, 1, 'product_code,Serial No,IMEI1\nXP020,RL-1,\n')).toEqual({ units: 1 });
    const twice = await problemsOf(() => importItemSpecs(server.store, 1, 'productCode,product code\nXP020,XP020\n'));
    expect(twice).toEqual([{ line: 1, field: 'productCode', message: 'column productCode appears twice ("productCode" and "product code")' }]);
  });

  it('says what was refused and that nothing was imported, one line per problem', async () => {
    await expect(importProducts(server.store, 1, 'code,name,category,price,cost,taxRate,taxIncExc\nXP030,,Audio,1,1,16,1\n')).rejects.toThrow(
      expect.objectContaining({ name: 'CatalogImportError', message: 'product file refused, nothing imported (1 problem):\n  line 2, name: required' }),
    );
  });

  it('imports units in stock; they appear in the receipt list', async () => {
    const csv = [
      'productCode,serialNo,imei1,imei2,colour,colourVariant,purchasePrice,salePrice,warehouse,shop',
      'XP001,SN-XP-1,490154203237518,490154203237519,Black,Night,12000,15999,Main store,',
      'XP001,SN-XP-2,490154203237520,,Blue,,,,,Westlands shop',
    ].join('\n');
    expect(await importItemSpecs(server.store, 1, csv)).toEqual({ units: 2 });
    const token = server.tokenFor(1, 'cashier');
    const response = await server.request('GET', '/api/itemcatalogspecs/list_for_receipt', { token, query: { companyId: 1 } });
    const imported = response.body.list.filter((r: { itemCode: string }) => r.itemCode === 'XP001');
    expect(imported.map((r: { imei1: string }) => r.imei1)).toEqual(['490154203237518', '490154203237520']);
    expect(imported[1]).toMatchObject({ salePrice: 15999, purchasePrice: 12000, shop: 'Westlands shop' });
    expect(imported[0]).toMatchObject({ warehouse: 'Main store', shop: 'Moi Avenue shop' });
  });

  it('refuses IMEIs and serials already used, in the file or by stored units, and bad IMEIs', async () => {
    const stored = server.store.sqlite.prepare(`select imei1, imei2 from item_specs where company_id = 1 and imei2 is not null limit 1`).get() as {
      imei1: string;
      imei2: string;
    };
    const before = count('select count(*) as n from item_specs');
    const csv = [
      'productCode,serialNo,imei1,imei2',
      `XP001,NEW-1,${stored.imei2},`,
      'XP001,NEW-2,111111111111111,222222222222222',
      'XP001,NEW-3,222222222222222,',
      'XP001,NEW-4,12345,',
      'NOPE,NEW-5,333333333333333,',
      'XP001,,,',
    ].join('\n');
    const problems = await problemsOf(() => importItemSpecs(server.store, 1, csv));
    expect(problems).toEqual([
      expect.objectContaining({ line: 2, field: 'imei1', message: expect.stringContaining('already an identifier of unit') }),
      { line: 4, field: 'imei1', message: '222222222222222 is also the imei2 of line 3' },
      { line: 5, field: 'imei1', message: 'an IMEI is 15 digits, not 12345' },
      { line: 6, field: 'productCode', message: expect.stringMatching(/^no product with code NOPE; product codes: "/) },
      { line: 7, field: 'serialNo', message: 'a unit needs a serialNo or an imei1' },
    ]);
    expect(count('select count(*) as n from item_specs')).toBe(before);
    // the same IMEI is free in another company: the namespace is per company
    await importProducts(server.store, 2, 'code,name,category,price,cost,taxRate,taxIncExc\nXP001,Oppo,Phones,100,50,16,1\n');
    expect(await importItemSpecs(server.store, 2, `productCode,imei1\nXP001,${stored.imei1}\n`)).toEqual({ units: 1 });
  });

  it('the database itself refuses a second unit with a used identifier', async () => {
    const stored = server.store.sqlite.prepare(`select company_id, imei1, id from item_specs where company_id = 1 limit 1`).get() as {
      company_id: number;
      imei1: string;
      id: number;
    };
    expect(() =>
      server.store.sqlite
        .prepare(`insert into item_identifiers (company_id, identifier, item_spec_id, kind) values (?, ?, ?, 'imei')`)
        .run(1, stored.imei1, stored.id),
    ).toThrow(/UNIQUE/);
  });

  it('reports unreadable CSV with its line', async () => {
    const problems = await problemsOf(() => importItemSpecs(server.store, 1, 'productCode,serialNo\nXP001,"unclosed\n'));
    expect(problems[0]!.message).toMatch(/not a readable CSV file/);
  });
});
