/**
 * Checks a cash sale as a client sent it and computes what the server stores: every line's
 * amounts, the totals and the payment, in cents. Returns every problem found, not only the
 * first, so a client can show them all at once.
 */
import type { SaveCashSaleBody } from '../contract/cash-sale.js';
import { fromCents, MAX_AMOUNT_CENTS, MoneyError, toBasisPoints, toCents, type Cents } from './money.js';
import { checkPayment } from './payment.js';
import { QuantityError, toMilli } from './quantity.js';
import { computeSaleLine, type SaleLineAmounts, type SaleLineTerms } from './sale-line.js';
import { computeSaleTotals, type SaleTotals } from './sale-totals.js';
import { checkSentAmount, type SaleProblem } from './sent-amount.js';
import { readPhoneNumber } from './phone-number.js';

export interface CheckedSaleLine {
  terms: SaleLineTerms;
  amounts: SaleLineAmounts;
}

export interface CheckedSale {
  lines: CheckedSaleLine[];
  totals: SaleTotals;
  amountPaidCents: Cents;
  balanceCents: Cents;
  channelCents: Cents[];
  /** Cash handed over per channel, when more than its amount; else null. */
  tenderedCents: (Cents | null)[];
  problems: SaleProblem[];
}

/** A serialised unit is one item: a line that names one sells exactly one (qty 1). */
const ONE = 1000;

