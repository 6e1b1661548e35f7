/**
 * Demo catalog, stock and past sales of each company: shops, warehouses, cashiers, cashbooks,
 * tax rates (16%, 8%, 0%), payment channels, ~30 phone and accessory products, serialised
 * phones in stock with unique IMEIs, and past sales over the last 18 months whose amounts come
 * from the same domain rules the server applies to a save. Deterministic from context.random.
 * Scale 1 gives company 1 a few hundred units and sales; scale 100 about 100k sales.
 */
import { toMilli } from '../../../domain/quantity.js';
import { checkPayment } from '../../../domain/payment.js';
import { computeSaleLine, type SaleLineAmounts, type TaxIncExc } from '../../../domain/sale-line.js';
import { computeSaleTotals } from '../../../domain/sale-totals.js';
import { SALE_LINE_COLUMNS } from '../../tables/sale-to-write.js';
import { insertMany, type DemoCompany, type DemoContext } from './demo-context.js';

const UNITS_IN_STOCK = 300;
const SALES = 900;
const HISTORY_DAYS = 548;
const DAY = 86_400_000;

interface ProductSeed {
  name: string;
  category: string;
  price: number;
  cost: number;
  rate: 'std' | 'reduced' | 'zero';
  incExc: TaxIncExc;
  /** Type allocation code of a phone: its units carry IMEIs. */
  tac?: string;
  /** Sold by the metre (quantities like 0.5). */
  metre?: boolean;
}

const PRODUCTS: ProductSeed[] = [
  { name: 'Samsung Galaxy A15 128GB', category: 'Smartphones', price: 21_999, cost: 17_500, rate: 'std', incExc: 1, tac: '35212345' },
  { name: 'Samsung Galaxy A25 256GB', category: 'Smartphones', price: 32_499, cost: 26_000, rate: 'std', incExc: 1, tac: '35212346' },
  { name: 'Samsung Galaxy S24 256GB', category: 'Smartphones', price: 119_999, cost: 98_000, rate: 'std', incExc: 1, tac: '35212347' },
  { name: 'Tecno Spark 20 128GB', category: 'Smartphones', price: 15_499, cost: 12_100, rate: 'std', incExc: 1, tac: '86012340' },
  { name: 'Tecno Camon 30 256GB', category: 'Smartphones', price: 29_999, cost: 24_300, rate: 'std', incExc: 1, tac: '86012341' },
  { name: 'Infinix Hot 40i 128GB', category: 'Smartphones', price: 14_299, cost: 11_200, rate: 'std', incExc: 1, tac: '86012342' },
  { name: 'Infinix Note 40 256GB', category: 'Smartphones', price: 27_999, cost: 22_450, rate: 'std', incExc: 1, tac: '86012343' },
  { name: 'iPhone 13 128GB', category: 'Smartphones', price: 84_999, cost: 71_000, rate: 'std', incExc: 1, tac: '35391811' },
  { name: 'iPhone 15 128GB', category: 'Smartphones', price: 129_999, cost: 108_500, rate: 'std', incExc: 1, tac: '35391812' },
  { name: 'Redmi 13C 128GB', category: 'Smartphones', price: 16_999, cost: 13_400, rate: 'std', incExc: 1, tac: '86443210' },
  { name: 'Nokia 105 (2023)', category: 'Feature phones', price: 2_499, cost: 1_850, rate: 'std', incExc: 1, tac: '35680512' },
  { name: 'Itel it2163', category: 'Feature phones', price: 1_599, cost: 1_120, rate: 'std', incExc: 1, tac: '35680513' },
  { name: 'USB-C charger 25W', category: 'Chargers & cables', price: 1_850, cost: 900, rate: 'std', incExc: 1 },
  { name: 'USB-C cable 1m', category: 'Chargers & cables', price: 450, cost: 180, rate: 'std', incExc: 1 },
  { name: 'Lightning cable 1m', category: 'Chargers & cables', price: 990, cost: 420, rate: 'std', incExc: 1 },
  { name: 'Micro-USB charger 10W', category: 'Chargers & cables', price: 650, cost: 310, rate: 'std', incExc: 1 },
  { name: 'Car charger dual port', category: 'Chargers & cables', price: 1_199.5, cost: 560, rate: 'std', incExc: 0 },
  { name: 'Wired earphones', category: 'Audio', price: 399, cost: 150, rate: 'std', incExc: 1 },
  { name: 'Bluetooth earbuds', category: 'Audio', price: 2_999, cost: 1_700, rate: 'std', incExc: 1 },
  { name: 'Bluetooth speaker mini', category: 'Audio', price: 3_499.99, cost: 2_100, rate: 'std', incExc: 0 },
  { name: 'Silicone case', category: 'Cases & protection', price: 499, cost: 120, rate: 'reduced', incExc: 1 },
  { name: 'Flip cover', category: 'Cases & protection', price: 899, cost: 310, rate: 'reduced', incExc: 1 },
  { name: 'Tempered glass protector', category: 'Cases & protection', price: 350, cost: 75, rate: 'reduced', incExc: 1 },
  { name: 'Screen film (per metre)', category: 'Cases & protection', price: 1_299.99, cost: 400, rate: 'reduced', incExc: 0, metre: true },
  { name: 'Power bank 10,000 mAh', category: 'Power banks', price: 2_499, cost: 1_450, rate: 'std', incExc: 1 },
  { name: 'Power bank 20,000 mAh', category: 'Power banks', price: 3_999, cost: 2_480, rate: 'std', incExc: 1 },
  { name: 'Memory card 64GB', category: 'Storage', price: 1_099, cost: 640, rate: 'std', incExc: 0 },
  { name: 'Memory card 128GB', category: 'Storage', price: 1_899, cost: 1_150, rate: 'std', incExc: 0 },
  { name: 'SIM card replacement', category: 'Services', price: 50, cost: 0, rate: 'zero', incExc: 1 },
  { name: 'Screen repair service', category: 'Services', price: 3_500, cost: 1_800, rate: 'zero', incExc: 1 },
];

