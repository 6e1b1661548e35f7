/**
 * Saving a cash sale on PostgreSQL, one unit of work on a connection of its own: the same
 * decision as every backend's (services/sale-composition.ts), over facts read first.
 *
 * The rules hold across instances because the database holds them:
 * - the company's row is locked first (SELECT ... FOR UPDATE), so the saves of one company
 *   take their turn: the receipt sequence advances without gaps, and a key sent again to
 *   another instance finds the first save committed (each statement of READ COMMITTED reads
 *   what committed before it);
 * - a unit is marked sold only if still in stock, and a unique index allows one live sale line
 *   per unit; an Idempotency-Key is unique per company: a race past the checks fails on them
 *   and is refused in words (invalid input), the transaction rolled back whole.
 */
import type pg from 'pg';
import { soldUnitText } from '../../domain/sold-unit-text.js';
import type { ProductForSale, SaleReferenceKind, TaxRateForSale, UnitForSale } from '../../domain/sale-references.js';
import { composeSave, prepareSave, unitTakenError, type SaveFacts } from '../../services/sale-composition.js';
import { ServiceError } from '../../services/service-error.js';
import type { SaveCashSaleInput, SaveCashSaleResult } from '../sales-store.js';
import type { SaleToWrite, StoredSaleKey } from '../tables/sale-to-write.js';
import { safeNumber } from './pg-numbers.js';
import { rowsOf as rows } from './pg-rows.js';
import { inTransaction } from './pg-unit-of-work.js';
import { UNIT_SALE } from '../unit-sale-query.js';
import { lookedUpUnitOf } from './pg-unit-lookup.js';

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

const KEY_COLUMNS = 'id, company_id, receipt_no, issue_date, idempotency_key, request_hash';

export async function saveCashSaleOnPostgres(pool: pg.Pool, input: SaveCashSaleInput): Promise<SaveCashSaleResult> {
  const prepared = prepareSave(input);
  const companyId = prepared.body.companyId;
  try {
    return await inTransaction(pool, async (client) => {
      const facts = await readSaveFacts(client, prepared.body, prepared.key);
      const composed = composeSave(prepared, facts);
      if ('replay' in composed) return { ...composed.replay, replayed: true };
      const written = await writeSale(client, composed.write);
      if ('unitTakenOnLine' in written) {
        throw unitTakenError(written.unitTakenOnLine, await soldUnitMessage(client, written.unitId, facts.companyTimeZone(companyId)));
      }
      return { ...written, replayed: false };
    });
  } catch (error) {
    throw constraintRefusal(error) ?? error;
  }
}