export function checkSale(body: SaveCashSaleBody): CheckedSale {
  const problems: SaleProblem[] = [];
  /** Cents of a sent amount; an unreadable one is a problem, counts as 0 and calls `unreadable`. */
  const cents = (field: string, value: number, unreadable?: () => void): Cents => {
    try {
      const c = toCents(value);
      if (c < 0) problems.push({ field, sent: value, message: `${field} may not be negative` });
      return c;
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error;
      problems.push({ field, sent: value, message: `${field}: ${error.message}` });
      unreadable?.();
      return 0;
    }
  };

  problems.push(...nulCharacterProblems(body));
  // A customer's phone is one the shop can call back: a number of E.164's form once read (it is stored so).
  const phone = body.issuedToPhone.trim() === '' ? undefined : readPhoneNumber(body.issuedToPhone);
  if (phone && 'problem' in phone) problems.push({ field: 'issuedToPhone', sent: body.issuedToPhone, message: `issuedToPhone: ${phone.problem}` });

  const unitLines = new Map<number, number>();
  let totalsKnown = true;
  const lines = body.itemIssuesDto.map((line, index): CheckedSaleLine => {
    const at = (name: string) => `itemIssuesDto[${index}].${name}`;
    // A price, quantity, discount or rate that cannot be read leaves the line's amounts unknown.
    let amountsKnown = true;
    const unknownAmounts = () => {
      amountsKnown = false;
    };
    let qtyMilli = 0;
    try {
      qtyMilli = toMilli(line.qty);
      if (qtyMilli <= 0) problems.push({ field: at('qty'), sent: line.qty, message: `${at('qty')} must be more than 0` });
    } catch (error) {
      if (!(error instanceof QuantityError)) throw error;
      problems.push({ field: at('qty'), sent: line.qty, message: `${at('qty')}: ${error.message}` });
      unknownAmounts();
    }
    let taxRateBp = 0;
    try {
      taxRateBp = toBasisPoints(line.taxRate);
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error;
      problems.push({ field: at('taxRate'), sent: line.taxRate, message: `${at('taxRate')}: ${error.message}` });
      unknownAmounts();
    }
    const terms: SaleLineTerms = {
      priceCents: cents(at('buyingPrice'), line.buyingPrice, unknownAmounts),
      qtyMilli,
      discountCents: cents(at('discount'), line.discount, unknownAmounts),
      taxRateBp,
      taxIncExc: line.taxIncExc === 1 ? 1 : 0,
      unitCostCents: cents(at('unitCost'), line.unitCost),
    };
    const unitId = line.invItemSpecsId ?? undefined;
    if (unitId !== undefined) {
      if (qtyMilli !== ONE) {
        problems.push({
          field: at('qty'),
          sent: line.qty,
          expected: 1,
          message: `${at('qty')} is ${line.qty}, expected 1 (the line sells serialised unit ${unitId})`,
        });
      }
      const earlier = unitLines.get(unitId);
      if (earlier !== undefined) {
        problems.push({
          field: at('invItemSpecsId'),
          sent: unitId,
          message: `${at('invItemSpecsId')}: unit ${unitId} is already sold by itemIssuesDto[${earlier}]`,
        });
      } else {
        unitLines.set(unitId, index);
      }
    }
    let amounts: SaleLineAmounts;
    try {
      amounts = computeSaleLine(terms);
    } catch (error) {
      // An amount beyond exact integer arithmetic: an input problem, not a server failure.
      // unitCost x qty only makes the profit: the line's tax and total are still checked.
      if (!(error instanceof MoneyError)) throw error;
      try {
        amounts = computeSaleLine({ ...terms, unitCostCents: 0 });
        problems.push({ field: at('unitCost'), sent: line.unitCost, message: `${at('unitCost')} x ${at('qty')}: amount too large` });
      } catch (priceError) {
        if (!(priceError instanceof MoneyError)) throw priceError;
        problems.push({ field: at('qty'), sent: line.qty, message: `${at('buyingPrice')} x ${at('qty')}: amount too large` });
        amounts = computeSaleLine({ ...terms, priceCents: 0, discountCents: 0, unitCostCents: 0 });
        amountsKnown = false;
      }
    }
    // With no amounts for the line, its sent tax and total cannot be wrong, nor the sale's totals.
    if (!amountsKnown) totalsKnown = false;
    if (!amountsKnown) return { terms, amounts };
    if (amounts.grossCents < terms.discountCents) {
      problems.push({
        field: at('discount'),
        sent: line.discount,
        expected: `at most ${amounts.grossCents / 100}`,
        message: `${at('discount')} ${line.discount} exceeds the line's price x qty ${amounts.grossCents / 100}`,
      });
    }
    for (const problem of [
      checkSentAmount(at('taxAmount'), line.taxAmount, amounts.taxCents),
      checkSentAmount(at('lineTotal'), line.lineTotal, amounts.lineTotalCents),
    ]) {
      if (problem) problems.push(problem);
    }
    return { terms, amounts };
  });

  const totals = computeSaleTotals(lines.map((l) => l.amounts));
  const sentTotals: [string, number | undefined, Cents][] = [
    ['subTotal', body.subTotal, totals.subTotalCents],
    ['totalDiscount', body.totalDiscount, totals.totalDiscountCents],
    ['totalTax', body.totalTax, totals.totalTaxCents],
    ['totalAmount', body.totalAmount, totals.totalAmountCents],
  ];
  for (const [field, sent, expected] of sentTotals) {
    if (!totalsKnown) continue;
    if (expected > MAX_AMOUNT_CENTS) {
      problems.push({ field, sent, message: `${field}: the lines add up to more than ${fromCents(MAX_AMOUNT_CENTS)}, the largest amount a sale may hold` });
      continue;
    }
    const problem = checkSentAmount(field, sent, expected);
    if (problem) problems.push(problem);
  }

  const channels = body.channelsDto ?? [];
  const channelCents = channels.map((channel, index) => cents(`channelsDto[${index}].amount`, channel.amount));
  const tenderedCents = channels.map((channel, index) => {
    if (channel.tendered === undefined) return null;
    const field = `channelsDto[${index}].tendered`;
    const tendered = cents(field, channel.tendered);
    if (tendered < channelCents[index]!) {
      problems.push({
        field,
        sent: channel.tendered,
        expected: `at least ${channel.amount}`,
        message: `${field} ${channel.tendered} is less than the amount paid, ${channel.amount}`,
      });
    }
    return tendered > channelCents[index]! ? tendered : null;
  });
  const paid = cents('amountPaid', body.amountPaid);
  // A total that could not be computed cannot be exceeded: no false problem about the payment.
  const payment = checkPayment({
    totalAmountCents: totalsKnown ? totals.totalAmountCents : Number.MAX_SAFE_INTEGER,
    amountPaidCents: paid,
    channelCents: channels.length ? channelCents : undefined,
  });
  problems.push(...payment.problems);

  return { lines, totals, amountPaidCents: payment.amountPaidCents, balanceCents: payment.balanceCents, channelCents, tenderedCents, problems };
}

/** "totalAmount is 100, expected 116; itemIssuesDto[0].qty ..." */
export function describeProblems(problems: readonly SaleProblem[]): string {
  return problems.map((p) => p.message).join('; ');
}

/**
 * A text field may not hold the NUL character (U+0000): PostgreSQL's text cannot keep it, and a
 * sale is refused or kept alike on either backend. Every other character is kept as sent.
 */
function nulCharacterProblems(body: SaveCashSaleBody): SaleProblem[] {
  const problems: SaleProblem[] = [];
  const look = (value: unknown, field: string): void => {
    if (typeof value === 'string') {
      if (value.includes('\u0000')) problems.push({ field, message: `${field} may not hold the NUL character (U+0000)` });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => look(item, `${field}[${index}]`));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) look(inner, field === '' ? key : `${field}.${key}`);
    }
  };
  look(body, '');
  return problems;
}
