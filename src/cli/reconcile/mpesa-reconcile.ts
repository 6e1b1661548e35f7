/**
 * The till's statement against the sales, code by code, for a period: the payments the till
 * took that no sale names (a sale not recorded, or recorded with another code), the codes the
 * sales name that the statement does not show (typed wrongly, made up, or reversed), and the
 * codes both show with different amounts. Totals are per shop and cashier, so a manager sees
 * whose till to look at. All money in integer cents.
 *
 * A sale a minute after midnight may carry a payment of the day before: the caller gives the
 * sales of a day more on each side, which match payments but are not listed themselves.
 */
import type { TillPayment, TillStatement } from './till-statement.js';

/** A sale's payment by M-Pesa (its channel's method MPESA), with the sale it belongs to. */
export interface SaleMpesaPayment {
  saleId: number;
  receiptNo: string | null;
  issueDate: number;
  shop: string;
  cashier: string;
  /** The code as saved; blank when the sale gave none. */
  code: string;
  amountCents: number;
}

export type FindingKind = 'till payment with no sale' | 'sale code not on statement' | 'amount differs';

export interface Finding {
  finding: FindingKind;
  code: string;
  /** The payment's completion time, or the sale's date when the statement has no such code. */
  time: number;
  statementCents: number | null;
  saleCents: number | null;
  receiptNo: string | null;
  saleId: number | null;
  shop: string | null;
  cashier: string | null;
  /** Who paid (from the statement), or why the code is not there. */
  note: string;
}

export interface ShopCashierTotal {
  shop: string;
  cashier: string;
  /** The M-Pesa payments of the period's sales. */
  salePayments: number;
  saleCents: number;
  /** Those the statement shows (their sales' amounts). */
  matchedCents: number;
  notOnStatement: number;
  notOnStatementCents: number;
}

export interface Reconciliation {
  findings: Finding[];
  totals: ShopCashierTotal[];
  tillWithoutSale: { count: number; cents: number };
  matched: number;
}

export interface Period {
  /** First millisecond of the period. */
  from: number;
  /** First millisecond after it. */
  to: number;
}

const within = (time: number, period: Period) => time >= period.from && time < period.to;

export function reconcileMpesa(statement: TillStatement, sales: readonly SaleMpesaPayment[], period: Period): Reconciliation {
  const byCode = new Map<string, TillPayment>();
  for (const payment of statement.payments) if (!statement.reversed.has(payment.code)) byCode.set(payment.code, payment);
  const namedBySale = new Set(sales.map((s) => s.code));
  const findings: Finding[] = [];
  const totals = new Map<string, ShopCashierTotal>();
  let matched = 0;

  for (const sale of sales.filter((s) => within(s.issueDate, period))) {
    const key = `${sale.shop}\u0000${sale.cashier}`;
    const total = totals.get(key) ?? {
      shop: sale.shop,
      cashier: sale.cashier,
      salePayments: 0,
      saleCents: 0,
      matchedCents: 0,
      notOnStatement: 0,
      notOnStatementCents: 0,
    };
    totals.set(key, total);
    total.salePayments += 1;
    total.saleCents += sale.amountCents;
    const paid = byCode.get(sale.code);
    const saleSide = { saleCents: sale.amountCents, receiptNo: sale.receiptNo, saleId: sale.saleId, shop: sale.shop, cashier: sale.cashier };
    if (!paid) {
      total.notOnStatement += 1;
      total.notOnStatementCents += sale.amountCents;
      const note = sale.code === '' ? 'the sale gave no code' : statement.reversed.has(sale.code) ? 'the payment was reversed' : 'not on the statement';
      findings.push({ finding: 'sale code not on statement', code: sale.code, time: sale.issueDate, statementCents: null, note, ...saleSide });
      continue;
    }
    matched += 1;
    total.matchedCents += sale.amountCents;
    if (paid.paidInCents !== sale.amountCents) {
      findings.push({ finding: 'amount differs', code: sale.code, time: paid.completedAt, statementCents: paid.paidInCents, note: paid.party, ...saleSide });
    }
  }

  const tillWithoutSale = { count: 0, cents: 0 };
  for (const payment of byCode.values()) {
    if (!within(payment.completedAt, period) || namedBySale.has(payment.code)) continue;
    tillWithoutSale.count += 1;
    tillWithoutSale.cents += payment.paidInCents;
    findings.push({
      finding: 'till payment with no sale',
      code: payment.code,
      time: payment.completedAt,
      statementCents: payment.paidInCents,
      saleCents: null,
      receiptNo: null,
      saleId: null,
      shop: null,
      cashier: null,
      note: payment.party,
    });
  }
  findings.sort((a, b) => a.time - b.time || a.code.localeCompare(b.code));
  const sortedTotals = [...totals.values()].sort((a, b) => a.shop.localeCompare(b.shop) || a.cashier.localeCompare(b.cashier));
  return { findings, totals: sortedTotals, tillWithoutSale, matched };
}
