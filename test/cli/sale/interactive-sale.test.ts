import { describe, expect, it } from 'vitest';
import type { Choice, Prompter } from '../../../src/cli/io/prompter.js';
import { composeSaleInteractively, itemChoices, type StockUnit } from '../../../src/cli/sale/interactive-sale.js';
import type { ReferenceData } from '../../../src/contract/reference-data.js';
import { checkSale } from '../../../src/domain/sale-check.js';

/**
 * A prompter that answers from a script: each step names the question it expects (a pattern)
 * and the answer; a search step types a term and picks the first choice whose name matches.
 */
type Step = { ask: RegExp; answer: unknown } | { search: RegExp; term: string; pick: RegExp };

function scripted(steps: Step[]): Prompter & { asked: string[]; refused: string[]; left: () => number } {
  const queue = [...steps];
  const asked: string[] = [];
  /** What a prompt's own check said to answers it did not take (the prompt then asks again). */
  const refused: string[] = [];
  const next = (message: string) => {
    asked.push(message);
    const step = queue.shift();
    if (!step) throw new Error(`unexpected question: ${message}`);
    const pattern = 'ask' in step ? step.ask : step.search;
    if (!pattern.test(message)) throw new Error(`expected a question like ${pattern}, got: ${message}`);
    return step;
  };
  const answer = async (message: string) => (next(message) as { answer: unknown }).answer;
  return {
    asked,
    refused,
    left: () => queue.length,
    async text(message: string, options: { validate?: (value: string) => true | string } = {}) {
      for (;;) {
        const value = (await answer(message)) as string;
        const verdict = options.validate?.(value) ?? true;
        if (verdict === true) return value;
        refused.push(verdict);
      }
    },
    positiveInteger: answer as Prompter['positiveInteger'],
    money: answer as Prompter['money'],
    confirm: answer as Prompter['confirm'],
    async select<T>(message: string, choices: readonly Choice<T>[]) {
      const wanted = (next(message) as { answer: unknown }).answer;
      const choice = choices.find((c) => (wanted instanceof RegExp ? wanted.test(c.name) : c.value === wanted));
      if (!choice) throw new Error(`no choice ${String(wanted)} in ${choices.map((c) => c.name).join(' | ')}`);
      return choice.value;
    },
    async search<T>(message: string, source: (term: string | undefined) => Promise<readonly Choice<T>[]>) {
      const step = next(message) as { term: string; pick: RegExp };
      const choices = await source(step.term || undefined);
      const choice = choices.find((c) => step.pick.test(c.name));
      if (!choice) throw new Error(`no choice like ${step.pick} for "${step.term}" in ${choices.map((c) => c.name).join(' | ')}`);
      return choice.value;
    },
  };
}

const refs: ReferenceData = {
  company: { id: 1, name: 'Demo Phones', timeZone: 'Africa/Nairobi', address: null, phone: null },
  shops: [
    { id: 1, name: 'Moi Avenue shop', location: 'Moi Avenue' },
    { id: 2, name: 'Westlands shop', location: null },
  ],
  cashbooks: [
    { id: 1, code: '1001', name: 'Cash at till' },
    { id: 2, code: '1002', name: 'M-Pesa float' },
  ],
  users: [
    { id: 3, name: 'Grace Wairimu', role: 'cashier' },
    { id: 4, name: 'Peter Otieno', role: 'cashier' },
  ],
  paymentChannels: [
    { id: 1, name: 'Cash', method: 'CASH' },
    { id: 2, name: 'M-Pesa till 512345', method: 'MPESA' },
  ],
  taxRates: [
    { id: 1, name: 'VAT 16%', rate: 16 },
    { id: 2, name: 'Reduced 8%', rate: 8 },
  ],
  products: [{ id: 14, name: 'USB-C cable 1m', code: 'CH014', categoryId: 3, price: 450, cost: 180, taxRateId: 1, taxRate: 16, taxIncExc: 1 }],
  units: [],
};

