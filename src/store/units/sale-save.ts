/**
 * Saving a cash sale (create, or update when id is sent), one unit of work: the request checked
 * first (rules/sale-composition.ts prepareSave), then inside the unit the save composed over
 * the store's facts (composeSave: the Idempotency-Key, every id the sale names, the issue date,
 * the M-Pesa codes) and its rows written: receipt number, header, lines, channels, serialised
 * units marked sold. Any failure rolls everything back, receipt number included.
 *
 * The rules hold however many writers there are, because the database holds them, and a save
 * holds as little as it can for as short as it can (on PostgreSQL the company's row is what every
 * save of the company waits for):
 * - the facts are read first, holding only the units the sale names and the sale an update
 *   replaces; the company's row is taken by the receipt number, the first write, so the company's
 *   saves take turns only over their writes and the commit, and the sequence stays gap-free
 *   (a failed save gives its number back with everything else);
 * - a unit is marked sold only if still in stock; unique indexes are the last word on a unit
 *   sold once, an Idempotency-Key used once and an M-Pesa code used once per company. A save
 *   that loses such a race is run again whole: it then reads what the other committed, and
 *   answers with the first result of its key, or refuses in words (sold unit, code used).
 * On SQLite the write transaction holds the whole database from its first statement anyway.
 */
import { soldUnitText } from '../../domain/sold-unit-text.js';
import type { ProductForSale, SaleReferenceKind, TaxRateForSale, UnitForSale } from '../../domain/sale-references.js';
import { composeSave, prepareSave, unitTakenError, type PreparedSave, type SaveFacts } from '../rules/sale-composition.js';
import { ServiceError } from '../rules/service-error.js';
import type { SaveCashSaleInput, SaveCashSaleResult } from '../sales-store.js';
import { SALE_HEADER_COLUMNS, SALE_LINE_COLUMNS, type SaleToWrite, type StoredSaleKey, type WrittenSale } from '../tables/sale-to-write.js';
import { insertSaleInOneStatement } from './sale-insert-postgres.js';
import { readSaleMpesaFacts } from './sale-mpesa-facts.js';
import type { SaleMpesaFacts } from '../rules/sale-mpesa-conflict.js';
import { toLookedUpUnit, UNIT_SALE, type UnitSaleRow } from './unit-sale-query.js';
import { insertSql, sql, type Sql } from '../unit-of-work/sql.js';
import type { Engine, Tx } from '../unit-of-work/transaction.js';

const OWNED_TABLES: Record<SaleReferenceKind, string> = {
  cashSale: 'cash_sales',
  retailShop: 'retail_shops',
  user: 'users',
  cashbook: 'cashbooks',
  paymentChannel: 'payment_channels',
  itemProduct: 'item_products',
  taxRate: 'tax_rates',
  itemSpec: 'item_specs',
};
/**
 * The company of each id the sale names (its shop, user, cashbook, channels) in one statement, its
 * text made once per list of kinds: one round trip on PostgreSQL, one call on SQLite.
 */
const ownerTexts = new Map<string, Sql>();
function ownersOf(kinds: readonly SaleReferenceKind[]): Sql {
  const key = kinds.join(',');
  let text = ownerTexts.get(key);
  if (!text) {
    const parts = kinds.map((kind, i) => `select ${i} as n, company_id from ${OWNED_TABLES[kind]} where id = ?`);
    ownerTexts.set(key, (text = sql(parts.join(' union all '))));
  }
  return text;
}

const KEY_COLUMNS = 'id, company_id, receipt_no, issue_date, idempotency_key, request_hash';
const COMPANY = sql('select time_zone from companies where id = ?');
const SALE_BY_KEY = sql(`select ${KEY_COLUMNS} from cash_sales where company_id = ? and idempotency_key = ?`);
// An update holds the sale it replaces: two updates of one sale take turns.
const SALE_HELD = sql(`select ${KEY_COLUMNS} from cash_sales where id = ? {for update}`);
/**
 * A read of rows by id, its text made once per number of ids (`id in (?, ?)`): a sale names a
 * few products and units, and looking each up by its key is cheaper than unpacking a list.
 */
