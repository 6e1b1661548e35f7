/**
 * The sales area of the store interface (shop-store.ts): saves, the sale lists, receipt specs and
 * the look-ups a till makes. Every method is one unit of work of the backend.
 */
import type { SaveCashSaleBody } from '../contract/cash-sale.js';
import type { EnvelopeOf } from '../contract/common.js';
import type { ItemCatalogSpecRecord } from '../contract/receipt.js';
import type { ReferenceData } from '../contract/reference-data.js';
import type { SalePayment } from '../contract/sale-payments.js';
import type { LookedUpUnit } from '../contract/unit-lookup.js';
import type { IssueDateWindow } from '../domain/issue-date-window.js';

export interface SaveCashSaleInput {
  body: SaveCashSaleBody;
  /** The Idempotency-Key header, if sent. */
  idempotencyKey?: string;
  /** The caller's company; null for the local admin of the store. */
  callerCompanyId: number | null;
  now?: number;
  /** The issue dates accepted (default: 2000-01-01 to a day ahead of the clock). */
  issueDateWindow?: IssueDateWindow;
}

export interface SaveCashSaleResult {
  id: number;
  receiptNo: string;
  /** True when an earlier request with the same key and body had saved it. */
  replayed: boolean;
}

export interface GroupCommitOptions {
  /** How long a save may wait for the store's write lock (milliseconds). */
  lockWaitMs?: number;
  /** The clock that wait is measured on (epoch ms); Date.now by default. */
  now?: () => number;
}

export interface Paging {
  start?: number;
  limit?: number;
  /** The record the previous page ended at (from X-Next-After): read after it, not from start. */
  afterDate?: number;
  afterId?: number;
}

/** An envelope whose records are JSON texts: `list` joins into the reply's array as it is. */
export interface JsonEnvelope {
  count: number;
  list: string[];
  /** Where a page ended ("issueDate.id"), for the next page's `after` (sent as X-Next-After). */
  nextAfter?: string;
}

export interface CashSaleListFilter extends Paging {
  companyId?: number;
  retailShopId?: number;
  salesPersonId?: number;
  /** The company the shop or sales person belongs to, for remembering page positions. */
  ownerCompanyId?: number;
}

export interface SaleItemListFilter extends Paging {
  companyId: number;
  retailShopId?: number;
  salesPersonId?: number;
  itemId?: number;
  itemCategoryId?: number;
}

export interface ReceiptSpecsFilter {
  companyId: number;
  start?: number;
  limit?: number;
  /** The unit the previous page ended at (from X-Next-After). */
  afterId?: number;
}

/** A page of units in stock, and where it ended when paged. */
export type ReceiptSpecsPage = EnvelopeOf<ItemCatalogSpecRecord> & { nextAfter?: string };

export interface SalesStore {
  /**
   * Saves a cash sale whole or not at all: the Idempotency-Key honoured, the amounts checked,
   * the next receipt number of the company taken, its serialised units marked sold. Resolves once
   * the sale is durable. Refusals are ServiceErrors (405 invalid input, 403, 503 busy).
   */
  saveCashSale(input: SaveCashSaleInput, options?: GroupCommitOptions): Promise<SaveCashSaleResult>;
  /** A page of the cash sale list (or every record), records as the wire's JSON texts. */
  listCashSales(filter: CashSaleListFilter): Promise<JsonEnvelope>;
  /** A page of the sale item list, records as the wire's JSON texts. */
  listSaleItems(filter: SaleItemListFilter): Promise<JsonEnvelope>;
  /** The company's serialised units in stock (the receipt list), oldest first. */
  receiptSpecs(filter: ReceiptSpecsFilter): Promise<ReceiptSpecsPage>;
  /** The payment channels of the company's sales named. */
  salePayments(companyId: number, saleIds: readonly number[]): Promise<SalePayment[]>;
  /** The company's units whose IMEI or serial number is exactly `identifier`, with the sale that sold each. */
  unitsByIdentifier(companyId: number, identifier: string): Promise<LookedUpUnit[]>;
  /** What a till keeps of the company to sell offline, read at one moment; undefined: no such company. */
  referenceData(companyId: number, unitIds: readonly number[]): Promise<ReferenceData | undefined>;
}
