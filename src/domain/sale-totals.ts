/**
 * A sale's totals are sums of its rounded lines (DOMAIN.md): subTotal = sum of p*q,
 * totalDiscount = sum of d, totalTax = sum of tax, totalAmount = sum of lineTotal.
 */
import { sumCents, type Cents } from './money.js';
import type { SaleLineAmounts } from './sale-line.js';

export interface SaleTotals {
  subTotalCents: Cents;
  totalDiscountCents: Cents;
  totalTaxCents: Cents;
  totalAmountCents: Cents;
}

export function computeSaleTotals(lines: readonly SaleLineAmounts[]): SaleTotals {
  return {
    subTotalCents: sumCents(lines.map((l) => l.grossCents)),
    totalDiscountCents: sumCents(lines.map((l) => l.discountCents)),
    totalTaxCents: sumCents(lines.map((l) => l.taxCents)),
    totalAmountCents: sumCents(lines.map((l) => l.lineTotalCents)),
  };
}
