/**
 * Saving a cash sale (create, or update when id is sent) in ONE synchronous SQLite transaction:
 * honour the Idempotency-Key (sale-idempotency.ts), recompute the amounts with the domain rules
 * (domain/sale-check.ts), check every referenced id belongs to the company (sale-references.ts),
 * assign the receipt number, write the rows and mark serialised units sold (guarded by the
 * database: sale-constraint-errors.ts). Any failure rolls everything back, receipt number included.
 *
 * Saves that arrive together are committed together (saveCashSales, scheduled by
 * sale-group-commit.ts): one transaction, each sale in its own savepoint, one fsync for all.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { SaveCashSaleBody } from '../contract/cash-sale.js';
import { issueDateOf } from '../domain/issue-date.js';
import { issueDateOutsideWindow, type IssueDateWindow } from '../domain/issue-date-window.js';
import { checkSale, describeProblems } from '../domain/sale-check.js';
import {
  clearSaleLines,
  findSale,
  insertSale,
  insertSaleChannel,
  insertSaleLine,
  markUnitSold,
  nextReceiptNo,
  updateSale,
  type SaleHeaderRow,
} from '../store/cash-sale.repository.js';
import type { Store } from '../store/open-db.js';
import { companyTimeZone } from '../store/sales-reference.repository.js';
import { constraintRefusal } from './sale-constraint-errors.js';
import { earlierSave, idempotencyOf } from './sale-idempotency.js';
import { checkSaleReferences, soldUnitMessage } from './sale-references.js';
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


export function saveCashSale(store: Store, input: SaveCashSaleInput): SaveCashSaleResult {
  const { body } = input;
  if (input.callerCompanyId !== null && input.callerCompanyId !== body.companyId) {
    throw new ServiceError('forbidden', `company ${body.companyId} is not the company of this token`);
  }
  const { key, hash } = idempotencyOf(body, input.idempotencyKey);
  const now = input.now ?? Date.now();
  const checked = checkSale(body);

  try {
    return writeSale(store, input, { key, hash, now, checked });
  } catch (error) {
    throw constraintRefusal(error) ?? error;
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
    const earlier = key === undefined ? undefined : earlierSave(store, body.companyId, key, hash);
    if (earlier) return { ...earlier, replayed: true };

    const timeZone = companyTimeZone(store, body.companyId);
    if (timeZone === undefined) throw new ServiceError('invalidInput', `companyId: no company ${body.companyId}`);

    const existing = body.id !== undefined ? findSale(store, body.id) : undefined;
    const { products, units, problems } = checkSaleReferences(store, body, checked, existing);
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
