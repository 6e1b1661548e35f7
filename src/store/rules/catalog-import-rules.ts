/**
 * The rules of a catalogue import, the same on every store: the CSV's columns, each row's
 * checks with every problem named by line and field, and the refusal of a file with any problem
 * (nothing of it is written). What the store already holds comes in as facts read first
 * (CatalogFacts), so a backend reads, calls these, then writes the rows they return.
 *
 * products:   code,name,category,price,cost,taxRate,taxIncExc
 * item specs: productCode,serialNo,imei1,imei2,colour,colourVariant,purchasePrice,salePrice,warehouse,shop
 */
import { candidatesNote } from '../../domain/closest-names.js';
import { fromBasisPoints, MoneyError, toBasisPoints, toCents } from '../../domain/money.js';
import type { ItemSpecsTable } from '../tables/sales.js';
import type { CsvColumns, CsvRow } from './import-csv.js';
import { ImportRefusedError, type ImportProblem } from './import-problems.js';

export class CatalogImportError extends ImportRefusedError {
  constructor(problems: readonly ImportProblem[], subject: string, total = problems.length) {
    super(subject, problems, total);
    this.name = 'CatalogImportError';
  }
}

export const PRODUCT_COLUMNS = ['code', 'name', 'category', 'price', 'cost', 'taxRate', 'taxIncExc'] as const;
export const ITEM_SPEC_COLUMNS = [
  'productCode',
  'serialNo',
  'imei1',
  'imei2',
  'colour',
  'colourVariant',
  'purchasePrice',
  'salePrice',
  'warehouse',
  'shop',
] as const;
export const REQUIRED_PRODUCT = ['code', 'name', 'category', 'price', 'cost', 'taxRate', 'taxIncExc'];
export const REQUIRED_ITEM_SPEC = ['productCode'];

export type Row = CsvRow;

/** A catalogue file's columns as the CSV reader takes them. */
export function catalogColumns(columns: readonly string[], required: readonly string[]): CsvColumns {
  return { required, optional: columns.filter((c) => !required.includes(c)) };
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

export const PRODUCT_FILE = 'product file';
export const ITEM_SPEC_FILE = 'item spec file';

/** The refusal of an import into a company the store does not hold. */
export const noCompanyForImport = (companyId: number, what: string) =>
  new CatalogImportError([{ line: 0, field: null, message: `no company ${companyId}` }], what);

/** A product of the store, by its code (lower case). */
export interface KnownProduct {
  id: number;
  code: string;
  price_cents: number;
  cost_cents: number;
}

/** A checked product row, ready to write (its category by name: made when new). */
export interface CheckedProduct {
  code: string;
  name: string;
  category: string;
  price: number;
  cost: number;
  taxRateId: number | null;
  incExc: 0 | 1;
}

/** Every row of a products file checked against the company's products and tax rates; refuses the file with every problem. */
export function checkedProducts(
  rows: readonly Row[],
  existing: ReadonlyMap<string, KnownProduct>,
  rates: readonly { id: number; rate_bp: number }[],
): CheckedProduct[] {
  const what = PRODUCT_FILE;
  const problems: ImportProblem[] = [];
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
      else
        problems.push({
          line: row.line,
          field: 'taxRate',
          message: `no tax rate of ${row.values.taxRate}% (the company has ${rates.map((r) => `${fromBasisPoints(r.rate_bp)}%`).join(', ') || 'none'})`,
        });
    } catch {
      problems.push({ line: row.line, field: 'taxRate', message: `not a rate: ${row.values.taxRate}` });
    }
    const incExc = row.values.taxIncExc;
    if (incExc !== '0' && incExc !== '1')
      problems.push({ line: row.line, field: 'taxIncExc', message: `must be 1 (price includes tax) or 0 (tax added), not ${incExc}` });
    return { code: code!, name: name!, category: category!, price: price!, cost: cost!, taxRateId, incExc: incExc === '0' ? 0 : 1 } as CheckedProduct;
  });
  if (problems.length) throw new CatalogImportError(problems, what);
  return products;
}

const IMEI = /^\d{15}$/;