const phone: StockUnit = {
  id: 77,
  rowId: 0,
  itemSpecId: 1,
  itemName: 'Samsung Galaxy A15 128GB',
  itemCode: 'SM001',
  serialNo: 'SN77',
  imei1: '352123450010535',
  imei2: null,
  salePrice: 21_999,
  purchasePrice: 17_500,
  itemProductId: 1,
  taxRateId: 1,
  taxRate: 16,
  taxIncExc: 1,
  shop: 'Moi Avenue shop',
};
const bare: StockUnit = { id: 78, itemSpecId: 2, itemName: 'Nokia 105', imei1: '356805120010535', salePrice: 2_499, purchasePrice: 1_550 };

function deps(prompter: Prompter, overrides: Partial<Parameters<typeof composeSaleInteractively>[0]> = {}) {
  const said: string[] = [];
  return {
    said,
    deps: {
      prompter,
      say: (m: string) => said.push(m),
      companyId: 1,
      defaults: {},
      refs,
      units: async () => [phone, bare],
      newKey: () => '0f8fad5b-d9cb-469f-a165-70867728950e',
      ...overrides,
    },
  };
}

describe('composing a sale at the terminal', () => {
  it('picks a unit by IMEI, a product by name, splits the payment and leaves the rest on credit', async () => {
    const prompter = scripted([
      { ask: /^Shop/, answer: 2 },
      { ask: /^Cashbook/, answer: 1 },
      { ask: /^Sales person/, answer: 3 },
      { ask: /^Customer name/, answer: 'Lucy Akinyi' },
      { ask: /^Customer phone/, answer: '+254713535448' },
      { search: /^Add an item/, term: '0010535', pick: /Samsung/ },
      { ask: /^Discount/, answer: '499' },
      { search: /^Add another item/, term: 'usb', pick: /USB-C cable/ },
      { ask: /^Quantity/, answer: '2' },
      { ask: /^Unit price/, answer: 450 },
      { ask: /^Discount/, answer: '0' },
      { search: /^Add another item/, term: '', pick: /^Done/ },
      { ask: /^Paid by \(total 22,400\.00\)/, answer: /^Cash/ },
      { ask: /^Cash received \(due 22,400\.00\)/, answer: 2_400 },
      { ask: /^Paid by \(remaining 20,000\.00\)/, answer: /^M-Pesa/ },
      { ask: /^Amount by M-Pesa/, answer: 15_000 },
      // Nine characters are asked for again; typed in lower case with a space, the code is taken in capitals.
      { ask: /^M-Pesa transaction code/, answer: 'QWE123RTY' },
      { ask: /^M-Pesa transaction code/, answer: 'qwe123 rtyu' },
      { ask: /^Paid by \(remaining 5,000\.00\)/, answer: /on credit/ },
      { ask: /^What next\?/, answer: /^Save the sale: total 22,400\.00, paid 17,400\.00, 5,000\.00 on credit/ },
    ]);
    const { deps: d, said } = deps(prompter);
    const sale = await composeSaleInteractively(d);
    expect(prompter.left()).toBe(0);
    expect(sale?.idempotencyKey).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    const body = sale!.body;
    expect(body).toMatchObject({
      companyId: 1,
      retailShopId: 2,
      cashbookId: 1,
      userId: 3,
      issuedTo: 'Lucy Akinyi',
      issuedToPhone: '+254713535448',
      subTotal: 22_899,
      totalDiscount: 499,
      totalAmount: 22_400,
      amountPaid: 17_400,
      paymentMethod: 'MPESA',
      refNo: 'POS-2-0f8fad5b',
      channelsDto: [
        { channelId: 1, referenceNo: '', amount: 2_400 },
        { channelId: 2, referenceNo: 'QWE123RTYU', amount: 15_000 },
      ],
    });
    expect(prompter.refused).toEqual(['an M-Pesa code is ten letters and digits, e.g. SJ41H7QW2Z (this is 9 characters)']);
    expect(body.itemIssuesDto[0]).toMatchObject({
      invItemSpecsId: 77,
      itemProductId: 1,
      qty: 1,
      buyingPrice: 21_999,
      unitCost: 17_500,
      discount: 499,
      taxRateId: 1,
      taxIncExc: 1,
    });
    expect(body.itemIssuesDto[1]).toMatchObject({ itemProductId: 14, qty: 2, buyingPrice: 450 });
    expect(body.itemIssuesDto[1]).not.toHaveProperty('invItemSpecsId');
    expect(checkSale(body).problems).toEqual([]);
    // Running totals after each line.
    expect(said).toContain('  1 line: subtotal 21,999.00, discount 499.00, tax 2,965.52, total 21,500.00');
    expect(said).toContain('  2 lines: subtotal 22,899.00, discount 499.00, tax 3,089.66, total 22,400.00');
    expect(said).toContain('  balance 5,000.00 on credit');
  });

  it('takes header ids from the defaults, asks the tax of a unit that lacks it (its product is itemSpecId), and returns nothing when cancelled', async () => {
    const prompter = scripted([
      { ask: /^Customer name/, answer: 'Walk-in customer' },
      { ask: /^Customer phone/, answer: '-' },
      { search: /^Add an item/, term: 'nokia', pick: /Nokia 105/ },
      { ask: /^Tax rate/, answer: /Reduced/ },
      { ask: /^Is the tax in the price/, answer: 0 },
      { ask: /^Discount/, answer: '0' },
      { search: /^Add another/, term: '', pick: /^Done/ },
      { ask: /^Paid by/, answer: /^Cash/ },
      { ask: /^Cash received/, answer: 2_698.92 },
      { ask: /^What next/, answer: /^Cancel/ },
      { ask: /^Discard this sale/, answer: true },
    ]);
    const { deps: d } = deps(prompter, { defaults: { retailShopId: 1, cashbookId: 2, userId: 4 } });
    expect(await composeSaleInteractively(d)).toBeUndefined();
    expect(prompter.left()).toBe(0);
    expect(prompter.asked.some((q) => /^Shop|^Cashbook|^Sales person/.test(q))).toBe(false);
  });

  it('asks for ids and enters items by hand when the server has no reference lists and stock cannot be loaded', async () => {
    const prompter = scripted([
      { ask: /^Shop id/, answer: 5 },
      { ask: /^Cashbook id/, answer: 6 },
      { ask: /^Sales person id/, answer: 7 },
      { ask: /^Customer name/, answer: 'Jane' },
      { ask: /^Customer phone/, answer: '-' },
      { search: /^Add an item/, term: '', pick: /^Other item/ },
      { ask: /^Product id/, answer: 30 },
      { ask: /^Item name/, answer: 'Screen repair' },
      { ask: /^Quantity/, answer: '1' },
      { ask: /^Unit price/, answer: 3_500 },
      { ask: /^Unit cost/, answer: 1_800 },
      { ask: /^Tax rate in percent/, answer: '0' },
      { ask: /^Is the tax in the price/, answer: 1 },
      { ask: /^Discount/, answer: '0' },
      { search: /^Add another/, term: '', pick: /^Done/ },
      { ask: /^Paid by/, answer: /on credit/ },
      { ask: /^Payment method to record/, answer: 'MPESA' },
      { ask: /^What next/, answer: /^Save the sale/ },
    ]);
    const { deps: d, said } = deps(prompter, { refs: undefined, units: async () => Promise.reject(new Error('connection refused')) });
    const sale = await composeSaleInteractively(d);
    expect(prompter.left()).toBe(0);
    expect(said[0]).toMatch(/could not load the units in stock \(connection refused\)/);
    expect(sale!.body).toMatchObject({
      retailShopId: 5,
      cashbookId: 6,
      userId: 7,
      issuedToPhone: '',
      amountPaid: 0,
      paymentMethod: 'MPESA',
      totalAmount: 3_500,
    });
    expect(sale!.body.channelsDto).toBeUndefined();
    expect(sale!.body.itemIssuesDto[0]).toMatchObject({ itemProductId: 30, item: 'Screen repair', taxRateId: null, taxRate: 0 });
  });
});

