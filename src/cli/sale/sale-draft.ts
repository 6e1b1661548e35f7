/**
 * A sale being composed at the terminal, turned into the save request with every amount
 * computed by the same domain rules the server checks with, so what the cashier sees is what
 * the server stores. Pure: no prompts, no I/O.
 */
import type { PaymentMethod, SaleLineInput, SaveCashSaleBody } from '../../contract/cash-sale.js';
import { fromCents, sumCents, toBasisPoints, toCents, type Cents } from '../../domain/money.js';
import { toMilli } from '../../domain/quantity.js';
import { computeSaleLine, type SaleLineAmounts, type TaxIncExc } from '../../domain/sale-line.js';
import { computeSaleTotals, type SaleTotals } from '../../domain/sale-totals.js';

export interface DraftLine {
  item: string;
  itemProductId: number;
  /** The serialised unit the line sells, if any (then qty is 1). */
  invItemSpecsId?: number;
  /** IMEI or serial number of that unit, for the person at the terminal and the receipt. */
  identifier?: string;
  buyingPrice: number;
  unitCost: number;
  qty: number;
  discount: number;
  taxIncExc: TaxIncExc;
  taxRateId: number | null;
  /** Percent (16 = 16%). */
  taxRate: number;
}

export interface DraftPayment {
  /** The payment channel; undefined when the server gave no channel list to pick from. */
  channelId?: number;
  /** The channel's name, for display. */
  name: string;
  method: PaymentMethod;
  amount: number;
  referenceNo: string;
  /** Cash handed over when more than `amount`; the difference is the change given. */
  tendered?: number;
}

export interface SaleHeader {
  companyId: number;
  retailShopId: number;
  cashbookId: number;
  userId: number;
  issuedTo: string;
  issuedToPhone: string;
  refNo: string;
  notes: string;
  /** YYYY-MM-dd; absent means today (the server's clock). */
  issueDate?: string;
}

/** The amounts of one line in cents. Throws the domain's MoneyError/QuantityError on bad numbers. */
export function lineAmounts(line: DraftLine): SaleLineAmounts {
  return computeSaleLine({
    priceCents: toCents(line.buyingPrice),
    qtyMilli: toMilli(line.qty),
    discountCents: toCents(line.discount),
    taxRateBp: toBasisPoints(line.taxRate),
    taxIncExc: line.taxIncExc,
    unitCostCents: toCents(line.unitCost),
  });
}

/** The line as the save request carries it, its tax and total computed. */
export function lineInput(line: DraftLine): SaleLineInput {
  const amounts = lineAmounts(line);
  const input: SaleLineInput = {
    item: line.item,
    itemProductId: line.itemProductId,
    buyingPrice: line.buyingPrice,
    unitCost: line.unitCost,
    qty: line.qty,
    discount: line.discount,
    taxIncExc: line.taxIncExc,
    taxRateId: line.taxRateId,
    taxRate: line.taxRate,
    taxAmount: fromCents(amounts.taxCents),
    lineTotal: fromCents(amounts.lineTotalCents),
  };
  if (line.invItemSpecsId !== undefined) input.invItemSpecsId = line.invItemSpecsId;
  return input;
}

export function draftTotals(lines: readonly DraftLine[]): SaleTotals {
  return computeSaleTotals(lines.map(lineAmounts));
}

export function paidCents(payments: readonly DraftPayment[]): Cents {
  return sumCents(payments.map((p) => toCents(p.amount)));
}

/**
 * The method the sale is recorded under: that of the largest payment (the first of equals), or
 * `fallback` when nothing is paid now (a sale wholly on credit).
 */
export function mainMethod(payments: readonly DraftPayment[], fallback: PaymentMethod = 'CASH'): PaymentMethod {
  let best: DraftPayment | undefined;
  for (const payment of payments) if (!best || toCents(payment.amount) > toCents(best.amount)) best = payment;
  return best?.method ?? fallback;
}

/**
 * The save request. Channels are sent when every payment names one; otherwise (no channel list
 * from the server) amountPaid alone is sent, which the interface reads as one payment by
 * paymentMethod.
 */
export function composeSale(
  header: SaleHeader,
  lines: readonly DraftLine[],
  payments: readonly DraftPayment[],
  fallbackMethod: PaymentMethod = 'CASH',
): SaveCashSaleBody {
  const totals = draftTotals(lines);
  const paid = payments.filter((p) => toCents(p.amount) > 0);
  const method = mainMethod(paid, fallbackMethod);
  const body: SaveCashSaleBody = {
    issuedTo: header.issuedTo,
    issuedToPhone: header.issuedToPhone,
    amountPaid: fromCents(paidCents(paid)),
    paymentMethod: method,
    transactionType: method,
    refNo: header.refNo,
    notes: header.notes,
    cashbookId: header.cashbookId,
    totalTax: fromCents(totals.totalTaxCents),
    subTotal: fromCents(totals.subTotalCents),
    totalAmount: fromCents(totals.totalAmountCents),
    userId: header.userId,
    retailShopId: header.retailShopId,
    companyId: header.companyId,
    totalDiscount: fromCents(totals.totalDiscountCents),
    itemIssuesDto: lines.map(lineInput),
  };
  if (header.issueDate !== undefined) body.issueDate = header.issueDate;
  if (paid.length > 0 && paid.every((p) => p.channelId !== undefined)) {
    body.channelsDto = paid.map((p) => ({
      channelId: p.channelId!,
      referenceNo: p.referenceNo,
      amount: p.amount,
      ...(p.tendered !== undefined && toCents(p.tendered) > toCents(p.amount) ? { tendered: p.tendered } : {}),
    }));
  }
  return body;
}

/** What the sale comes to, for the running totals and the dry run. */
export interface SaleFigures {
  subTotal: number;
  totalDiscount: number;
  totalTax: number;
  totalAmount: number;
  amountPaid: number;
  balance: number;
}

export function saleFigures(totals: SaleTotals, amountPaidCents: Cents): SaleFigures {
  return {
    subTotal: fromCents(totals.subTotalCents),
    totalDiscount: fromCents(totals.totalDiscountCents),
    totalTax: fromCents(totals.totalTaxCents),
    totalAmount: fromCents(totals.totalAmountCents),
    amountPaid: fromCents(amountPaidCents),
    balance: fromCents(totals.totalAmountCents - amountPaidCents),
  };
}
