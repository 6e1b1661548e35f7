/**
 * Saving a cash sale (create, or update when id is sent) in ONE synchronous SQLite transaction:
 * recompute the amounts with the domain rules, check every referenced id belongs to the
 * company, assign the receipt number, mark serialised units sold (guarded by the database),
 * and honour the Idempotency-Key. Any failure rolls everything back, receipt number included.
 *
 * Saves that arrive together are committed together (saveCashSales, scheduled by
 * sale-group-commit.ts): one transaction, each sale in its own savepoint, one fsync for all.
 */
import { createHash } from 'node:crypto';
import type SqliteDatabase from 'better-sqlite3';
import type { SaveCashSaleBody } from '../contract/cash-sale.js';
import { issueDateOf } from '../domain/issue-date.js';
import { issueDateOutsideWindow, type IssueDateWindow } from '../domain/issue-date-window.js';
import { fromBasisPoints } from '../domain/money.js';
import { checkSale, describeProblems } from '../domain/sale-check.js';
import type { SaleProblem } from '../domain/sent-amount.js';
import { soldUnitText } from '../domain/sold-unit-text.js';
import {
  clearSaleLines,
  findSale,
  findSaleByIdempotencyKey,
  insertSale,
  insertSaleChannel,
  insertSaleLine,
  markUnitSold,
  nextReceiptNo,
  updateSale,
  type SaleHeaderRow,
} from '../store/cash-sale.repository.js';
import type { Store } from '../store/open-db.js';
import { companyOf, companyTimeZone, productForSale, taxRateForSale, unitForSale, type OwnedKind, type ProductForSale, type UnitForSale } from '../store/sales-reference.repository.js';
import { unitWithSale } from '../store/unit-sale.repository.js';
import { ServiceError } from './service-error.js';

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

const MAX_KEY_LENGTH = 200;
const MAX_BODY_DEPTH = 32;

/**
 * Unknown fields are not validated, so a client can nest them arbitrarily deep: refuse that as
 * input rather than overflow the stack walking them (a sale itself is 3 levels deep).
 */
function assertShallow(value: unknown, depth = 0): void {
  if (depth > MAX_BODY_DEPTH) throw new ServiceError('invalidInput', `the request body is nested more than ${MAX_BODY_DEPTH} levels deep`);
  if (value && typeof value === 'object') for (const item of Object.values(value)) assertShallow(item, depth + 1);
}

/** A stable hash of the request body: key order does not matter, values do. */
export function requestHash(body: unknown): string {
  assertShallow(body);
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.keys(value as object).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
    }
    return value;
  };
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');
}

export function saveCashSale(store: Store, input: SaveCashSaleInput): SaveCashSaleResult {
  const { body } = input;
  const key = input.idempotencyKey?.trim() || undefined;
  if (key !== undefined && key.length > MAX_KEY_LENGTH) {
    throw new ServiceError('invalidInput', `Idempotency-Key is longer than ${MAX_KEY_LENGTH} characters`);
  }
  if (input.callerCompanyId !== null && input.callerCompanyId !== body.companyId) {
    throw new ServiceError('forbidden', `company ${body.companyId} is not the company of this token`);
  }
  // Only a keyed save is compared with an earlier request: the hash costs as much as checking
  // the sale. Either way a body nested too deep is refused.
  let hash = '';
  if (key !== undefined) hash = requestHash(body);
  else assertShallow(body);
  const now = input.now ?? Date.now();
  const checked = checkSale(body);

  try {
    return writeSale(store, input, { key, hash, now, checked });
  } catch (error) {
    const constraint = describeConstraintFailure(error);
    if (constraint) throw new ServiceError('invalidInput', `invalid cash sale: ${constraint}`);
    throw error;
  }
}