function byIds(select: string, lock = '') {
  const texts = new Map<number, Sql>();
  return (ids: readonly number[]) => {
    let text = texts.get(ids.length);
    if (!text) texts.set(ids.length, (text = sql(`${select} where x.id in (${ids.map(() => '?').join(', ')}) order by x.id${lock}`)));
    return text;
  };
}
const PRODUCTS = byIds('select x.id, x.company_id, x.category_id, x.price_cents from item_products x');
const TAX_RATES = byIds('select x.id, x.company_id, x.rate_bp from tax_rates x');
// The units are held too: a sale of another company cannot take one between this read and the write.
const UNITS = byIds(
  `select x.id, x.company_id, x.product_id, x.status, x.sold_line_id, x.sale_price_cents, l.sale_id as sold_sale_id
     from item_specs x left join cash_sale_lines l on l.id = x.sold_line_id`,
  ' {for update of x}',
);
const UNIT_WITH_SALE = sql(`${UNIT_SALE} where u.id = ?`);
/** A sale paid through no channel names no M-Pesa code. */
const NO_MPESA_FACTS: SaleMpesaFacts = { channelMethod: () => undefined, mpesaCodeHolder: () => undefined };

export async function saveCashSale(engine: Engine, input: SaveCashSaleInput): Promise<SaveCashSaleResult> {
  const prepared = prepareSave(input);
  try {
    return await engine.unit('write', (tx) => saveCashSaleIn(tx, prepared), { retryOnUniqueViolation: true });
  } catch (error) {
    throw constraintRefusal(engine, error) ?? error;
  }
}

/** A prepared save inside the caller's write unit (a group commit runs many, each in a savepoint). */
export async function saveCashSaleIn(tx: Tx, prepared: PreparedSave): Promise<SaveCashSaleResult> {
  const companyId = prepared.body.companyId;
  const facts = await readSaveFacts(tx, prepared.body, prepared.key);
  const composed = composeSave(prepared, facts);
  if ('replay' in composed) return { ...composed.replay, replayed: true };
  const written = await writeSale(tx, composed.write);
  if ('unitTakenOnLine' in written) throw unitTakenError(written.unitTakenOnLine, await soldUnitMessage(tx, written.unitId, facts.companyTimeZone(companyId)));
  return { ...written, replayed: false };
}

