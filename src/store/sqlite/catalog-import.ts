/**
 * Imports a company's products and serialised units from CSV text (header row, RFC 4180).
 * Every row is checked and every problem is reported with its line and field; a file with
 * any problem writes nothing. Serial numbers and IMEIs must be unique per company, within the
 * file and against the units already stored.
 *
 * products:   code,name,category,price,cost,taxRate,taxIncExc
 * item specs: productCode,serialNo,imei1,imei2,colour,colourVariant,purchasePrice,salePrice,warehouse,shop
 * Header names match loosely (import-csv.ts): `productCode`, `product_code` and `Product Code`
 * are the same column.
 */
import { candidatesNote } from '../../domain/closest-names.js';
import { fromBasisPoints, MoneyError, toBasisPoints, toCents } from '../../domain/money.js';
import {
  categoriesByName,
  companyExists,
  insertCategory,
  insertProduct,
  namesOf,
  productsByCode,
  shopsByName,
  taxRatesOf,
  warehousesByName,
} from './catalog.repository.js';
import { insertUnit, takenIdentifiers } from './item-spec.repository.js';
import type { Store } from './open-db.js';
import { readImportCsv, type CsvRow } from '../../services/import-csv.js';
import { ImportRefusedError, type ImportProblem } from '../../services/import-problems.js';

export class CatalogImportError extends ImportRefusedError {
  constructor(problems: readonly ImportProblem[], subject: string) {
    super(subject, problems);
    this.name = 'CatalogImportError';
  }
}

export const PRODUCT_COLUMNS = ['code', 'name', 'category', 'price', 'cost', 'taxRate', 'taxIncExc'] as const;
export const ITEM_SPEC_COLUMNS = ['productCode', 'serialNo', 'imei1', 'imei2', 'colour', 'colourVariant', 'purchasePrice', 'salePrice', 'warehouse', 'shop'] as const;
const REQUIRED_PRODUCT = ['code', 'name', 'category', 'price', 'cost', 'taxRate', 'taxIncExc'];
const REQUIRED_ITEM_SPEC = ['productCode'];

type Row = CsvRow;

function readCsv(text: string, columns: readonly string[], required: readonly string[], subject: string): Row[] {
  const read = readImportCsv(text, { required, optional: columns.filter((c) => !required.includes(c)) });
  if ('problems' in read) throw new CatalogImportError(read.problems, subject);
  return read.rows;
}

function money(row: Row, field: string, problems: ImportProblem[]): number | undefined {
  const text = row.values[field] ?? '';
  if (text === '') return undefined;
  const amount = Number(text.replace(/,/g, ''));
  try {
    if (!/^-?[\d,]*\.?\d*$/.test(text) || Number.isNaN(amount)) throw new MoneyError(`not an amount: ${text}`);
    const cents = toCents(amount);
    if (cents < 0) throw new MoneyError(`may not be negative: ${text}`);
    return cents;
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    problems.push({ line: row.line, field, message: error.message });
    return undefined;
  }
}

function text(row: Row, field: string, problems: ImportProblem[], options: { required?: boolean; max?: number } = {}): string | null {
  const value = row.values[field] ?? '';
  if (value === '') {
    if (options.required) problems.push({ line: row.line, field, message: 'required' });
    return null;
  }
  if (value.length > (options.max ?? 200)) problems.push({ line: row.line, field, message: `longer than ${options.max ?? 200} characters` });
  return value;
}

/** Adds products (and any categories they name); codes are unique per company. */
export function importProducts(store: Store, companyId: number, csvText: string): { products: number; categoriesCreated: number } {
  const what = 'product file';
  if (!companyExists(store, companyId)) throw new CatalogImportError([{ line: 0, field: null, message: `no company ${companyId}` }], what);
  const rows = readCsv(csvText, PRODUCT_COLUMNS, REQUIRED_PRODUCT, what);
  return store.sqlite
    .transaction(() => {
      const problems: ImportProblem[] = [];
      const existing = productsByCode(store, companyId);
      const rates = taxRatesOf(store, companyId);
      const codesInFile = new Map<string, number>();
      const products = rows.map((row) => {
        const code = text(row, 'code', problems, { required: true, max: 50 });
        const name = text(row, 'name', problems, { required: true });
        const category = text(row, 'category', problems, { required: true, max: 100 });
        const price = money(row, 'price', problems);
        const cost = money(row, 'cost', problems);
        if (price === undefined && row.values.price === '') problems.push({ line: row.line, field: 'price', message: 'required' });
        if (cost === undefined && row.values.cost === '') problems.push({ line: row.line, field: 'cost', message: 'required' });
        if (code) {
          const key = code.toLowerCase();
          if (existing.has(key)) problems.push({ line: row.line, field: 'code', message: `product code ${code} already exists` });
          const earlier = codesInFile.get(key);
          if (earlier !== undefined) problems.push({ line: row.line, field: 'code', message: `product code ${code} repeats line ${earlier}` });
          else codesInFile.set(key, row.line);
        }
        let taxRateId: number | null = null;
        try {
          const bp = toBasisPoints(Number(row.values.taxRate === '' ? Number.NaN : row.values.taxRate));
          const rate = rates.find((r) => r.rate_bp === bp);
          if (rate) taxRateId = rate.id;
          else problems.push({ line: row.line, field: 'taxRate', message: `no tax rate of ${row.values.taxRate}% (the company has ${rates.map((r) => `${fromBasisPoints(r.rate_bp)}%`).join(', ') || 'none'})` });
        } catch {
          problems.push({ line: row.line, field: 'taxRate', message: `not a rate: ${row.values.taxRate}` });
        }
        const incExc = row.values.taxIncExc;
        if (incExc !== '0' && incExc !== '1') problems.push({ line: row.line, field: 'taxIncExc', message: `must be 1 (price includes tax) or 0 (tax added), not ${incExc}` });
        return { code, name, category, price, cost, taxRateId, incExc: incExc === '0' ? 0 : 1 };
      });
      if (problems.length) throw new CatalogImportError(problems, what);
      const categories = categoriesByName(store, companyId);
      let categoriesCreated = 0;
      for (const p of products) {
        let categoryId = categories.get(p.category!.toLowerCase());
        if (categoryId === undefined) {
          categoryId = insertCategory(store, companyId, p.category!);
          categories.set(p.category!.toLowerCase(), categoryId);
          categoriesCreated++;
        }
        insertProduct(store, { company_id: companyId, category_id: categoryId, name: p.name!, code: p.code!, price_cents: p.price!, cost_cents: p.cost!, tax_rate_id: p.taxRateId, tax_inc_exc: p.incExc });
      }
      return { products: products.length, categoriesCreated };
    })
    .immediate();
}

