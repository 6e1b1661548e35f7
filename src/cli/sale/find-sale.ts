/**
 * Finds one sale and its lines through the interface's lists, which have no "get by id": the
 * company's sales are walked page by page, newest first, until the id turns up; then the sale
 * item list (narrowed to the sale's shop) is walked for its lines. A line names its sale in
 * batchItemIssueId; where a server leaves that empty, a line is the sale's when it carries the
 * sale's own header (issue date to the millisecond, customer, reference, shop, sales person).
 */
import type { Page } from '../../client/client.js';
import { walkPages, type PagingStyle } from '../../client/paging.js';
import {
  cashSaleListKey,
  isCashSaleRecord,
  isSaleItemRecord,
  type CashSaleListRecord,
  type CashSaleRecord,
  type SaleItemListQuery,
  type SaleItemRecord,
} from '../../contract/cash-sale.js';
import type { Loose } from '../../client/validate.js';

export interface SaleLists {
  listCashSales(query: { companyId: number; start: number; limit: number; after?: string }): Promise<Page<CashSaleListRecord>>;
  listSaleItems(query: SaleItemListQuery & { after?: string }): Promise<Page<SaleItemRecord>>;
}

export interface WalkSettings {
  pageSize?: number;
  style?: PagingStyle;
}

export type FoundSale = Loose<CashSaleRecord> & { id: number };
export type FoundLine = Loose<SaleItemRecord>;

/** A sale named by its id (123) or by its receipt number (R000123, any letter case). */
export type SaleKey = { id: number } | { receiptNo: string };

/** `123` is a sale id; `R000123` (letters, then digits) a receipt number. Undefined for anything else. */
export function parseSaleKey(text: string): SaleKey | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed) && Number(trimmed) >= 1 && Number.isSafeInteger(Number(trimmed))) return { id: Number(trimmed) };
  if (/^[A-Za-z]+-?\d+$/.test(trimmed)) return { receiptNo: trimmed.toUpperCase() };
  return undefined;
}

export async function findSale(api: SaleLists, companyId: number, key: number | SaleKey, settings: WalkSettings = {}): Promise<FoundSale | undefined> {
  const wanted: SaleKey = typeof key === 'number' ? { id: key } : key;
  const matches = (record: { id?: unknown; receiptNo?: unknown }) =>
    'id' in wanted ? record.id === wanted.id : typeof record.receiptNo === 'string' && record.receiptNo.toUpperCase() === wanted.receiptNo;
  const pages = walkPages((start, limit, after) => api.listCashSales({ companyId, start, limit, after }), {
    pageSize: settings.pageSize ?? 1000,
    style: settings.style,
    identity: cashSaleListKey,
    counts: isCashSaleRecord,
  });
  for await (const record of pages) {
    if (matches(record) && typeof record.id === 'number' && !isSaleItemRecord(record as CashSaleListRecord)) return record as FoundSale;
  }
  return undefined;
}

export interface SaleLines {
  lines: FoundLine[];
  /** How the lines were told apart from other sales' lines. */
  matchedBy: 'batchItemIssueId' | 'header' | 'none';
}

export async function findSaleLines(api: SaleLists, companyId: number, sale: FoundSale, settings: WalkSettings = {}): Promise<SaleLines> {
  const query = (start: number, limit: number, after?: string): SaleItemListQuery & { after?: string } =>
    sale.retailShopId ? { companyId, retailShopId: sale.retailShopId, start, limit, after } : { companyId, start, limit, after };
  const pages = walkPages((start, limit, after) => api.listSaleItems(query(start, limit, after)), {
    pageSize: settings.pageSize ?? 1000,
    style: settings.style,
  });
  const lines: FoundLine[] = [];
  let byId = 0;
  let byHeader = 0;
  let previousDate = Infinity;
  let ordered = true;
  for await (const line of pages) {
    const date = line.issueDate ?? NaN;
    ordered &&= date <= previousDate;
    previousDate = date;
    // Newest first: once the list is past the sale's moment, no later line can be the sale's.
    if (ordered && typeof sale.issueDate === 'number' && date < sale.issueDate) break;
    if (line.batchItemIssueId !== null && line.batchItemIssueId !== undefined) {
      if (line.batchItemIssueId === sale.id) {
        lines.push(line);
        byId++;
      }
    } else if (sameHeader(line, sale)) {
      lines.push(line);
      byHeader++;
    }
  }
  // The list is newest first, lines within a sale by id descending: print them in the order sold.
  lines.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  return { lines, matchedBy: byId > 0 ? 'batchItemIssueId' : byHeader > 0 ? 'header' : 'none' };
}

function sameHeader(line: FoundLine, sale: FoundSale): boolean {
  const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
  return (
    line.issueDate === sale.issueDate &&
    same(line.refNo, sale.refNo) &&
    same(line.issuedTo, sale.issuedTo) &&
    same(line.issuedToPhone, sale.issuedToPhone) &&
    same(line.retailShopId, sale.retailShopId) &&
    same(line.userId, sale.userId) &&
    same(line.companyId, sale.companyId)
  );
}
