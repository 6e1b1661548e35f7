/**
 * The sale rules against the test's own exact arithmetic (test/helpers/exact-money.ts, BigInt
 * over decimal digits): any line, with any discount up to its price x qty, any tax rate, price
 * with or without tax; any split of the payment. Seeded, so a failure replays.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SaleLineInput, SaveCashSaleBody } from '../../src/contract/cash-sale.js';
import { checkPayment } from '../../src/domain/payment.js';
import { checkSale } from '../../src/domain/sale-check.js';
import { computeSaleLine } from '../../src/domain/sale-line.js';
import { saleBody } from '../client/fixtures.js';
import { amountOf, divideHalfAway, lineFigures, scaled } from '../helpers/exact-money.js';

const SEED = 1717;

/** Thousandths as the decimal the wire carries (1500 -> 1.5). */
const quantityOf = (milli: number) => Number(`${Math.trunc(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`);

interface LineCase {
  priceCents: number;
  qtyMilli: number;
  /** The discount as thousandths of the line's price x qty. */
  discountPermille: number;
  rateBp: number;
  taxIncExc: 0 | 1;
  costCents: number;
}

const lineCase: fc.Arbitrary<LineCase> = fc.record({
  priceCents: fc.integer({ min: 0, max: 50_000_000 }),
  qtyMilli: fc.integer({ min: 1, max: 50_000 }),
  discountPermille: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1000 })),
  rateBp: fc.oneof(fc.constantFrom(0, 800, 1600), fc.integer({ min: 0, max: 3000 })),
  taxIncExc: fc.constantFrom(0 as const, 1 as const),
  costCents: fc.integer({ min: 0, max: 50_000_000 }),
});

/** The line as a client sends it, its amounts worked out by the test. */
function saleLine(c: LineCase, index: number): SaleLineInput {
  const grossCents = divideHalfAway(BigInt(c.priceCents) * BigInt(c.qtyMilli), 1000n);
  const terms = {
    buyingPrice: amountOf(BigInt(c.priceCents)),
    qty: quantityOf(c.qtyMilli),
    discount: amountOf((grossCents * BigInt(c.discountPermille)) / 1000n),
    taxRate: amountOf(BigInt(c.rateBp)),
    taxIncExc: c.taxIncExc,
  };
  const figures = lineFigures(terms);
  return {
    ...terms,
    item: `item ${index}`,
    itemProductId: 100 + index,
    unitCost: amountOf(BigInt(c.costCents)),
    taxRateId: 1,
    taxAmount: amountOf(figures.taxCents),
    lineTotal: amountOf(figures.lineTotalCents),
  };
}

interface SaleCase {
  lines: SaleLineInput[];
  totals: { subTotal: bigint; totalDiscount: bigint; totalTax: bigint; totalAmount: bigint };
}

const saleCase: fc.Arbitrary<SaleCase> = fc.array(lineCase, { minLength: 1, maxLength: 8 }).map((cases) => {
  const lines = cases.map(saleLine);
  const figures = lines.map((l) => lineFigures(l));
  const sum = (pick: (i: number) => bigint) => figures.reduce((s, _f, i) => s + pick(i), 0n);
  return {
    lines,
    totals: {
      subTotal: sum((i) => figures[i]!.grossCents),
      totalDiscount: sum((i) => scaled(lines[i]!.discount, 2)),
      totalTax: sum((i) => figures[i]!.taxCents),
      totalAmount: sum((i) => figures[i]!.lineTotalCents),
    },
  };
});

/** A body for the sale, paid `paidPermille` thousandths of its total across `channels` channels (0: no channel list). */
function bodyOf(sale: SaleCase, paidPermille: number, channels: number): SaveCashSaleBody {
  const paid = (sale.totals.totalAmount * BigInt(paidPermille)) / 1000n;
  const parts = channels === 0 ? [] : Array.from({ length: channels }, (_, i) => paid / BigInt(channels) + (i === 0 ? paid % BigInt(channels) : 0n));
  return {
    ...saleBody(),
    itemIssuesDto: sale.lines,
    subTotal: amountOf(sale.totals.subTotal),
    totalDiscount: amountOf(sale.totals.totalDiscount),
    totalTax: amountOf(sale.totals.totalTax),
    totalAmount: amountOf(sale.totals.totalAmount),
    amountPaid: amountOf(paid),
    channelsDto: parts.map((amount, i) => ({ channelId: i + 1, referenceNo: '', amount: amountOf(amount) })),
  };
}

