/**
 * One sale line's amounts (DOMAIN.md, "Cash sales"), in integer cents. With p the unit price,
 * q the quantity, d the line's discount and r the tax rate:
 *
 * - price includes tax (taxIncExc 1): lineTotal = p*q - d, tax = round((p*q - d) * r / (100 + r)),
 *   net = lineTotal - tax;
 * - price excludes tax (taxIncExc 0): net = p*q - d, tax = round(net * r / 100),
 *   lineTotal = net + tax;
 * - profit = round((lineTotal - tax) - unitCost * q), unitCost * q taken exactly (cents x
 *   thousandths) and the difference rounded once.
 *
 * p*q is rounded half away from zero to the cent once. Products are exact at any size (BigInt
 * past 2^53); an amount past MAX_AMOUNT_CENTS is refused (MoneyError).
 */
import { MAX_AMOUNT_CENTS, MoneyError, multiplyDivideRounded, percentOf, type Cents } from './money.js';
import type { Milli } from './quantity.js';

export type TaxIncExc = 0 | 1;

export interface SaleLineTerms {
  priceCents: Cents;
  qtyMilli: Milli;
  discountCents: Cents;
  /** Tax rate in basis points (16% = 1600). */
  taxRateBp: number;
  taxIncExc: TaxIncExc;
  unitCostCents: Cents;
}

export interface SaleLineAmounts {
  /** p*q, rounded to the cent. */
  grossCents: Cents;
  discountCents: Cents;
  /** The line without its tax. */
  netCents: Cents;
  taxCents: Cents;
  lineTotalCents: Cents;
  /** unitCost*q, rounded to the cent (shown; profit does not subtract this rounded figure). */
  costCents: Cents;
  profitCents: Cents;
}

/** p*q in cents: the quantity is exact thousandths, so one rounding to the cent. */
export function grossOf(priceCents: Cents, qtyMilli: Milli): Cents {
  return multiplyDivideRounded(priceCents, qtyMilli, 1000);
}

/** The tax contained in a tax-inclusive amount: round(amount * r / (100 + r)). */
export function taxIncluded(amountCents: Cents, rateBp: number): Cents {
  return multiplyDivideRounded(amountCents, rateBp, 10_000 + rateBp);
}

export function computeSaleLine(terms: SaleLineTerms): SaleLineAmounts {
  const grossCents = grossOf(terms.priceCents, terms.qtyMilli);
  const base = grossCents - terms.discountCents;
  let netCents: Cents;
  let taxCents: Cents;
  let lineTotalCents: Cents;
  if (terms.taxIncExc === 1) {
    taxCents = taxIncluded(base, terms.taxRateBp);
    lineTotalCents = base;
    netCents = base - taxCents;
  } else {
    netCents = base;
    taxCents = percentOf(base, terms.taxRateBp);
    lineTotalCents = base + taxCents;
  }
  if (Math.abs(lineTotalCents) > MAX_AMOUNT_CENTS || Math.abs(grossCents) > MAX_AMOUNT_CENTS) throw new MoneyError('amount too large');
  const costCents = grossOf(terms.unitCostCents, terms.qtyMilli);
  return {
    grossCents,
    discountCents: terms.discountCents,
    netCents,
    taxCents,
    lineTotalCents,
    costCents,
    profitCents: profitOf(lineTotalCents - taxCents, terms.unitCostCents, terms.qtyMilli),
  };
}

/** round(net - unitCost x q) with unitCost x q in exact thousandths of a cent: one rounding. */
export function profitOf(netCents: Cents, unitCostCents: Cents, qtyMilli: Milli): Cents {
  const thousandths = BigInt(netCents) * 1000n - BigInt(unitCostCents) * BigInt(qtyMilli);
  const magnitude = thousandths < 0n ? -thousandths : thousandths;
  const rounded = (magnitude % 1000n) * 2n >= 1000n ? magnitude / 1000n + 1n : magnitude / 1000n;
  return Number(thousandths < 0n ? -rounded : rounded) + 0;
}
