/**
 * A checked cash sale as the rows every backend writes (the same tables on each), and the key
 * columns of a stored sale a save looks at first.
 */
import type { CashSaleChannelsTable, CashSaleLinesTable, CashSalesTable } from './sales.js';

export type SaleHeaderRow = Omit<CashSalesTable, 'id' | 'receipt_no' | 'idempotency_key' | 'request_hash' | 'created_at'>;

/** The header's columns in the order the sale's statements bind them. */
export const SALE_HEADER_COLUMNS = [
  'company_id',
  'issue_date',
  'issued_to',
  'issued_to_phone',
  'amount_paid_cents',
  'payment_method',
  'transaction_type',
  'ref_no',
  'notes',
  'cashbook_id',
  'retail_shop_id',
  'user_id',
  'sub_total_cents',
  'total_discount_cents',
  'total_tax_cents',
  'total_amount_cents',
  'balance_cents',
  'updated_at',
] as const satisfies readonly (keyof SaleHeaderRow)[];

export type SaleLineRow = Omit<CashSaleLinesTable, 'id'>;

/** A sale line's columns as both the save and the demo write them (the id aside). */
export const SALE_LINE_COLUMNS = [
  'sale_id',
  'company_id',
  'line_no',
  'issue_date',
  'retail_shop_id',
  'user_id',
  'item_name',
  'item_product_id',
  'item_category_id',
  'item_spec_id',
  'price_cents',
  'original_price_cents',
  'default_price_cents',
  'unit_cost_cents',
  'qty_milli',
  'discount_cents',
  'tax_inc_exc',
  'tax_rate_id',
  'tax_rate_bp',
  'tax_cents',
  'line_total_cents',
  'profit_cents',
] as const satisfies readonly (keyof SaleLineRow)[];

export type SaleChannelRow = Omit<CashSaleChannelsTable, 'id'>;

export interface StoredSaleKey {
  id: number;
  company_id: number;
  receipt_no: string;
  issue_date: number;
  idempotency_key: string | null;
  request_hash: string | null;
}

/** What a line of the sale carries of its own; the rest of its row is the sale's. */
export type SaleLineFields = Omit<SaleLineRow, 'sale_id' | 'company_id' | 'line_no' | 'issue_date' | 'retail_shop_id' | 'user_id'>;

export type SaleChannelFields = Omit<SaleChannelRow, 'sale_id' | 'company_id'>;

/** A checked sale as rows. */
export interface SaleToWrite {
  header: SaleHeaderRow;
  lines: readonly SaleLineFields[];
  channels: readonly SaleChannelFields[];
  /** The sale an update replaces: its lines are replaced, its receipt number kept. */
  replaces?: { id: number; receipt_no: string };
  /** Kept with a new sale: its Idempotency-Key and request hash (null without a key), when it was made. */
  created: { idempotency_key: string | null; request_hash: string | null; created_at: number };
}

/** What writing a sale answers: its id and receipt number, or the first line whose unit another sale took first. */
export type WrittenSale = { id: number; receiptNo: string } | { unitTakenOnLine: number; unitId: number };