describe('checks on entry, change, and the summary', () => {
  const header: Step[] = [
    { ask: /^Customer name/, answer: '   ' },
    { ask: /^Customer name/, answer: 'Lucy Akinyi' },
    { ask: /^Customer phone/, answer: '-' },
  ];

  it("refuses a blank customer name and a 51-character phone at the prompt, with the server's limits", async () => {
    const prompter = scripted([
      { ask: /^Customer name/, answer: '' },
      { ask: /^Customer name/, answer: 'Lucy Akinyi' },
      { ask: /^Customer phone/, answer: '0'.repeat(51) },
      { ask: /^Customer phone/, answer: '0712345678' },
      { search: /^Add an item/, term: 'ch014', pick: /USB-C cable/ },
      { ask: /^Quantity/, answer: '1' },
      { ask: /^Unit price/, answer: 450 },
      { ask: /^Discount/, answer: '500' },
      { ask: /^Discount/, answer: '10%' },
      { search: /^Add another/, term: '', pick: /^Done/ },
      { ask: /^Paid by/, answer: /^Cash/ },
      { ask: /^Cash received \(due 405\.00\)/, answer: 1_000 },
      { ask: /^What next/, answer: /^Save the sale: total 405\.00, paid 405\.00$/ },
    ]);
    const { deps: d, said } = deps(prompter, { defaults: { retailShopId: 1, cashbookId: 1, userId: 3 } });
    const sale = await composeSaleInteractively(d);
    expect(prompter.left()).toBe(0);
    expect(prompter.refused).toEqual([
      "the customer's name cannot be blank",
      'the phone number: at most 50 characters (this is 51)',
      "at most the line's 450.00",
    ]);
    // 10% of 450.00 = 45.00 off; 1,000.00 handed over for 405.00: change 595.00.
    expect(sale!.body).toMatchObject({ issuedTo: 'Lucy Akinyi', issuedToPhone: '0712345678', totalDiscount: 45, totalAmount: 405, amountPaid: 405 });
    expect(sale!.body.channelsDto).toEqual([{ channelId: 1, referenceNo: '', amount: 405, tendered: 1_000 }]);
    expect(said).toContain('  change: 595.00');
    expect(said).toContain('  payment 1: 405.00 by Cash, tendered 1,000.00, change 595.00');
    expect(checkSale(sale!.body).problems).toEqual([]);
  });

  it('changes and removes lines and payments at the summary before saving', async () => {
    const prompter = scripted([
      ...header,
      { search: /^Add an item/, term: '0010535', pick: /Samsung/ },
      { ask: /^Discount/, answer: '0' },
      { search: /^Add another/, term: 'usb', pick: /USB-C cable/ },
      { ask: /^Quantity/, answer: '2' },
      { ask: /^Unit price/, answer: 450 },
      { ask: /^Discount/, answer: '0' },
      { search: /^Add another/, term: '', pick: /^Done/ },
      { ask: /^Paid by \(total 22,899\.00\)/, answer: /^M-Pesa/ },
      { ask: /^Amount by M-Pesa/, answer: 22_899 },
      { ask: /^M-Pesa transaction code/, answer: 'QWE123RTYU' },
      // The customer keeps only the cable: the phone goes, the cable becomes 3.
      { ask: /^What next/, answer: /^Remove line 1: Samsung/ },
      { ask: /^What next/, answer: /^Change line 1: 2 x USB-C cable/ },
      { ask: /^Quantity/, answer: '3' },
      { ask: /^Unit price/, answer: 450 },
      { ask: /^Discount/, answer: '50' },
      // 22,899.00 paid is more than 1,300.00: no Save until the payment is taken again.
      { ask: /^What next/, answer: /^Remove payment 1: 22,899\.00 by M-Pesa/ },
      { ask: /^What next/, answer: /^Take a payment \(1,300\.00 to pay\)/ },
      { ask: /^Paid by \(total 1,300\.00\)/, answer: /^Cash/ },
      { ask: /^Cash received/, answer: 1_300 },
      { ask: /^What next/, answer: /^Save the sale: total 1,300\.00, paid 1,300\.00$/ },
    ]);
    const { deps: d, said } = deps(prompter, { defaults: { retailShopId: 1, cashbookId: 1, userId: 3 } });
    const sale = await composeSaleInteractively(d);
    expect(prompter.left()).toBe(0);
    expect(said).toContain('  the payments (22,899.00) are more than the total (1,300.00): remove a payment and take it again');
    expect(sale!.body.itemIssuesDto).toHaveLength(1);
    // 3 x 450.00 - 50.00 = 1,300.00.
    expect(sale!.body.itemIssuesDto[0]).toMatchObject({ item: 'USB-C cable 1m', qty: 3, discount: 50, lineTotal: 1_300 });
    expect(sale!.body).toMatchObject({
      totalAmount: 1_300,
      amountPaid: 1_300,
      paymentMethod: 'CASH',
      channelsDto: [{ channelId: 1, referenceNo: '', amount: 1_300 }],
    });
    expect(checkSale(sale!.body).problems).toEqual([]);
  });

  it("comes back to the summary with the server's reasons after a refusal, and sends the fixed sale under the same key", async () => {
    const prompter = scripted([
      ...header,
      { search: /^Add an item/, term: '0010535', pick: /Samsung/ },
      { ask: /^Discount/, answer: '0' },
      { search: /^Add another/, term: 'usb', pick: /USB-C cable/ },
      { ask: /^Quantity/, answer: '1' },
      { ask: /^Unit price/, answer: 450 },
      { ask: /^Discount/, answer: '0' },
      { search: /^Add another/, term: '', pick: /^Done/ },
      { ask: /^Paid by/, answer: /on credit/ },
      { ask: /^Payment method to record/, answer: 'CASH' },
      { ask: /^What next/, answer: /^Save the sale/ },
      { ask: /^What next/, answer: /^Remove line 1: Samsung/ },
      { ask: /^What next/, answer: /^Save the sale: total 450\.00/ },
    ]);
    const sent: { lines: number; key: string }[] = [];
    const { deps: d, said } = deps(prompter, {
      defaults: { retailShopId: 1, cashbookId: 1, userId: 3 },
      submit: async (sale) => {
        sent.push({ lines: sale.body.itemIssuesDto.length, key: sale.idempotencyKey });
        return sent.length === 1 ? { done: false, reasons: ['itemIssuesDto[0].invItemSpecsId: unit 77 is already sold'] } : { done: true };
      },
    });
    const sale = await composeSaleInteractively(d);
    expect(prompter.left()).toBe(0);
    expect(said).toContain('the service refused the sale; nothing was saved. Fix it here and save again:');
    expect(said).toContain('  - itemIssuesDto[0].invItemSpecsId: unit 77 is already sold');
    expect(sent).toEqual([
      { lines: 2, key: '0f8fad5b-d9cb-469f-a165-70867728950e' },
      { lines: 1, key: '0f8fad5b-d9cb-469f-a165-70867728950e' },
    ]);
    expect(sale!.body.itemIssuesDto.map((l) => l.item)).toEqual(['USB-C cable 1m']);
  });
});

describe('the item search', () => {
  it('matches every typed word against name, code, serial and IMEIs, and leaves out units already on the sale', () => {
    const names = (term: string, stock = [phone, bare]) => itemChoices(term, stock, refs.products, [], false).map((c) => c.name);
    expect(names('352123450010535')).toEqual(['Samsung Galaxy A15 128GB  IMEI 352123450010535  21,999.00']);
    expect(names('SN77')).toHaveLength(1);
    expect(names('galaxy a15')).toHaveLength(1);
    expect(names('ch014')).toEqual(['USB-C cable 1m (CH014)  450.00']);
    expect(names('nothing like it')).toEqual([]);
    expect(names('', [bare])).toHaveLength(2);
  });

  it('offers Done only once a line exists and nothing is typed', () => {
    const line = { item: 'x', itemProductId: 1, buyingPrice: 10, unitCost: 0, qty: 1, discount: 0, taxIncExc: 1 as const, taxRateId: null, taxRate: 0 };
    expect(itemChoices(undefined, [], [], [line], false)[0]?.name).toBe('Done: go to payment (1 line, total 10.00)');
    expect(itemChoices('x', [], [], [line], false)).toEqual([]);
    expect(itemChoices(undefined, [], [], [], false)).toEqual([]);
  });
});