/** Reads everything composeSave may ask of the ids the sale names, holding the units and a replaced sale. */
async function readSaveFacts(tx: Tx, body: SaveCashSaleInput['body'], key: string | undefined): Promise<SaveFacts> {
  const company = await tx.get<{ time_zone: string }>(COMPANY, [body.companyId]);
  const byKey = key === undefined ? undefined : await tx.get<StoredSaleKey>(SALE_BY_KEY, [body.companyId, key]);
  const existing = body.id === undefined ? undefined : await tx.get<StoredSaleKey>(SALE_HELD, [body.id]);
  const named: [SaleReferenceKind, number | null | undefined][] = [
    ['retailShop', body.retailShopId],
    ['user', body.userId],
    ['cashbook', body.cashbookId],
    ...(body.channelsDto ?? []).map((c): [SaleReferenceKind, number] => ['paymentChannel', c.channelId]),
  ];
  const wanted = new Map<string, [SaleReferenceKind, number]>();
  for (const [kind, id] of named) if (id !== null && id !== undefined) wanted.set(`${kind}:${id}`, [kind, id]);
  const asked = [...wanted.values()];
  const owners = new Map<string, number>();
  if (asked.length > 0) {
    const rows = await tx.all<{ n: number; company_id: number }>(
      ownersOf(asked.map(([kind]) => kind)),
      asked.map(([, id]) => id),
    );
    for (const row of rows) owners.set(`${asked[row.n]![0]}:${asked[row.n]![1]}`, row.company_id);
  }
  const lines = body.itemIssuesDto;
  const idsOf = (pick: (line: (typeof lines)[number]) => number | null | undefined) => [
    ...new Set(lines.flatMap((l) => (pick(l) === null || pick(l) === undefined ? [] : [pick(l)!]))),
  ];
  // Ids the sale does not name (units, on most sales) are not asked for: no statement, no await.
  const read = async <T extends { id: number }>(query: (ids: readonly number[]) => Sql, ids: number[]) =>
    new Map((await tx.all<T>(query(ids), ids)).map((row) => [row.id, row]));
  const none = new Map<number, never>();
  const productIds = idsOf((l) => l.itemProductId);
  const taxRateIds = idsOf((l) => l.taxRateId);
  const unitIds = idsOf((l) => l.invItemSpecsId);
  const products = productIds.length === 0 ? none : await read<ProductForSale>(PRODUCTS, productIds);
  const taxRates = taxRateIds.length === 0 ? none : await read<TaxRateForSale & { id: number }>(TAX_RATES, taxRateIds);
  const units = unitIds.length === 0 ? none : await read<UnitForSale>(UNITS, unitIds);
  const soldMessages = new Map<number, string>();
  for (const unit of units.values()) {
    if (unit.status !== 'in_stock') soldMessages.set(unit.id, await soldUnitMessage(tx, unit.id, company?.time_zone));
  }
  const mpesa = (body.channelsDto ?? []).length === 0 ? NO_MPESA_FACTS : await readSaleMpesaFacts(tx, body);
  return {
    ...mpesa,
    saleByIdempotencyKey: () => byKey,
    companyTimeZone: () => company?.time_zone,
    sale: () => existing,
    companyOf: (kind, id) => owners.get(`${kind}:${id}`),
    product: (id) => products.get(id),
    taxRate: (id) => taxRates.get(id),
    unit: (id) => units.get(id),
    soldUnitMessage: (unitId) => soldMessages.get(unitId) ?? `unit ${unitId} is already sold`,
  };
}

/** "unit 7 (IMEI ...) is already sold: receipt R000123, ...": which sale sold it, when and by whom. */
async function soldUnitMessage(tx: Tx, unitId: number, timeZone: string | undefined): Promise<string> {
  const row = await tx.get<UnitSaleRow>(UNIT_WITH_SALE, [unitId]);
  return row ? soldUnitText(toLookedUpUnit(row), timeZone ?? 'Africa/Nairobi') : `unit ${unitId} is already sold`;
}

const HEADER_COLUMNS = SALE_HEADER_COLUMNS;
const INSERT_SALE_COLUMNS = [...HEADER_COLUMNS, 'receipt_no', 'idempotency_key', 'request_hash', 'created_at'] as const;
const INSERT_SALE = insertSql(`insert into cash_sales (${INSERT_SALE_COLUMNS.join(', ')}) values (${INSERT_SALE_COLUMNS.map(() => '?').join(', ')})`);
const UPDATE_SALE = sql(`update cash_sales set ${HEADER_COLUMNS.map((c) => `${c} = ?`).join(', ')} where id = ?`);
const LINE_COLUMNS = SALE_LINE_COLUMNS;
const INSERT_LINE = insertSql(`insert into cash_sale_lines (${LINE_COLUMNS.join(', ')}) values (${LINE_COLUMNS.map(() => '?').join(', ')})`);
const NEXT_RECEIPT = sql('update companies set receipt_seq = receipt_seq + 1 where id = ? returning receipt_seq');
const RETURN_UNITS = sql(
  `update item_specs set status = 'in_stock', sold_line_id = null where sold_line_id in (select id from cash_sale_lines where sale_id = ?)`,
);
const DELETE_LINES = sql('delete from cash_sale_lines where sale_id = ?');
const DELETE_CHANNELS = sql('delete from cash_sale_channels where sale_id = ?');
const MARK_SOLD = sql(`update item_specs set status = 'sold', sold_line_id = ? where id = ? and company_id = ? and status = 'in_stock'`);
const INSERT_CHANNEL = sql(
  'insert into cash_sale_channels (sale_id, company_id, channel_id, reference_no, amount_cents, tendered_cents, mpesa_code) values (?, ?, ?, ?, ?, ?, ?)',
);