describe('sale rules against an independent calculation', () => {
  it('a line: price x qty, discount, tax in or on the price, total and profit, to the cent', () => {
    fc.assert(
      fc.property(lineCase, (c) => {
        const line = saleLine(c, 0);
        const expected = lineFigures(line);
        const amounts = computeSaleLine({
          priceCents: c.priceCents,
          qtyMilli: c.qtyMilli,
          discountCents: Number(scaled(line.discount, 2)),
          taxRateBp: c.rateBp,
          taxIncExc: c.taxIncExc,
          unitCostCents: c.costCents,
        });
        // Profit: the net less the exact cost of the quantity, rounded once.
        const profit = divideHalfAway((expected.lineTotalCents - expected.taxCents) * 1000n - BigInt(c.costCents) * BigInt(c.qtyMilli), 1000n);
        expect({
          gross: BigInt(amounts.grossCents),
          tax: BigInt(amounts.taxCents),
          total: BigInt(amounts.lineTotalCents),
          profit: BigInt(amounts.profitCents),
        }).toEqual({
          gross: expected.grossCents,
          tax: expected.taxCents,
          total: expected.lineTotalCents,
          profit,
        });
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it('a correct sale is accepted with the totals, payment and balance the test works out', () => {
    fc.assert(
      fc.property(saleCase, fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 3 }), (sale, paidPermille, channels) => {
        const body = bodyOf(sale, paidPermille, channels);
        const checked = checkSale(body);
        expect(checked.problems).toEqual([]);
        const paid = (sale.totals.totalAmount * BigInt(paidPermille)) / 1000n;
        expect({
          subTotal: BigInt(checked.totals.subTotalCents),
          totalDiscount: BigInt(checked.totals.totalDiscountCents),
          totalTax: BigInt(checked.totals.totalTaxCents),
          totalAmount: BigInt(checked.totals.totalAmountCents),
        }).toEqual(sale.totals);
        expect(BigInt(checked.amountPaidCents)).toBe(paid);
        expect(BigInt(checked.balanceCents)).toBe(sale.totals.totalAmount - paid);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('a sale with one amount off by more than a cent is refused, naming that amount', () => {
    const field = fc.constantFrom('subTotal', 'totalDiscount', 'totalTax', 'totalAmount', 'taxAmount', 'lineTotal');
    const offBy = fc.integer({ min: 2, max: 100_000 }).chain((cents) => fc.constantFrom(cents, -cents));
    fc.assert(
      fc.property(saleCase, field, offBy, fc.nat(), (sale, name, delta, which) => {
        const body = bodyOf(sale, 1000, 1);
        const shift = (amount: number) => amountOf(scaled(amount, 2) + BigInt(delta));
        let path: string = name;
        if (name === 'taxAmount' || name === 'lineTotal') {
          const index = which % body.itemIssuesDto.length;
          body.itemIssuesDto[index] = { ...body.itemIssuesDto[index]!, [name]: shift(body.itemIssuesDto[index]![name]) };
          path = `itemIssuesDto[${index}].${name}`;
        } else {
          body[name] = shift(body[name]!);
        }
        const fields = checkSale(body).problems.map((p) => p.field);
        expect(fields).toContain(path);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('a payment: the channels are what was paid, the sent amountPaid agrees with them to the cent, never more than the total', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(cents, fc.array(cents, { maxLength: 4 }), fc.integer({ min: -500, max: 500 }), (total, channels, offBy) => {
        const channelSum = channels.reduce((s, c) => s + BigInt(c), 0n);
        const sent = channels.length > 0 ? channelSum + BigInt(offBy) : BigInt(total) - BigInt(Math.abs(offBy));
        if (sent < 0n) return;
        const result = checkPayment({ totalAmountCents: total, amountPaidCents: Number(sent), channelCents: channels.length > 0 ? channels : undefined });
        const paid = channels.length > 0 ? channelSum : sent;
        expect(BigInt(result.amountPaidCents)).toBe(paid);
        expect(BigInt(result.balanceCents)).toBe(BigInt(total) - paid);
        const disagrees = channels.length > 0 && (offBy > 1 || offBy < -1);
        const exceeds = paid > BigInt(total);
        expect(result.problems.map((p) => p.field)).toEqual([...(disagrees ? ['amountPaid'] : []), ...(exceeds ? ['amountPaid'] : [])]);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it('a payment one cent over the total is refused; one paying the total exactly is not', () => {
    expect(checkPayment({ totalAmountCents: 100_000, amountPaidCents: 100_001 }).problems.map((p) => p.message)).toEqual([
      'amountPaid 1000.01 exceeds totalAmount 1000',
    ]);
    expect(checkPayment({ totalAmountCents: 100_000, amountPaidCents: 100_000 })).toEqual({ amountPaidCents: 100_000, balanceCents: 0, problems: [] });
    expect(checkPayment({ totalAmountCents: 100_000, amountPaidCents: 0, channelCents: [60_000, 40_001] }).problems.map((p) => p.field)).toEqual([
      'amountPaid',
      'amountPaid',
    ]);
  });
});