/** Reads, the company's row locked first, everything composeSave may ask of the ids the sale names. */
async function readSaveFacts(client: pg.PoolClient, body: SaveCashSaleInput['body'], key: string | undefined): Promise<SaveFacts> {
  const company = (await rows<{ time_zone: string }>(client, 'select time_zone from companies where id = $1 for update', [body.companyId]))[0];
  const byKey = key === undefined ? [] : await rows<StoredSaleKey>(client, `select ${KEY_COLUMNS} from cash_sales where company_id = $1 and idempotency_key = $2`, [body.companyId, key]);
  const existing = body.id === undefined ? [] : await rows<StoredSaleKey>(client, `select ${KEY_COLUMNS} from cash_sales where id = $1`, [body.id]);

  const named: [SaleReferenceKind, number | null | undefined][] = [
    ['retailShop', body.retailShopId],
    ['user', body.userId],
    ['cashbook', body.cashbookId],
    ...(body.channelsDto ?? []).map((c): [SaleReferenceKind, number] => ['paymentChannel', c.channelId]),
  ];
  const owners = new Map<string, number>();
  for (const [kind, id] of named) {
    if (id === null || id === undefined || owners.has(`${kind}:${id}`)) continue;
    const owner = (await rows<{ company_id: number }>(client, `select company_id from ${OWNED_TABLES[kind]} where id = $1`, [id]))[0];
    if (owner) owners.set(`${kind}:${id}`, owner.company_id);
  }
  const productIds = [...new Set(body.itemIssuesDto.map((l) => l.itemProductId))];
  const taxRateIds = [...new Set(body.itemIssuesDto.flatMap((l) => (l.taxRateId === null || l.taxRateId === undefined ? [] : [l.taxRateId])))];
  const unitIds = [...new Set(body.itemIssuesDto.flatMap((l) => (l.invItemSpecsId === null || l.invItemSpecsId === undefined ? [] : [l.invItemSpecsId])))];
  const products = new Map(
    (await rows<ProductForSale>(client, 'select id, company_id, category_id, price_cents from item_products where id = any($1)', [productIds])).map((p) => [p.id, p]),
  );
  const taxRates = new Map(
    (await rows<TaxRateForSale & { id: number }>(client, 'select id, company_id, rate_bp from tax_rates where id = any($1)', [taxRateIds])).map((t) => [t.id, t]),
  );
  // The units are locked too: a sale of another company cannot take one between this read and the write.
  const units = new Map(
    (
      await rows<UnitForSale>(
        client,
        `select u.id, u.company_id, u.product_id, u.status, u.sold_line_id, u.sale_price_cents, l.sale_id as sold_sale_id
           from item_specs u left join cash_sale_lines l on l.id = u.sold_line_id
          where u.id = any($1) order by u.id for update of u`,
        [unitIds],
      )
    ).map((u) => [u.id, u]),
  );
  const soldMessages = new Map<number, string>();
  for (const unit of units.values()) {
    if (unit.status !== 'in_stock') soldMessages.set(unit.id, await soldUnitMessage(client, unit.id, company?.time_zone));
  }
  return {
    saleByIdempotencyKey: () => byKey[0],
    companyTimeZone: () => company?.time_zone,
    sale: () => existing[0],
    companyOf: (kind, id) => owners.get(`${kind}:${id}`),
    product: (id) => products.get(id),
    taxRate: (id) => taxRates.get(id),
    unit: (id) => units.get(id),
    soldUnitMessage: (unitId) => soldMessages.get(unitId) ?? `unit ${unitId} is already sold`,
  };
}

/** "unit 7 (IMEI ...) is already sold: receipt R000123, ...", as SQLite's save says it. */
async function soldUnitMessage(client: pg.PoolClient, unitId: number, timeZone: string | undefined): Promise<string> {
  const row = (await client.query(`${UNIT_SALE} where u.id = $1`, [unitId])).rows[0] as Record<string, unknown> | undefined;
  return row ? soldUnitText(lookedUpUnitOf(row), timeZone ?? 'Africa/Nairobi') : `unit ${unitId} is already sold`;
}

const HEADER_COLUMNS = [
  'company_id', 'issue_date', 'issued_to', 'issued_to_phone', 'amount_paid_cents', 'payment_method', 'transaction_type', 'ref_no', 'notes',
  'cashbook_id', 'retail_shop_id', 'user_id', 'sub_total_cents', 'total_discount_cents', 'total_tax_cents', 'total_amount_cents', 'balance_cents', 'updated_at',
] as const;
const INSERT_SALE_COLUMNS = [...HEADER_COLUMNS, 'receipt_no', 'idempotency_key', 'request_hash', 'created_at'] as const;
const INSERT_SALE = `insert into cash_sales (${INSERT_SALE_COLUMNS.join(', ')}) values (${INSERT_SALE_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) returning id`;
const UPDATE_SALE = `update cash_sales set ${HEADER_COLUMNS.map((c, i) => `${c} = $${i + 1}`).join(', ')} where id = $${HEADER_COLUMNS.length + 1}`;
const LINE_COLUMNS = [
  'sale_id', 'company_id', 'line_no', 'issue_date', 'retail_shop_id', 'user_id', 'item_name', 'item_product_id', 'item_category_id', 'item_spec_id',
  'price_cents', 'original_price_cents', 'default_price_cents', 'unit_cost_cents', 'qty_milli', 'discount_cents', 'tax_inc_exc', 'tax_rate_id',
  'tax_rate_bp', 'tax_cents', 'line_total_cents', 'profit_cents',
] as const;
const INSERT_LINE = `insert into cash_sale_lines (${LINE_COLUMNS.join(', ')}) values (${LINE_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) returning id`;

