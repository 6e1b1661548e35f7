import { describe, expect, it } from 'vitest';
import { parseSaleJson, prepareFileSale, type HeaderIdDefaults } from '../../../src/cli/sale/sale-file.js';
import { SaleInputError } from '../../../src/cli/sale/sale-input-error.js';

const config: HeaderIdDefaults = {
  companyId: { value: 1, from: 'config' },
  retailShopId: { value: 2, from: 'config' },
  cashbookId: { value: 3, from: 'config' },
  userId: { value: 4, from: 'config' },
};

/** The smallest sale a script would write: no totals, no line amounts, no header ids. */
function minimal(): Record<string, unknown> {
  return {
    issuedTo: 'Jane Wanjiru',
    issuedToPhone: '+254700000001',
    paymentMethod: 'CASH',
    refNo: 'WEB-17',
    itemIssuesDto: [
      { item: 'USB-C cable 1m', itemProductId: 14, buyingPrice: 450, unitCost: 180, qty: 2, taxIncExc: 1, taxRateId: 1, taxRate: 16 },
      { item: 'Car charger dual port', itemProductId: 17, buyingPrice: 1199.5, unitCost: 560, qty: 1, discount: 99.5, taxIncExc: 0, taxRateId: 1, taxRate: 16 },
    ],
    channelsDto: [{ channelId: 1, referenceNo: '', amount: 2060 }],
  };
}

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SaleInputError);
    return [...(error as SaleInputError).problems];
  }
  throw new Error('expected a SaleInputError');
}

describe('a sale read from JSON', () => {
  it('computes line amounts and totals the file leaves out, and fills header ids from the profile', () => {
    const { body, checked, filled } = prepareFileSale(minimal(), config, 'sale.json');
    // line 1: 900 incl. 16% -> tax 124.14; line 2: (1199.5 - 99.5) = 1100 + 176 tax = 1276
    expect(body.itemIssuesDto.map((l) => [l.taxAmount, l.lineTotal])).toEqual([
      [124.14, 900],
      [176, 1276],
    ]);
    expect(body).toMatchObject({
      subTotal: 2099.5,
      totalDiscount: 99.5,
      totalTax: 300.14,
      totalAmount: 2176,
      amountPaid: 2060,
      transactionType: 'CASH',
      notes: '',
    });
    expect(body).toMatchObject({ companyId: 1, retailShopId: 2, cashbookId: 3, userId: 4 });
    expect(checked.balanceCents).toBe(11_600);
    expect(filled).toContain('retailShopId 2 from the profile');
  });

  it('accepts totals the file gives when they agree within a cent', () => {
    const sale = { ...minimal(), subTotal: 2099.5, totalDiscount: 99.5, totalTax: 300.15, totalAmount: 2176, amountPaid: 2060 };
    expect(prepareFileSale(sale, config, 'sale.json').body.totalTax).toBe(300.15);
  });

  it('lists every problem, not only the first', () => {
    const sale = minimal();
    sale.totalAmount = 100;
    sale.subTotal = 5;
    sale.paymentMethod = 'BITCOIN';
    delete sale.issuedTo;
    (sale.itemIssuesDto as Record<string, unknown>[])[0]!.lineTotal = 1000;
    (sale.itemIssuesDto as Record<string, unknown>[])[1]!.taxAmount = 1;
    const problems = problemsOf(() => prepareFileSale(sale, config, 'sale.json'));
    expect(problems).toEqual(
      expect.arrayContaining([
        'issuedTo: is required',
        expect.stringMatching(/^paymentMethod: expected one of CASH, MPESA, CHECK/),
        'itemIssuesDto[0].lineTotal is 1000, expected 900',
        'itemIssuesDto[1].taxAmount is 1, expected 176',
        'subTotal is 5, expected 2099.5',
        'totalAmount is 100, expected 2176',
      ]),
    );
    expect(problems.length).toBeGreaterThanOrEqual(6);
  });

  it('names a bad field of a line by its index', () => {
    const sale = minimal();
    (sale.itemIssuesDto as Record<string, unknown>[])[1]!.qty = 'two';
    (sale.itemIssuesDto as Record<string, unknown>[])[0]!.taxIncExc = 2;
    const problems = problemsOf(() => prepareFileSale(sale, config, 'sale.json'));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^itemIssuesDto\[1\]\.qty: .*\(got "two"\)/),
        expect.stringMatching(/^itemIssuesDto\[0\]\.taxIncExc: expected one of 0, 1/),
      ]),
    );
  });

  it('refuses amounts paid beyond the total and too many decimals', () => {
    const sale = minimal();
    sale.channelsDto = [{ channelId: 1, referenceNo: '', amount: 9999.999 }];
    const problems = problemsOf(() => prepareFileSale(sale, config, 'sale.json'));
    expect(problems.join('\n')).toMatch(/more than two decimals/);
    const over = { ...minimal(), channelsDto: [{ channelId: 1, referenceNo: '', amount: 5000 }] };
    expect(problemsOf(() => prepareFileSale(over, config, 'sale.json')).join('\n')).toMatch(/amountPaid 5000 exceeds totalAmount 2176/);
  });

  it('asks for the header ids neither the file nor flags nor profile give, naming the flag', () => {
    const problems = problemsOf(() => prepareFileSale(minimal(), {}, 'stdin'));
    expect(problems).toEqual(
      expect.arrayContaining([
        'companyId: is required (put it in the file, or give --company)',
        'retailShopId: is required (put it in the file, or give --shop)',
        'cashbookId: is required (put it in the file, or give --cashbook)',
        'userId: is required (put it in the file, or give --user)',
      ]),
    );
  });

  it("lets the file's ids win over the profile but refuses a file that contradicts a flag", () => {
    const sale = { ...minimal(), retailShopId: 9 };
    expect(prepareFileSale(sale, config, 'sale.json').body.retailShopId).toBe(9);
    const flagged = { ...config, retailShopId: { value: 2, from: 'flag' as const } };
    expect(problemsOf(() => prepareFileSale(sale, flagged, 'sale.json'))).toContain('retailShopId is 9 in the file but --shop 2 was given: remove one');
  });

  it('keeps unknown fields and says which they are', () => {
    const sale = { ...minimal(), totalAmout: 5 };
    expect(prepareFileSale(sale, config, 'sale.json').unknownFields).toEqual(['totalAmout']);
  });

  it('refuses what is not one sale object', () => {
    expect(problemsOf(() => parseSaleJson('{"issuedTo": ', 'sale.json'))[0]).toMatch(/^not JSON: /);
    expect(problemsOf(() => parseSaleJson('  ', 'stdin'))).toEqual(['empty input: expected one sale as a JSON object']);
    expect(problemsOf(() => prepareFileSale([minimal()], config, 'sale.json'))[0]).toMatch(/expected one sale as a JSON object \(got an array\)/);
    expect(problemsOf(() => prepareFileSale({ ...minimal(), itemIssuesDto: [] }, config, 'x'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^itemIssuesDto: /)]),
    );
  });

  it('says how many problems there are and that nothing was saved', () => {
    const error = (() => {
      try {
        prepareFileSale({ ...minimal(), totalAmount: 1 }, config, 'sale.json');
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toBe('sale.json: 1 problem, nothing saved:\n  - totalAmount is 1, expected 2176');
    expect(error?.name).toBe('SaleInputError');
  });
});
