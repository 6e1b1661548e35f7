/**
 * The catalogue imports, whole or not at all: the company held first (so two imports, or an
 * import and a sale, of one company take turns and what is checked is still true at the write),
 * the store's facts read, the rows checked by the shared rules (rules/catalog-import-rules.ts),
 * then written. Serial numbers and IMEIs are unique per company, within the file and against the
 * units already stored (table item_identifiers, whose unique key is the last word).
 */
import type { ImportSource } from '../import-source.js';
import { ProblemList } from '../rules/import-problems.js';
import {
  CatalogImportError,
  catalogColumns,
  checkedProducts,
  checkedUnits,
  ITEM_SPEC_COLUMNS,
  ITEM_SPEC_FILE,
  judgeUnits,
  noCompanyForImport,
  PRODUCT_COLUMNS,
  PRODUCT_FILE,
  type Row,
  REQUIRED_ITEM_SPEC,
  REQUIRED_PRODUCT,
  type KnownProduct,
} from '../rules/catalog-import-rules.js';
import { dialects, sql } from '../unit-of-work/sql.js';
import type { Engine, Tx } from '../unit-of-work/transaction.js';
import { importRows } from './import-rows.js';

const COMPANY_HELD = sql('select id from companies where id = ? {for update}');
const ADD_IDENTIFIER = sql('insert into item_identifiers (company_id, identifier, item_spec_id, kind) values (?, ?, ?, ?)');
const PRODUCTS = sql('select id, code, price_cents, cost_cents from item_products where company_id = ? order by id');
const TAX_RATES = sql('select id, rate_bp from tax_rates where company_id = ? order by id');
const CATEGORIES = sql('select id, name from item_categories where company_id = ? order by id');
const SHOPS = sql('select id, name from retail_shops where company_id = ? order by id');
const WAREHOUSES = sql('select id, name, shop_id from warehouses where company_id = ? order by id');
/** Parameters: company, the identifiers as a JSON array. */
const TAKEN_IDENTIFIERS = dialects({
  sqlite: 'select identifier, item_spec_id from item_identifiers where company_id = ? and identifier in (select value from json_each(?))',
  postgres:
    'select identifier, item_spec_id from item_identifiers where company_id = $1 and identifier = any(array(select json_array_elements_text($2::json)))',
});

/**
 * A catalogue file's rows, read as a stream: a catalogue is checked whole (codes, serial numbers
 * and IMEIs against each other), so its rows are kept, as many as the products and units it adds.
 */
async function catalogRows(file: ImportSource, columns: readonly string[], required: readonly string[], subject: string): Promise<Row[]> {
  const problems = new ProblemList();
  const rows: Row[] = [];
  for await (const slice of importRows(file, catalogColumns(columns, required), problems, (listed) => new CatalogImportError(listed, subject)))
    rows.push(...slice);
  if (problems.any) throw new CatalogImportError(problems.listed, subject, problems.total);
  return rows;
}

const byLowerName = <T extends { name: string }>(rows: T[]) => new Map(rows.map((r) => [r.name.toLowerCase(), r]));

async function productsByCode(tx: Tx, companyId: number): Promise<Map<string, KnownProduct>> {
  return new Map((await tx.all<KnownProduct>(PRODUCTS, [companyId])).map((r) => [r.code.toLowerCase(), r]));
}

/** Adds products (and any categories they name); codes are unique per company. */
export function importProducts(engine: Engine, companyId: number, file: ImportSource): Promise<{ products: number; categoriesCreated: number }> {
  return engine.unit('write', async (tx) => {
    if (!(await tx.get(COMPANY_HELD, [companyId]))) throw noCompanyForImport(companyId, PRODUCT_FILE);
    const rows = await catalogRows(file, PRODUCT_COLUMNS, REQUIRED_PRODUCT, PRODUCT_FILE);
    const products = checkedProducts(rows, await productsByCode(tx, companyId), await tx.all<{ id: number; rate_bp: number }>(TAX_RATES, [companyId]));
    const categories = new Map([...byLowerName(await tx.all<{ id: number; name: string }>(CATEGORIES, [companyId]))].map(([k, v]) => [k, v.id]));
    let categoriesCreated = 0;
    for (const p of products) {
      let categoryId = categories.get(p.category.toLowerCase());
      if (categoryId === undefined) {
        categoryId = await tx.insert('item_categories', { company_id: companyId, name: p.category });
        categories.set(p.category.toLowerCase(), categoryId);
        categoriesCreated++;
      }
      await tx.insert('item_products', {
        company_id: companyId,
        category_id: categoryId,
        name: p.name,
        code: p.code,
        price_cents: p.price,
        cost_cents: p.cost,
        tax_rate_id: p.taxRateId,
        tax_inc_exc: p.incExc,
      });
    }
    return { products: products.length, categoriesCreated };
  });
}

/** Adds serialised units in stock; every serial number and IMEI must be new to the company. */
export function importItemSpecs(engine: Engine, companyId: number, file: ImportSource): Promise<{ units: number }> {
  return engine.unit('write', async (tx) => {
    if (!(await tx.get(COMPANY_HELD, [companyId]))) throw noCompanyForImport(companyId, ITEM_SPEC_FILE);
    const rows = await catalogRows(file, ITEM_SPEC_COLUMNS, REQUIRED_ITEM_SPEC, ITEM_SPEC_FILE);
    const shops = await tx.all<{ id: number; name: string }>(SHOPS, [companyId]);
    const warehouses = await tx.all<{ id: number; name: string; shop_id: number | null }>(WAREHOUSES, [companyId]);
    const judged = judgeUnits(rows, companyId, {
      products: await productsByCode(tx, companyId),
      shops: new Map([...byLowerName(shops)].map(([k, v]) => [k, v.id])),
      warehouses: new Map([...byLowerName(warehouses)].map(([k, v]) => [k, { id: v.id, shop_id: v.shop_id }])),
      shopNames: shops.map((s) => s.name),
      warehouseNames: warehouses.map((w) => w.name),
    });
    const identifiers = [...judged.identifiers.keys()];
    const taken =
      identifiers.length === 0 ? [] : await tx.all<{ identifier: string; item_spec_id: number }>(TAKEN_IDENTIFIERS, [companyId, JSON.stringify(identifiers)]);
    // In the file's order, as the refusal lists them.
    const takenBy = new Map(taken.map((t) => [t.identifier, t.item_spec_id]));
    const units = checkedUnits(judged, new Map(identifiers.flatMap((i) => (takenBy.has(i) ? [[i, takenBy.get(i)!] as const] : []))));
    for (const unit of units) {
      const id = await tx.insert('item_specs', { ...unit, status: 'in_stock' });
      const seen = new Set<string>();
      for (const [identifier, kind] of [
        [unit.serial_no, 'serial'],
        [unit.imei1, 'imei'],
        [unit.imei2, 'imei'],
      ] as const) {
        // A unit may repeat its own identifier (serial = IMEI 1); the namespace is across units.
        if (identifier === null || seen.has(identifier)) continue;
        seen.add(identifier);
        await tx.run(ADD_IDENTIFIER, [companyId, identifier, id, kind]);
      }
    }
    return { units: units.length };
  });
}