type Written = { id: number; receiptNo: string } | { unitTakenOnLine: number; unitId: number };

/** The same writes as SQLite's writeSale (store/sqlite/cash-sale.repository.ts), in the same order. */
async function writeSale(client: pg.PoolClient, sale: SaleToWrite): Promise<Written> {
  const { header } = sale;
  let id: number;
  let receiptNo: string;
  if (sale.replaces) {
    await client.query(`update item_specs set status = 'in_stock', sold_line_id = null where sold_line_id in (select id from cash_sale_lines where sale_id = $1)`, [sale.replaces.id]);
    await client.query('delete from cash_sale_lines where sale_id = $1', [sale.replaces.id]);
    await client.query('delete from cash_sale_channels where sale_id = $1', [sale.replaces.id]);
    await client.query(UPDATE_SALE, [...HEADER_COLUMNS.map((c) => header[c]), sale.replaces.id]);
    id = sale.replaces.id;
    receiptNo = sale.replaces.receipt_no;
  } else {
    const seq = (await client.query('update companies set receipt_seq = receipt_seq + 1 where id = $1 returning receipt_seq', [header.company_id])).rows[0] as { receipt_seq: bigint } | undefined;
    if (!seq) throw new ServiceError('invalidInput', `companyId: no company ${header.company_id}`);
    receiptNo = `R${String(safeNumber(seq.receipt_seq)).padStart(6, '0')}`;
    const created = sale.created;
    const inserted = await client.query(INSERT_SALE, [...HEADER_COLUMNS.map((c) => header[c]), receiptNo, created.idempotency_key, created.request_hash, created.created_at]);
    id = safeNumber((inserted.rows[0] as { id: bigint }).id);
  }
  for (let i = 0; i < sale.lines.length; i++) {
    const line = { ...sale.lines[i]!, sale_id: id, company_id: header.company_id, line_no: i, issue_date: header.issue_date, retail_shop_id: header.retail_shop_id, user_id: header.user_id };
    const lineId = safeNumber(((await client.query(INSERT_LINE, LINE_COLUMNS.map((c) => line[c]))).rows[0] as { id: bigint }).id);
    if (line.item_spec_id !== null) {
      const marked = await client.query(`update item_specs set status = 'sold', sold_line_id = $1 where id = $2 and company_id = $3 and status = 'in_stock'`, [lineId, line.item_spec_id, header.company_id]);
      if (marked.rowCount !== 1) return { unitTakenOnLine: i, unitId: line.item_spec_id };
    }
  }
  for (const channel of sale.channels) {
    await client.query('insert into cash_sale_channels (sale_id, company_id, channel_id, reference_no, amount_cents, tendered_cents) values ($1, $2, $3, $4, $5, $6)', [
      id, header.company_id, channel.channel_id, channel.reference_no, channel.amount_cents, channel.tendered_cents,
    ]);
  }
  return { id, receiptNo };
}

/** A unique violation (23505) of the sale tables' guards, in words; undefined for any other error. */
function constraintRefusal(error: unknown): ServiceError | undefined {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  if (code !== '23505') return undefined;
  if (constraint === 'cash_sale_lines_unit' || constraint === 'item_specs_sold_line') return new ServiceError('invalidInput', 'invalid cash sale: a serialised unit of the sale is already sold');
  if (constraint === 'cash_sales_company_id_idempotency_key_key') return new ServiceError('invalidInput', 'invalid cash sale: the Idempotency-Key was already used');
  return undefined;
}
