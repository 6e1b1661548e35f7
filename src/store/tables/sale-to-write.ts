/**
 * A checked cash sale as the rows every backend writes (the same tables on each), and the key
 * columns of a stored sale a save looks at first.
 */
import type { CashSaleChannelsTable, CashSaleLinesTable, CashSalesTable } from './sales.js';

export type SaleHeaderRow = Omit<CashSalesTable, 'id' | 'receipt_no' | 'idempotency_key' | 'request_hash' | 'created_at'>;

export type SaleLineRow = Omit<CashSaleLinesTable, 'id'>;

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