const CUSTOMERS = [
  'Walk-in customer',
  'Achieng Otieno',
  'Brian Kiprono',
  'Caroline Wanjiru',
  'David Mwangi',
  'Esther Njeri',
  'Faith Chebet',
  'George Odhiambo',
  'Hassan Ali',
  'Irene Mutua',
  "Joseph O'Neill",
  'Kevin Kamau',
  'Lucy Akinyi',
  'Mercy Wambui',
];
const COLOURS: [string, string][] = [
  ['Black', 'Midnight'],
  ['Blue', 'Ocean'],
  ['Green', 'Mint'],
  ['White', 'Pearl'],
  ['Gold', 'Sunrise'],
];

/** Next free id of a table, so rows can name each other before they are written. */
function nextId(context: DemoContext, table: string): number {
  return context.store.sqlite.prepare<[], { n: number }>(`select coalesce(max(id), 0) + 1 as n from ${table}`).get()!.n;
}

/** Appends the Luhn check digit to the 14 digits of an IMEI. */
function withLuhn(digits14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(digits14[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits14 + String((10 - (sum % 10)) % 10);
}

const cents = (amount: number) => Math.round(amount * 100);

/** The demo's shops: the first company's in Nairobi, the second's in Kampala (no address shared between companies). */
const NAIROBI_SHOPS: readonly [string, string][] = [
  ['Moi Avenue', 'Moi Avenue 12, Nairobi'],
  ['Westlands', 'Woodvale Grove 4, Westlands, Nairobi'],
  ['Mombasa Road', 'Panari Centre, Mombasa Road, Nairobi'],
];
const KAMPALA_SHOPS: readonly [string, string][] = [
  ['Moi Avenue', 'Kampala Road 5, Kampala'],
  ['Westlands', 'Acacia Avenue 14, Kololo, Kampala'],
  ['Mombasa Road', 'Jinja Road 88, Kampala'],
];

export function seedSalesDemo(context: DemoContext): void {
  for (const company of context.companies) seedCompany(context, company);
}

function seedCompany(context: DemoContext, company: DemoCompany): void {
  const { store, random } = context;
  const c = company.id;
  const volume = (base: number) => Math.max(5, Math.round(base * company.share * context.scale));

  const shopId = nextId(context, 'retail_shops');
  // Each shop at its own address (receipts print it); the first is the company's office too.
  const shops = (c === 1 ? NAIROBI_SHOPS : KAMPALA_SHOPS).map(([name, address], i) => ({ id: shopId + i, name, address }));
  insertMany(
    store,
    'retail_shops',
    ['id', 'company_id', 'name', 'location'],
    shops.map((s) => [s.id, c, `${s.name} shop`, s.address]),
  );

  const warehouseId = nextId(context, 'warehouses');
  const warehouses = [0, 1].map((i) => ({ id: warehouseId + i, shopId: shops[i]!.id }));
  insertMany(
    store,
    'warehouses',
    ['id', 'company_id', 'name', 'shop_id'],
    warehouses.map((w, i) => [w.id, c, i === 0 ? 'Main store' : 'Back store', w.shopId]),
  );

  const userId = nextId(context, 'users');
  const cashierNames = ['Grace Wairimu', 'Peter Otieno', 'Amina Hassan', 'Samuel Kiptoo'];
  const cashiers = cashierNames.map((_, i) => userId + i);
  insertMany(
    store,
    'users',
    ['id', 'company_id', 'name', 'role'],
    cashierNames.map((name, i) => [cashiers[i], c, name, 'cashier']),
  );

  const cashbookId = nextId(context, 'cashbooks');
  const cashbooks = { CASH: cashbookId, MPESA: cashbookId + 1, CHECK: cashbookId + 2 };
  insertMany(
    store,
    'cashbooks',
    ['id', 'company_id', 'code', 'name'],
    [
      [cashbooks.CASH, c, '1001', 'Cash at till'],
      [cashbooks.MPESA, c, '1002', 'M-Pesa float'],
      [cashbooks.CHECK, c, '1010', 'Bank current account'],
    ],
  );

  const taxId = nextId(context, 'tax_rates');
  const rates = { std: { id: taxId, bp: 1600 }, reduced: { id: taxId + 1, bp: 800 }, zero: { id: taxId + 2, bp: 0 } };
  insertMany(
    store,
    'tax_rates',
    ['id', 'company_id', 'name', 'rate_bp'],
    [
      [rates.std.id, c, 'VAT 16%', 1600],
      [rates.reduced.id, c, 'Reduced 8%', 800],
      [rates.zero.id, c, 'Zero rated', 0],
    ],
  );

  const channelId = nextId(context, 'payment_channels');
  const channels = { CASH: channelId, MPESA: channelId + 1, CHECK: channelId + 2 } as const;
  insertMany(
    store,
    'payment_channels',
    ['id', 'company_id', 'name', 'method'],
    [
      [channels.CASH, c, 'Cash', 'CASH'],
      [channels.MPESA, c, 'M-Pesa till 512345', 'MPESA'],
      [channels.CHECK, c, 'Cheque', 'CHECK'],
    ],
  );

  const categoryId = nextId(context, 'item_categories');
  const categoryNames = [...new Set(PRODUCTS.map((p) => p.category))];
  const categoryOf = new Map(categoryNames.map((name, i) => [name, categoryId + i]));
  insertMany(
    store,
    'item_categories',
    ['id', 'company_id', 'name'],
    categoryNames.map((name) => [categoryOf.get(name), c, name]),
  );

  const productId = nextId(context, 'item_products');
  const products = PRODUCTS.map((p, i) => ({
    ...p,
    id: productId + i,
    code: `${p.category.slice(0, 2).toUpperCase()}${String(i + 1).padStart(3, '0')}`,
    categoryId: categoryOf.get(p.category)!,
    priceCents: cents(p.price),
    costCents: cents(p.cost),
    tax: rates[p.rate],
  }));
  insertMany(
    store,
    'item_products',
    ['id', 'company_id', 'category_id', 'name', 'code', 'price_cents', 'cost_cents', 'tax_rate_id', 'tax_inc_exc'],
    products.map((p) => [p.id, c, p.categoryId, p.name, p.code, p.priceCents, p.costCents, p.tax.id, p.incExc]),
  );
  const phones = products.filter((p) => p.tac);
  const accessories = products.filter((p) => !p.tac);

  // Serialised units: a per-product counter keeps IMEIs unique; IMEI 2 lives in the upper half.
  const unitRows: unknown[][] = [];
  const identifierRows: unknown[][] = [];
  const serialCounter = new Map<number, number>();
  let nextUnitId = nextId(context, 'item_specs');
  const makeUnit = (phone: (typeof phones)[number], soldLineId: number | null) => {
    const n = serialCounter.get(phone.id) ?? random.int(0, 9_999);
    serialCounter.set(phone.id, n + 1 + random.int(0, 3));
    const imei1 = withLuhn(`${phone.tac}${String(n).padStart(6, '0')}`);
    const dual = phone.category === 'Smartphones';
    const imei2 = dual ? withLuhn(`${phone.tac}${String(n + 500_000).padStart(6, '0')}`) : null;
    const serial = `SN${phone.code}${String(n).padStart(7, '0')}`;
    const [colour, variant] = random.pick(COLOURS);
    const purchase = phone.costCents - random.int(0, 5) * 10_000;
    const id = nextUnitId++;
    const warehouse = random.pick(warehouses);
    unitRows.push([
      id,
      c,
      phone.id,
      serial,
      imei1,
      imei2,
      colour,
      variant,
      Math.max(0, purchase),
      phone.priceCents,
      warehouse.id,
      warehouse.shopId,
      soldLineId === null ? 'in_stock' : 'sold',
      soldLineId,
    ]);
    identifierRows.push([c, serial, id, 'serial'], [c, imei1, id, 'imei']);
    if (imei2) identifierRows.push([c, imei2, id, 'imei']);
    return { id, purchase: Math.max(0, purchase) };
  };
  for (let i = volume(UNITS_IN_STOCK); i > 0; i--) makeUnit(random.pick(phones), null);

  // Past sales, oldest first, so ids and receipt numbers follow the dates.
  const saleCount = volume(SALES);
  const dates = Array.from({ length: saleCount }, () => context.now - random.int(0, HISTORY_DAYS * DAY));
  dates.sort((a, b) => a - b);
  let saleId = nextId(context, 'cash_sales');
  let lineId = nextId(context, 'cash_sale_lines');
  const saleRows: unknown[][] = [];
  const lineRows: unknown[][] = [];
  const channelRows: unknown[][] = [];
  const methods = ['CASH', 'MPESA', 'CHECK'] as const;
  let receiptSeq = 0;
  for (const issueDate of dates) {
    const id = saleId++;
    const shop = random.pick(shops);
    const user = random.pick(cashiers);
    const lines: { amounts: SaleLineAmounts; row: unknown[] }[] = [];
    const lineCount = random.int(1, 3);
    const withPhone = random.chance(0.45);
    for (let n = 0; n < lineCount; n++) {
      const phone = n === 0 && withPhone;
      const product = phone ? random.pick(phones) : random.pick(accessories);
      const lid = lineId++;
      const unit = phone ? makeUnit(product, lid) : undefined;
      const qtyMilli = phone ? 1000 : product.metre ? toMilli(random.pick([0.5, 1, 1.5, 2.25])) : random.int(1, 3) * 1000;
      const priceCents = phone && random.chance(0.2) ? product.priceCents - random.int(1, 10) * 100 : product.priceCents;
      const unitCostCents = unit ? unit.purchase : product.costCents;
      const grossCents = Math.round((priceCents * qtyMilli) / 1000);
      const discountCents = random.chance(0.1) ? Math.min(grossCents, random.int(1, 20) * 25) : 0;
      const amounts = computeSaleLine({ priceCents, qtyMilli, discountCents, taxRateBp: product.tax.bp, taxIncExc: product.incExc, unitCostCents });
      lines.push({
        amounts,
        row: [
          lid,
          id,
          c,
          n,
          issueDate,
          shop.id,
          user,
          product.name,
          product.id,
          product.categoryId,
          unit?.id ?? null,
          priceCents,
          product.priceCents,
          product.priceCents,
          unitCostCents,
          qtyMilli,
          discountCents,
          product.incExc,
          product.tax.id,
          product.tax.bp,
          amounts.taxCents,
          amounts.lineTotalCents,
          amounts.profitCents,
        ],
      });
    }
    const totals = computeSaleTotals(lines.map((l) => l.amounts));
    const method = random.chance(0.55) ? 'MPESA' : random.chance(0.9) ? 'CASH' : 'CHECK';
    const kind = random.next();
    let channelAmounts: [number, number][];
    if (kind < 0.8) channelAmounts = [[channels[method], totals.totalAmountCents]];
    else if (kind < 0.9) {
      const first = Math.floor(totals.totalAmountCents * (0.2 + 0.6 * random.next()));
      channelAmounts = [
        [channels.CASH, first],
        [channels.MPESA, totals.totalAmountCents - first],
      ];
    } else {
      // Sold partly on credit: a deposit, or nothing paid yet.
      const deposit = random.chance(0.7) ? Math.floor((totals.totalAmountCents * random.int(2, 8)) / 10) : 0;
      channelAmounts = deposit > 0 ? [[channels[method], deposit]] : [];
    }
    const paid = checkPayment({
      totalAmountCents: totals.totalAmountCents,
      amountPaidCents: channelAmounts.reduce((s, [, a]) => s + a, 0),
      channelCents: channelAmounts.map(([, a]) => a),
    });
    receiptSeq++;
    const customer = random.pick(CUSTOMERS);
    saleRows.push([
      id,
      c,
      issueDate,
      customer,
      customer === 'Walk-in customer' ? '' : `+2547${String(random.int(0, 99_999_999)).padStart(8, '0')}`,
      paid.amountPaidCents,
      method,
      method,
      `POS-${shop.id}-${receiptSeq}`,
      `R${String(receiptSeq).padStart(6, '0')}`,
      paid.balanceCents > 0 ? 'balance on credit' : '',
      cashbooks[method],
      shop.id,
      user,
      totals.subTotalCents,
      totals.totalDiscountCents,
      totals.totalTaxCents,
      totals.totalAmountCents,
      paid.balanceCents,
      issueDate,
      issueDate,
    ]);
    for (const l of lines) lineRows.push(l.row);
    for (const [channel, amount] of channelAmounts) {
      channelRows.push([
        id,
        c,
        channel,
        channel === channels.CASH ? '' : `${methods[channel - channels.CASH]}${String(random.int(0, 9_999_999)).padStart(7, '0')}`,
        amount,
      ]);
    }
  }

  insertMany(
    store,
    'item_specs',
    [
      'id',
      'company_id',
      'product_id',
      'serial_no',
      'imei1',
      'imei2',
      'colour',
      'colour_variant',
      'purchase_price_cents',
      'sale_price_cents',
      'warehouse_id',
      'shop_id',
      'status',
      'sold_line_id',
    ],
    unitRows,
  );
  insertMany(store, 'item_identifiers', ['company_id', 'identifier', 'item_spec_id', 'kind'], identifierRows);
  insertMany(
    store,
    'cash_sales',
    [
      'id',
      'company_id',
      'issue_date',
      'issued_to',
      'issued_to_phone',
      'amount_paid_cents',
      'payment_method',
      'transaction_type',
      'ref_no',
      'receipt_no',
      'notes',
      'cashbook_id',
      'retail_shop_id',
      'user_id',
      'sub_total_cents',
      'total_discount_cents',
      'total_tax_cents',
      'total_amount_cents',
      'balance_cents',
      'created_at',
      'updated_at',
    ],
    saleRows,
  );
  insertMany(store, 'cash_sale_lines', ['id', ...SALE_LINE_COLUMNS], lineRows);
  insertMany(store, 'cash_sale_channels', ['sale_id', 'company_id', 'channel_id', 'reference_no', 'amount_cents'], channelRows);
  store.sqlite.prepare('update companies set receipt_seq = ? where id = ?').run(receiptSeq, c);
}