const IMEI = /^\d{15}$/;

/** Adds serialised units in stock; every serial number and IMEI must be new to the company. */
export function importItemSpecs(store: Store, companyId: number, csvText: string): { units: number } {
  const what = 'item spec file';
  if (!companyExists(store, companyId)) throw new CatalogImportError([{ line: 0, field: null, message: `no company ${companyId}` }], what);
  const rows = readCsv(csvText, ITEM_SPEC_COLUMNS, REQUIRED_ITEM_SPEC, what);
  return store.sqlite
    .transaction(() => {
      const problems: ImportProblem[] = [];
      const products = productsByCode(store, companyId);
      const shops = shopsByName(store, companyId);
      const warehouses = warehousesByName(store, companyId);
      const inFile = new Map<string, { line: number; field: string }>();
      const units = rows.map((row) => {
        const code = text(row, 'productCode', problems, { required: true, max: 50 });
        const product = code ? products.get(code.toLowerCase()) : undefined;
        if (code && !product) problems.push({ line: row.line, field: 'productCode', message: `no product with code ${code}${candidatesNote(code, [...products.values()].map((p) => p.code), 'product codes')}` });
        const serial = text(row, 'serialNo', problems, { max: 100 });
        const imei1 = text(row, 'imei1', problems, { max: 15 });
        const imei2 = text(row, 'imei2', problems, { max: 15 });
        if (!serial && !imei1) problems.push({ line: row.line, field: 'serialNo', message: 'a unit needs a serialNo or an imei1' });
        for (const [field, value] of [['imei1', imei1], ['imei2', imei2]] as const) {
          if (value && !IMEI.test(value)) problems.push({ line: row.line, field, message: `an IMEI is 15 digits, not ${value}` });
        }
        const own = new Set<string>();
        for (const [field, value] of [['serialNo', serial], ['imei1', imei1], ['imei2', imei2]] as const) {
          if (!value || own.has(value)) continue;
          own.add(value);
          const earlier = inFile.get(value);
          if (earlier) problems.push({ line: row.line, field, message: `${value} is also the ${earlier.field} of line ${earlier.line}` });
          else inFile.set(value, { line: row.line, field });
        }
        const warehouseName = text(row, 'warehouse', problems, { max: 100 });
        const warehouse = warehouseName ? warehouses.get(warehouseName.toLowerCase()) : undefined;
        if (warehouseName && !warehouse) problems.push({ line: row.line, field: 'warehouse', message: `no warehouse named ${warehouseName}${candidatesNote(warehouseName, namesOf(store, 'warehouses', companyId), 'warehouses')}` });
        const shopName = text(row, 'shop', problems, { max: 100 });
        const shopId = shopName ? shops.get(shopName.toLowerCase()) : warehouse?.shop_id ?? null;
        if (shopName && shopId === undefined) problems.push({ line: row.line, field: 'shop', message: `no shop named ${shopName}${candidatesNote(shopName, namesOf(store, 'retail_shops', companyId), 'shops')}` });
        const purchase = money(row, 'purchasePrice', problems);
        const sale = money(row, 'salePrice', problems);
        return {
          line: row.line,
          unit: {
            company_id: companyId,
            product_id: product?.id ?? 0,
            serial_no: serial,
            imei1,
            imei2,
            colour: text(row, 'colour', problems, { max: 50 }),
            colour_variant: text(row, 'colourVariant', problems, { max: 50 }),
            purchase_price_cents: purchase ?? product?.cost_cents ?? 0,
            sale_price_cents: sale ?? product?.price_cents ?? 0,
            warehouse_id: warehouse?.id ?? null,
            shop_id: shopId ?? null,
          },
        };
      });
      const taken = takenIdentifiers(store, companyId, [...inFile.keys()]);
      for (const [identifier, unitId] of taken) {
        const at = inFile.get(identifier)!;
        problems.push({ line: at.line, field: at.field, message: `${identifier} is already an identifier of unit ${unitId}` });
      }
      if (problems.length) throw new CatalogImportError(problems.sort((a, b) => a.line - b.line), what);
      for (const { unit } of units) insertUnit(store, unit);
      return { units: units.length };
    })
    .immediate();
}