function writeSale(
  store: Store,
  input: SaveCashSaleInput,
  { key, hash, now, checked }: { key: string | undefined; hash: string; now: number; checked: ReturnType<typeof checkSale> },
): SaveCashSaleResult {
  const { body } = input;
  // IMMEDIATE takes the write lock first, so what is read below is still true at the write.
  return immediateTransaction(store, (): SaveCashSaleResult => {
    if (key !== undefined) {
      const earlier = findSaleByIdempotencyKey(store, body.companyId, key);
      if (earlier) {
        if (earlier.request_hash !== hash) {
          throw new ServiceError('invalidInput', `Idempotency-Key ${key} was already used for a different request (sale ${earlier.id}, ${earlier.receipt_no}); send a new key for a new sale`);
        }
        return { id: earlier.id, receiptNo: earlier.receipt_no, replayed: true };
      }
    }

    const timeZone = companyTimeZone(store, body.companyId);
    if (timeZone === undefined) throw new ServiceError('invalidInput', `companyId: no company ${body.companyId}`);

    const problems: SaleProblem[] = [];
    const foreign: string[] = [];
    /** Checks an id's owner: another company's id is refused (403), an unknown one is a problem (405). */
    const owned = (field: string, kind: OwnedKind, id: number | null | undefined, owner?: number): boolean => {
      if (id === null || id === undefined) return false;
      const company = owner ?? companyOf(store, kind, id);
      if (company === undefined) {
        problems.push({ field, sent: id, message: `${field}: no ${kind} ${id}` });
        return false;
      }
      if (company !== body.companyId) {
        foreign.push(`${field} ${id}`);
        return false;
      }
      return true;
    };

    const existing = body.id !== undefined ? findSale(store, body.id) : undefined;
    if (body.id !== undefined) owned('id', 'cashSale', body.id, existing?.company_id);
    owned('retailShopId', 'retailShop', body.retailShopId);
    owned('userId', 'user', body.userId);
    owned('cashbookId', 'cashbook', body.cashbookId);
    (body.channelsDto ?? []).forEach((channel, i) => owned(`channelsDto[${i}].channelId`, 'paymentChannel', channel.channelId));

    const products: (ProductForSale | undefined)[] = [];
    const units: (UnitForSale | undefined)[] = [];
    body.itemIssuesDto.forEach((line, i) => {
      const at = (name: string) => `itemIssuesDto[${i}].${name}`;
      const product = productForSale(store, line.itemProductId);
      products.push(owned(at('itemProductId'), 'itemProduct', line.itemProductId, product?.company_id) ? product : undefined);
      if (line.taxRateId !== null && line.taxRateId !== undefined) {
        const rate = taxRateForSale(store, line.taxRateId);
        if (owned(at('taxRateId'), 'taxRate', line.taxRateId, rate?.company_id) && rate && checked.lines[i]!.terms.taxRateBp !== rate.rate_bp) {
          problems.push({ field: at('taxRate'), sent: line.taxRate, expected: fromBasisPoints(rate.rate_bp), message: `${at('taxRate')} is ${line.taxRate}, expected ${fromBasisPoints(rate.rate_bp)} (tax rate ${line.taxRateId})` });
        }
      }
      const unitId = line.invItemSpecsId;
      if (unitId !== null && unitId !== undefined) {
        const unit = unitForSale(store, unitId);
        units[i] = unit;
        if (owned(at('invItemSpecsId'), 'itemSpec', unitId, unit?.company_id) && unit) {
          if (unit.product_id !== line.itemProductId) {
            problems.push({ field: at('invItemSpecsId'), sent: unitId, message: `${at('invItemSpecsId')}: unit ${unitId} is a unit of product ${unit.product_id}, not of itemProductId ${line.itemProductId}` });
          }
          const soldHere = existing !== undefined && unit.sold_sale_id === existing.id;
          if (unit.status !== 'in_stock' && !soldHere) {
            problems.push({ field: at('invItemSpecsId'), sent: unitId, message: `${at('invItemSpecsId')}: ${soldUnitMessage(store, unitId, body.companyId)}` });
          }
        }
      }
    });

    if (foreign.length > 0) throw new ServiceError('forbidden', `not of company ${body.companyId}: ${foreign.join(', ')}`);
    const issueDate = body.issueDate === undefined && existing ? existing.issue_date : issueDateOf(body.issueDate, timeZone, now);
    if (issueDate === undefined) problems.push({ field: 'issueDate', sent: body.issueDate, message: `issueDate ${body.issueDate} is not a calendar date (YYYY-MM-dd)` });
    else if (body.issueDate !== undefined) {
      const outside = issueDateOutsideWindow(body.issueDate, issueDate, now, input.issueDateWindow);
      if (outside) problems.push(outside);
    }
    const all = [...checked.problems, ...problems];
    if (all.length > 0) throw new ServiceError('invalidInput', `invalid cash sale: ${describeProblems(all)}`, all);

    const header: SaleHeaderRow = {
      company_id: body.companyId,
      issue_date: issueDate!,
      issued_to: body.issuedTo,
      issued_to_phone: body.issuedToPhone,
      amount_paid_cents: checked.amountPaidCents,
      payment_method: body.paymentMethod,
      transaction_type: body.transactionType,
      ref_no: body.refNo,
      notes: body.notes,
      cashbook_id: body.cashbookId,
      retail_shop_id: body.retailShopId,
      user_id: body.userId,
      sub_total_cents: checked.totals.subTotalCents,
      total_discount_cents: checked.totals.totalDiscountCents,
      total_tax_cents: checked.totals.totalTaxCents,
      total_amount_cents: checked.totals.totalAmountCents,
      balance_cents: checked.balanceCents,
      updated_at: now,
    };

    let id: number;
    let receiptNo: string;
    if (existing) {
      // Units of the old lines go back to stock; the lines are replaced; the receipt stays.
      clearSaleLines(store, existing.id);
      updateSale(store, existing.id, header);
      id = existing.id;
      receiptNo = existing.receipt_no;
    } else {
      receiptNo = nextReceiptNo(store, body.companyId);
      id = insertSale(store, header, { receipt_no: receiptNo, idempotency_key: key ?? null, request_hash: key ? hash : null, created_at: now });
    }

    body.itemIssuesDto.forEach((line, i) => {
      const { terms, amounts } = checked.lines[i]!;
      const product = products[i]!;
      const unitId = line.invItemSpecsId ?? null;
      const lineId = insertSaleLine(store, {
        sale_id: id,
        company_id: body.companyId,
        line_no: i,
        issue_date: header.issue_date,
        retail_shop_id: body.retailShopId,
        user_id: body.userId,
        item_name: line.item,
        item_product_id: line.itemProductId,
        item_category_id: product.category_id,
        item_spec_id: unitId,
        price_cents: terms.priceCents,
        original_price_cents: units[i]?.sale_price_cents ?? product.price_cents,
        default_price_cents: product.price_cents,
        unit_cost_cents: terms.unitCostCents,
        qty_milli: terms.qtyMilli,
        discount_cents: terms.discountCents,
        tax_inc_exc: terms.taxIncExc,
        tax_rate_id: line.taxRateId ?? null,
        tax_rate_bp: terms.taxRateBp,
        tax_cents: amounts.taxCents,
        line_total_cents: amounts.lineTotalCents,
        profit_cents: amounts.profitCents,
      });
      if (unitId !== null && !markUnitSold(store, unitId, body.companyId, lineId)) {
        throw new ServiceError('invalidInput', `invalid cash sale: itemIssuesDto[${i}].invItemSpecsId: ${soldUnitMessage(store, unitId, body.companyId)}`);
      }
    });
    (body.channelsDto ?? []).forEach((channel, i) => {
      insertSaleChannel(store, { sale_id: id, company_id: body.companyId, channel_id: channel.channelId, reference_no: channel.referenceNo, amount_cents: checked.channelCents[i]!, tendered_cents: checked.tenderedCents[i] ?? null });
    });
    return { id, receiptNo, replayed: false };
  });
}