/** What the store holds that a units file is checked against. */
export interface UnitFacts {
  products: ReadonlyMap<string, KnownProduct>;
  shops: ReadonlyMap<string, number>;
  warehouses: ReadonlyMap<string, { id: number; shop_id: number | null }>;
  /** The names as written, to list the valid ones in a refusal. */
  shopNames: readonly string[];
  warehouseNames: readonly string[];
}

/** A unit row to insert, in stock: every column but the generated id, status and sale line. */
export type NewUnit = Omit<ItemSpecsTable, 'id' | 'status' | 'sold_line_id'>;

/** The rows of a units file checked, and each identifier (serial, IMEI) the file gives with where. */
export interface JudgedUnits {
  units: NewUnit[];
  identifiers: Map<string, { line: number; field: string }>;
  problems: ImportProblem[];
}

/** Every row of a units file checked against the company's products, shops and warehouses. */
export function judgeUnits(rows: readonly Row[], companyId: number, facts: UnitFacts): JudgedUnits {
  const { products, shops, warehouses } = facts;
  const problems: ImportProblem[] = [];
  const inFile = new Map<string, { line: number; field: string }>();
  const units = rows.map((row): NewUnit => {
    const code = text(row, 'productCode', problems, { required: true, max: 50 });
    const product = code ? products.get(code.toLowerCase()) : undefined;
    if (code && !product)
      problems.push({
        line: row.line,
        field: 'productCode',
        message: `no product with code ${code}${candidatesNote(
          code,
          [...products.values()].map((p) => p.code),
          'product codes',
        )}`,
      });
    const serial = text(row, 'serialNo', problems, { max: 100 });
    const imei1 = text(row, 'imei1', problems, { max: 15 });
    const imei2 = text(row, 'imei2', problems, { max: 15 });
    if (!serial && !imei1) problems.push({ line: row.line, field: 'serialNo', message: 'a unit needs a serialNo or an imei1' });
    for (const [field, value] of [
      ['imei1', imei1],
      ['imei2', imei2],
    ] as const) {
      if (value && !IMEI.test(value)) problems.push({ line: row.line, field, message: `an IMEI is 15 digits, not ${value}` });
    }
    const own = new Set<string>();
    for (const [field, value] of [
      ['serialNo', serial],
      ['imei1', imei1],
      ['imei2', imei2],
    ] as const) {
      if (!value || own.has(value)) continue;
      own.add(value);
      const earlier = inFile.get(value);
      if (earlier) problems.push({ line: row.line, field, message: `${value} is also the ${earlier.field} of line ${earlier.line}` });
      else inFile.set(value, { line: row.line, field });
    }
    const warehouseName = text(row, 'warehouse', problems, { max: 100 });
    const warehouse = warehouseName ? warehouses.get(warehouseName.toLowerCase()) : undefined;
    if (warehouseName && !warehouse)
      problems.push({
        line: row.line,
        field: 'warehouse',
        message: `no warehouse named ${warehouseName}${candidatesNote(warehouseName, facts.warehouseNames, 'warehouses')}`,
      });
    const shopName = text(row, 'shop', problems, { max: 100 });
    const shopId = shopName ? shops.get(shopName.toLowerCase()) : (warehouse?.shop_id ?? null);
    if (shopName && shopId === undefined)
      problems.push({ line: row.line, field: 'shop', message: `no shop named ${shopName}${candidatesNote(shopName, facts.shopNames, 'shops')}` });
    const purchase = money(row, 'purchasePrice', problems);
    const sale = money(row, 'salePrice', problems);
    return {
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
    };
  });
  return { units, identifiers: inFile, problems };
}

/** Refuses the file with every problem, those of identifiers other units already carry included (`taken`: identifier to unit id). */
export function checkedUnits(judged: JudgedUnits, taken: ReadonlyMap<string, number>): NewUnit[] {
  const problems = [...judged.problems];
  for (const [identifier, unitId] of taken) {
    const at = judged.identifiers.get(identifier)!;
    problems.push({ line: at.line, field: at.field, message: `${identifier} is already an identifier of unit ${unitId}` });
  }
  if (problems.length)
    throw new CatalogImportError(
      problems.sort((a, b) => a.line - b.line),
      ITEM_SPEC_FILE,
    );
  return judged.units;
}
