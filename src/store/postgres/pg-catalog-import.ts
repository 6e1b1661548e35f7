/**
 * The catalogue imports on PostgreSQL, whole or not at all: the company's row locked first (so
 * two imports, or an import and a sale, of one company take turns across instances and what is
 * checked is still true at the write), the store's facts read, the rows checked by the shared
 * rules (services/catalog-import-rules.ts), then written.
 */
import type pg from 'pg';
import {
  checkedProducts,
  checkedUnits,
  ITEM_SPEC_COLUMNS,
  ITEM_SPEC_FILE,
  judgeUnits,
  noCompanyForImport,
  PRODUCT_COLUMNS,
  PRODUCT_FILE,
  readCsv,
  REQUIRED_ITEM_SPEC,
  REQUIRED_PRODUCT,
  type KnownProduct,
} from '../../services/catalog-import-rules.js';
import { rowsOf as all } from './pg-rows.js';
import { inTransaction } from './pg-unit-of-work.js';


const lockCompany = async (client: pg.PoolClient, companyId: number) =>
  (await client.query('select id from companies where id = $1 for update', [companyId])).rowCount === 1;

const byLowerName = <T extends { name: string }>(rows: T[]) => new Map(rows.map((r) => [r.name.toLowerCase(), r]));

async function productsByCode(client: pg.PoolClient, companyId: number): Promise<Map<string, KnownProduct>> {
  const rows = await all<KnownProduct>(client, 'select id, code, price_cents, cost_cents from item_products where company_id = $1 order by id', [companyId]);
  return new Map(rows.map((r) => [r.code.toLowerCase(), r]));
}

export async function importProductsOnPostgres(pool: pg.Pool, companyId: number, csvText: string): Promise<{ products: number; categoriesCreated: number }> {
  return inTransaction(pool, async (client) => {
    if (!(await lockCompany(client, companyId))) throw noCompanyForImport(companyId, PRODUCT_FILE);
    const rows = readCsv(csvText, PRODUCT_COLUMNS, REQUIRED_PRODUCT, PRODUCT_FILE);
    const rates = await all<{ id: number; rate_bp: number }>(client, 'select id, rate_bp from tax_rates where company_id = $1 order by id', [companyId]);
    const products = checkedProducts(rows, await productsByCode(client, companyId), rates);
    const categories = new Map(
      [...byLowerName(await all<{ id: number; name: string }>(client, 'select id, name from item_categories where company_id = $1 order by id', [companyId]))].map(([k, v]) => [k, v.id]),
    );
    let categoriesCreated = 0;
    for (const p of products) {
      let categoryId = categories.get(p.category.toLowerCase());
      if (categoryId === undefined) {
        categoryId = (await all<{ id: number }>(client, 'insert into item_categories (company_id, name) values ($1, $2) returning id', [companyId, p.category]))[0]!.id;
        categories.set(p.category.toLowerCase(), categoryId);
        categoriesCreated++;
      }
      await client.query(
        'insert into item_products (company_id, category_id, name, code, price_cents, cost_cents, tax_rate_id, tax_inc_exc) values ($1, $2, $3, $4, $5, $6, $7, $8)',
        [companyId, categoryId, p.name, p.code, p.price, p.cost, p.taxRateId, p.incExc],
      );
    }
    return { products: products.length, categoriesCreated };
  });
}

export async function importItemSpecsOnPostgres(pool: pg.Pool, companyId: number, csvText: string): Promise<{ units: number }> {
  return inTransaction(pool, async (client) => {
    if (!(await lockCompany(client, companyId))) throw noCompanyForImport(companyId, ITEM_SPEC_FILE);
    const rows = readCsv(csvText, ITEM_SPEC_COLUMNS, REQUIRED_ITEM_SPEC, ITEM_SPEC_FILE);
    const shops = await all<{ id: number; name: string }>(client, 'select id, name from retail_shops where company_id = $1 order by id', [companyId]);
    const warehouses = await all<{ id: number; name: string; shop_id: number | null }>(client, 'select id, name, shop_id from warehouses where company_id = $1 order by id', [companyId]);
    const judged = judgeUnits(rows, companyId, {
      products: await productsByCode(client, companyId),
      shops: new Map([...byLowerName(shops)].map(([k, v]) => [k, v.id])),
      warehouses: new Map([...byLowerName(warehouses)].map(([k, v]) => [k, { id: v.id, shop_id: v.shop_id }])),
      shopNames: shops.map((s) => s.name),
      warehouseNames: warehouses.map((w) => w.name),
    });
    const identifiers = [...judged.identifiers.keys()];
    const taken = await all<{ identifier: string; item_spec_id: number }>(
      client,
      'select identifier, item_spec_id from item_identifiers where company_id = $1 and identifier = any($2)',
      [companyId, identifiers],
    );
    // In the file's order, as SQLite's check lists them.
    const takenBy = new Map(taken.map((t) => [t.identifier, t.item_spec_id]));
    const units = checkedUnits(judged, new Map(identifiers.flatMap((i) => (takenBy.has(i) ? [[i, takenBy.get(i)!] as const] : []))));
    for (const unit of units) {
      const [{ id }] = (await all<{ id: number }>(
        client,
        `insert into item_specs (company_id, product_id, serial_no, imei1, imei2, colour, colour_variant, purchase_price_cents, sale_price_cents, warehouse_id, shop_id, status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'in_stock') returning id`,
        [unit.company_id, unit.product_id, unit.serial_no, unit.imei1, unit.imei2, unit.colour, unit.colour_variant, unit.purchase_price_cents, unit.sale_price_cents, unit.warehouse_id, unit.shop_id],
      )) as [{ id: number }];
      const seen = new Set<string>();
      for (const [identifier, kind] of [[unit.serial_no, 'serial'], [unit.imei1, 'imei'], [unit.imei2, 'imei']] as const) {
        // A unit may repeat its own identifier (serial = IMEI 1); the namespace is across units.
        if (identifier === null || seen.has(identifier)) continue;
        seen.add(identifier);
        await client.query('insert into item_identifiers (company_id, identifier, item_spec_id, kind) values ($1, $2, $3, $4)', [companyId, identifier, id, kind]);
      }
    }
    return { units: units.length };
  });
}
