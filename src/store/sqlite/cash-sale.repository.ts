/**
 * A cash sale's rows: writeSale writes a checked sale whole (header, lines, payment channels,
 * units marked sold, the receipt number), and the look-ups a save needs first. Everything runs
 * inside the caller's synchronous transaction (the save service opens it: transactions.ts), so a
 * failed save leaves nothing behind.
 */
import type { Store } from './open-db.js';
import { prepared } from './prepared-statements.js';
import type { SaleChannelRow, SaleHeaderRow, SaleLineRow, SaleToWrite, StoredSaleKey } from '../tables/sale-to-write.js';

/** Advances the company's receipt sequence and returns the new number (R000123). */
function nextReceiptNo(store: Store, companyId: number): string {
  const row = prepared<[number], { receipt_seq: number }>(store, 'update companies set receipt_seq = receipt_seq + 1 where id = ? returning receipt_seq').get(companyId);
  if (!row) throw new Error(`no company ${companyId}`);
  return `R${String(row.receipt_seq).padStart(6, '0')}`;
}

const KEY_COLUMNS = 'id, company_id, receipt_no, issue_date, idempotency_key, request_hash';

export function findSaleByIdempotencyKey(store: Store, companyId: number, key: string): StoredSaleKey | undefined {
  return prepared<[number, string], StoredSaleKey>(store, `select ${KEY_COLUMNS} from cash_sales where company_id = ? and idempotency_key = ?`).get(companyId, key);
}

export function findSale(store: Store, id: number): StoredSaleKey | undefined {
  return prepared<[number], StoredSaleKey>(store, `select ${KEY_COLUMNS} from cash_sales where id = ?`).get(id);
}

const HEADER_COLUMNS = [
  'company_id', 'issue_date', 'issued_to', 'issued_to_phone', 'amount_paid_cents', 'payment_method', 'transaction_type', 'ref_no', 'notes',
  'cashbook_id', 'retail_shop_id', 'user_id', 'sub_total_cents', 'total_discount_cents', 'total_tax_cents', 'total_amount_cents', 'balance_cents', 'updated_at',
] as const;

// The statements' text is made once: prepared() finds a statement by its text, and a text
// built anew on every save is hashed anew too.
const INSERT_SALE_COLUMNS = [...HEADER_COLUMNS, 'receipt_no', 'idempotency_key', 'request_hash', 'created_at'] as const;
const INSERT_SALE = `insert into cash_sales (${INSERT_SALE_COLUMNS.join(', ')}) values (${INSERT_SALE_COLUMNS.map(() => '?').join(', ')})`;
const UPDATE_SALE = `update cash_sales set ${HEADER_COLUMNS.map((c) => `${c} = ?`).join(', ')} where id = ?`;

function insertSale(store: Store, header: SaleHeaderRow, extra: { receipt_no: string; idempotency_key: string | null; request_hash: string | null; created_at: number }): number {
  const values = [...HEADER_COLUMNS.map((c) => header[c]), extra.receipt_no, extra.idempotency_key, extra.request_hash, extra.created_at];
  return Number(prepared(store, INSERT_SALE).run(values).lastInsertRowid);
}

function updateSale(store: Store, id: number, header: SaleHeaderRow): void {
  prepared(store, UPDATE_SALE).run([...HEADER_COLUMNS.map((c) => header[c]), id]);
}

/** Puts the units sold by the sale's lines back in stock, then drops its lines and channels. */
function clearSaleLines(store: Store, saleId: number): void {
  prepared(store, `update item_specs set status = 'in_stock', sold_line_id = null where sold_line_id in (select id from cash_sale_lines where sale_id = ?)`).run(saleId);
  prepared(store, 'delete from cash_sale_lines where sale_id = ?').run(saleId);
  prepared(store, 'delete from cash_sale_channels where sale_id = ?').run(saleId);
}

const LINE_COLUMNS = [
  'sale_id', 'company_id', 'line_no', 'issue_date', 'retail_shop_id', 'user_id', 'item_name', 'item_product_id', 'item_category_id', 'item_spec_id',
  'price_cents', 'original_price_cents', 'default_price_cents', 'unit_cost_cents', 'qty_milli', 'discount_cents', 'tax_inc_exc', 'tax_rate_id',
  'tax_rate_bp', 'tax_cents', 'line_total_cents', 'profit_cents',
] as const;

const INSERT_LINE = `insert into cash_sale_lines (${LINE_COLUMNS.join(', ')}) values (${LINE_COLUMNS.map(() => '?').join(', ')})`;

function insertSaleLine(store: Store, line: SaleLineRow): number {
  return Number(prepared(store, INSERT_LINE).run(LINE_COLUMNS.map((c) => line[c])).lastInsertRowid);
}

/**
 * Marks a unit sold by a line, only if it is still in stock: false means another sale took it
 * first, whatever was read before.
 */
function markUnitSold(store: Store, unitId: number, companyId: number, lineId: number): boolean {
  const result = prepared(store, `update item_specs set status = 'sold', sold_line_id = ? where id = ? and company_id = ? and status = 'in_stock'`).run(lineId, unitId, companyId);
  return result.changes === 1;
}

function insertSaleChannel(store: Store, channel: SaleChannelRow): void {
  prepared(store, 'insert into cash_sale_channels (sale_id, company_id, channel_id, reference_no, amount_cents, tendered_cents) values (?, ?, ?, ?, ?, ?)').run(
    channel.sale_id,
    channel.company_id,
    channel.channel_id,
    channel.reference_no,
    channel.amount_cents,
    channel.tendered_cents,
  );
}

export type SaleWritten =
  | { written: true; id: number; receiptNo: string }
  /** A line's unit was no longer in stock (another sale took it first): the caller refuses the sale, which rolls back what was written. */
  | { written: false; unitTakenOnLine: number; unitId: number };

/**
 * Writes a sale: a new one takes the company's next receipt number; an update puts the units of
 * its old lines back in stock and replaces its lines and channels. Each line's unit is marked
 * sold only if still in stock.
 */
export function writeSale(store: Store, sale: SaleToWrite): SaleWritten {
  const { header } = sale;
  let id: number;
  let receiptNo: string;
  if (sale.replaces) {
    clearSaleLines(store, sale.replaces.id);
    updateSale(store, sale.replaces.id, header);
    id = sale.replaces.id;
    receiptNo = sale.replaces.receipt_no;
  } else {
    receiptNo = nextReceiptNo(store, header.company_id);
    id = insertSale(store, header, { receipt_no: receiptNo, ...sale.created });
  }
  for (let i = 0; i < sale.lines.length; i++) {
    const line = sale.lines[i]!;
    const lineId = insertSaleLine(store, {
      ...line,
      sale_id: id,
      company_id: header.company_id,
      line_no: i,
      issue_date: header.issue_date,
      retail_shop_id: header.retail_shop_id,
      user_id: header.user_id,
    });
    if (line.item_spec_id !== null && !markUnitSold(store, line.item_spec_id, header.company_id, lineId)) {
      return { written: false, unitTakenOnLine: i, unitId: line.item_spec_id };
    }
  }
  for (const channel of sale.channels) insertSaleChannel(store, { ...channel, sale_id: id, company_id: header.company_id });
  return { written: true, id, receiptNo };
}
