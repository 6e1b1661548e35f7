/**
 * Imports a company's products and serialised units from CSV text into SQLite, whole or not
 * at all: the rows checked by the shared rules (services/catalog-import-rules.ts) over what the
 * store holds, read inside the write transaction, then written. Serial numbers and IMEIs must
 * be unique per company, within the file and against the units already stored.
 */
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
} from '../../services/catalog-import-rules.js';
import { categoriesByName, companyExists, insertCategory, insertProduct, namesOf, productsByCode, shopsByName, taxRatesOf, warehousesByName } from './catalog.repository.js';
import { insertUnit, takenIdentifiers } from './item-spec.repository.js';
import type { Store } from './open-db.js';

/** Adds products (and any categories they name); codes are unique per company. */
export function importProducts(store: Store, companyId: number, csvText: string): { products: number; categoriesCreated: number } {
  if (!companyExists(store, companyId)) throw noCompanyForImport(companyId, PRODUCT_FILE);
  const rows = readCsv(csvText, PRODUCT_COLUMNS, REQUIRED_PRODUCT, PRODUCT_FILE);
  return store.sqlite
    .transaction(() => {
      const products = checkedProducts(rows, productsByCode(store, companyId), taxRatesOf(store, companyId));
      const categories = categoriesByName(store, companyId);
      let categoriesCreated = 0;
      for (const p of products) {
        let categoryId = categories.get(p.category.toLowerCase());
        if (categoryId === undefined) {
          categoryId = insertCategory(store, companyId, p.category);
          categories.set(p.category.toLowerCase(), categoryId);
          categoriesCreated++;
        }
        insertProduct(store, { company_id: companyId, category_id: categoryId, name: p.name, code: p.code, price_cents: p.price, cost_cents: p.cost, tax_rate_id: p.taxRateId, tax_inc_exc: p.incExc });
      }
      return { products: products.length, categoriesCreated };
    })
    .immediate();
}

/** Adds serialised units in stock; every serial number and IMEI must be new to the company. */
export function importItemSpecs(store: Store, companyId: number, csvText: string): { units: number } {
  if (!companyExists(store, companyId)) throw noCompanyForImport(companyId, ITEM_SPEC_FILE);
  const rows = readCsv(csvText, ITEM_SPEC_COLUMNS, REQUIRED_ITEM_SPEC, ITEM_SPEC_FILE);
  return store.sqlite
    .transaction(() => {
      const judged = judgeUnits(rows, companyId, {
        products: productsByCode(store, companyId),
        shops: shopsByName(store, companyId),
        warehouses: warehousesByName(store, companyId),
        shopNames: namesOf(store, 'retail_shops', companyId),
        warehouseNames: namesOf(store, 'warehouses', companyId),
      });
      const units = checkedUnits(judged, takenIdentifiers(store, companyId, [...judged.identifiers.keys()]));
      for (const unit of units) insertUnit(store, unit);
      return { units: units.length };
    })
    .immediate();
}