type Work = () => unknown;
const transactionRunners = new WeakMap<Store, SqliteDatabase.Transaction<(work: Work) => unknown>>();

/**
 * Runs `work` in a BEGIN IMMEDIATE transaction, or in a savepoint when one is open. The wrapper
 * is made once per store: better-sqlite3 builds several functions for every transaction made.
 */
function immediateTransaction<T>(store: Store, work: () => T): T {
  let run = transactionRunners.get(store);
  if (!run) {
    run = store.sqlite.transaction((inner: Work) => inner());
    transactionRunners.set(store, run);
  }
  return run.immediate(work) as T;
}

export type SaveOutcome = { ok: true; result: SaveCashSaleResult } | { ok: false; error: unknown };

/**
 * Several saves in ONE transaction, each in a savepoint of its own (saveCashSale's transaction
 * nests as one): a save that fails rolls back only its own writes, its receipt number included,
 * so the numbers stay gap-free; the rest commit together. When the transaction itself fails
 * (BEGIN, COMMIT, or an error after which SQLite abandoned it) this throws: no save was written.
 */
export function saveCashSales(store: Store, inputs: readonly SaveCashSaleInput[]): SaveOutcome[] {
  return store.sqlite
    .transaction((): SaveOutcome[] =>
      inputs.map((input): SaveOutcome => {
        try {
          return { ok: true, result: saveCashSale(store, input) };
        } catch (error) {
          if (!store.sqlite.inTransaction) throw error;
          return { ok: false, error };
        }
      }),
    )
    .immediate();
}

/** A unique-constraint failure of the sale tables, in words, or undefined for any other error. */
function describeConstraintFailure(error: unknown): string | undefined {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message ?? '';
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' && message.includes('cash_sale_lines.item_spec_id')) return 'a serialised unit of the sale is already sold';
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' && message.includes('cash_sales.company_id, cash_sales.idempotency_key')) return 'the Idempotency-Key was already used';
  return undefined;
}

/** "unit 77 (IMEI ...) is already sold: receipt R000123, 2026-11-24 14:05, by Grace Wairimu at Moi Avenue shop". */
function soldUnitMessage(store: Store, unitId: number, companyId: number): string {
  const unit = unitWithSale(store, unitId);
  return unit ? soldUnitText(unit, companyTimeZone(store, companyId) ?? 'Africa/Nairobi') : `unit ${unitId} is already sold`;
}