/**
 * Writes a sale: a new one takes the company's next receipt number; an update puts the units of
 * its old lines back in stock and replaces its lines and channels. Each line's unit is marked
 * sold only if still in stock: otherwise another sale took it first, whatever was read before.
 */
export async function writeSale(tx: Tx, sale: SaleToWrite): Promise<WrittenSale> {
  const { header } = sale;
  let id: number;
  let receiptNo: string;
  if (sale.replaces) {
    await tx.run(RETURN_UNITS, [sale.replaces.id]);
    await tx.run(DELETE_LINES, [sale.replaces.id]);
    await tx.run(DELETE_CHANNELS, [sale.replaces.id]);
    await tx.run(UPDATE_SALE, [...HEADER_COLUMNS.map((c) => header[c]), sale.replaces.id]);
    id = sale.replaces.id;
    receiptNo = sale.replaces.receipt_no;
  } else if (tx.engine === 'postgres') {
    // The company's row is held from the receipt number to the COMMIT: there, one round trip.
    const written = await insertSaleInOneStatement(tx, sale);
    if (!written) throw new ServiceError('invalidInput', `companyId: no company ${header.company_id}`);
    return written;
  } else {
    const seq = await tx.get<{ receipt_seq: number }>(NEXT_RECEIPT, [header.company_id]);
    if (!seq) throw new ServiceError('invalidInput', `companyId: no company ${header.company_id}`);
    receiptNo = `R${String(seq.receipt_seq).padStart(6, '0')}`;
    const created = sale.created;
    id = await tx.insertId(INSERT_SALE, [
      ...HEADER_COLUMNS.map((c) => header[c]),
      receiptNo,
      created.idempotency_key,
      created.request_hash,
      created.created_at,
    ]);
  }
  for (let i = 0; i < sale.lines.length; i++) {
    const line = {
      ...sale.lines[i]!,
      sale_id: id,
      company_id: header.company_id,
      line_no: i,
      issue_date: header.issue_date,
      retail_shop_id: header.retail_shop_id,
      user_id: header.user_id,
    };
    const lineId = await tx.insertId(
      INSERT_LINE,
      LINE_COLUMNS.map((c) => line[c]),
    );
    if (line.item_spec_id !== null && (await tx.run(MARK_SOLD, [lineId, line.item_spec_id, header.company_id])) !== 1) {
      return { unitTakenOnLine: i, unitId: line.item_spec_id };
    }
  }
  for (const channel of sale.channels) {
    await tx.run(INSERT_CHANNEL, [
      id,
      header.company_id,
      channel.channel_id,
      channel.reference_no,
      channel.amount_cents,
      channel.tendered_cents,
      channel.mpesa_code,
    ]);
  }
  return { id, receiptNo };
}

/** The guards of the sale tables, by the unique index that holds each. */
const GUARDS: Readonly<Record<string, string>> = {
  cash_sale_lines_unit: 'invalid cash sale: a serialised unit of the sale is already sold',
  item_specs_sold_line: 'invalid cash sale: a serialised unit of the sale is already sold',
  cash_sales_company_id_idempotency_key_key: 'invalid cash sale: the Idempotency-Key was already used',
  cash_sale_channels_mpesa_code: 'cash sale not saved: an M-Pesa code of the sale was already used by another sale',
};

/** A code another sale holds is a conflict (409), as the save's own check says it; the other guards refuse the input. */
const CONFLICT_GUARDS = new Set(['cash_sale_channels_mpesa_code']);

/** A broken guard of the sale tables (two saves raced past the checks), in words; undefined for any other error. */
export function constraintRefusal(engine: Engine, error: unknown): ServiceError | undefined {
  const index = engine.brokenUniqueIndex(error) ?? '';
  const guard = GUARDS[index];
  return guard === undefined ? undefined : new ServiceError(CONFLICT_GUARDS.has(index) ? 'conflict' : 'invalidInput', guard);
}
