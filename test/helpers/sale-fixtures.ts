/**
 * Valid cash sale bodies built from the demo data of a company, for tests of the save. Their tax
 * and totals are worked out by the test's own exact arithmetic (exact-money.ts), not by the
 * domain code the server checks them with, so a stored total that matches is evidence.
 */
import type { SaveCashSaleBody, SaleLineInput } from '../../src/contract/cash-sale.js';
import { amountOf, lineFigures, scaled } from './exact-money.js';
import type { Store } from '../../src/store/sqlite/open-db.js';

export interface CompanyRefs {
  companyId: number;
  shopId: number;
  userId: number;
  cashbookId: number;
  channels: { CASH: number; MPESA: number; CHECK: number };
  accessory: { id: number; name: string; price: number; cost: number; taxRateId: number; taxRate: number; taxIncExc: 0 | 1 };
}

export function companyRefs(store: Store, companyId: number): CompanyRefs {
  const one = <T>(sql: string, ...params: unknown[]) => store.sqlite.prepare(sql).get(...params) as T;
  const channels = store.sqlite.prepare('select id, method from payment_channels where company_id = ?').all(companyId) as {
    id: number;
    method: 'CASH' | 'MPESA' | 'CHECK';
  }[];
  const accessory = one<{ id: number; name: string; price_cents: number; cost_cents: number; tax_rate_id: number; rate_bp: number; tax_inc_exc: 0 | 1 }>(
    `select p.id, p.name, p.price_cents, p.cost_cents, p.tax_rate_id, t.rate_bp, p.tax_inc_exc from item_products p join tax_rates t on t.id = p.tax_rate_id
      where p.company_id = ? and p.name = 'USB-C charger 25W'`,
    companyId,
  );
  return {
    companyId,
    shopId: one<{ id: number }>('select id from retail_shops where company_id = ? order by id', companyId).id,
    userId: one<{ id: number }>(`select id from users where company_id = ? and role = 'cashier' order by id`, companyId).id,
    cashbookId: one<{ id: number }>('select id from cashbooks where company_id = ? order by id', companyId).id,
    channels: Object.fromEntries(channels.map((c) => [c.method, c.id])) as CompanyRefs['channels'],
    accessory: {
      id: accessory.id,
      name: accessory.name,
      price: amountOf(BigInt(accessory.price_cents)),
      cost: amountOf(BigInt(accessory.cost_cents)),
      taxRateId: accessory.tax_rate_id,
      taxRate: accessory.rate_bp / 100,
      taxIncExc: accessory.tax_inc_exc,
    },
  };
}

export interface UnitRef {
  id: number;
  productId: number;
  name: string;
  price: number;
  cost: number;
  taxRateId: number;
  taxRate: number;
  taxIncExc: 0 | 1;
  imei1: string;
}

/** Units in stock of the company, oldest first, skipping `skip` of them. */
const UNITS_IN_STOCK_SQL = `select u.id, u.product_id, p.name, u.sale_price_cents, u.purchase_price_cents, p.tax_rate_id, t.rate_bp, p.tax_inc_exc, u.imei1
         from item_specs u join item_products p on p.id = u.product_id join tax_rates t on t.id = p.tax_rate_id
        where u.company_id = ? and u.status = 'in_stock' order by u.id limit ? offset ?`;
type UnitRow = {
  id: number;
  product_id: number;
  name: string;
  sale_price_cents: number;
  purchase_price_cents: number;
  tax_rate_id: number;
  rate_bp: number;
  tax_inc_exc: 0 | 1;
  imei1: string;
};

export function unitsInStock(store: Store, companyId: number, count = 1, skip = 0): UnitRef[] {
  return (store.sqlite.prepare(UNITS_IN_STOCK_SQL).all(companyId, count, skip) as UnitRow[]).map(unitRef);
}

/** The same, read from a server's own store on either backend (TestServer.rows): units the tests sold are no longer in stock. */
export async function unitsInStockOf(
  server: { rows<T>(sql: string, ...params: unknown[]): Promise<T[]> },
  companyId: number,
  count = 1,
  skip = 0,
): Promise<UnitRef[]> {
  return (await server.rows<UnitRow>(UNITS_IN_STOCK_SQL, companyId, count, skip)).map(unitRef);
}

function unitRef(r: UnitRow): UnitRef {
  return {
    id: r.id,
    productId: r.product_id,
    name: r.name,
    price: amountOf(BigInt(r.sale_price_cents)),
    cost: amountOf(BigInt(r.purchase_price_cents)),
    taxRateId: r.tax_rate_id,
    taxRate: r.rate_bp / 100,
    taxIncExc: Number(r.tax_inc_exc) as 0 | 1,
    imei1: r.imei1,
  };
}

/** A line with its tax and total, worked out independently of the domain code. */
export function line(input: Omit<SaleLineInput, 'taxAmount' | 'lineTotal'>): SaleLineInput {
  const figures = lineFigures(input);
  return { ...input, taxAmount: amountOf(figures.taxCents), lineTotal: amountOf(figures.lineTotalCents) };
}

export function accessoryLine(refs: CompanyRefs, qty = 1, discount = 0): SaleLineInput {
  const a = refs.accessory;
  return line({
    item: a.name,
    itemProductId: a.id,
    buyingPrice: a.price,
    unitCost: a.cost,
    qty,
    discount,
    taxIncExc: a.taxIncExc,
    taxRateId: a.taxRateId,
    taxRate: a.taxRate,
  });
}

export function unitLine(unit: UnitRef): SaleLineInput {
  return line({
    item: unit.name,
    itemProductId: unit.productId,
    invItemSpecsId: unit.id,
    buyingPrice: unit.price,
    unitCost: unit.cost,
    qty: 1,
    discount: 0,
    taxIncExc: unit.taxIncExc,
    taxRateId: unit.taxRateId,
    taxRate: unit.taxRate,
  });
}

/** A sale of the lines, paid in full (or `paid`) in cash, with the totals a client computes. */
export function saleBody(refs: CompanyRefs, lines: SaleLineInput[], options: { paid?: number; over?: Partial<SaveCashSaleBody> } = {}): SaveCashSaleBody {
  const sum = (f: (l: SaleLineInput) => number) => amountOf(lines.reduce((s, l) => s + scaled(f(l), 2), 0n));
  const subTotal = amountOf(lines.reduce((s, l) => s + lineFigures(l).grossCents, 0n));
  const totalAmount = sum((l) => l.lineTotal);
  const amountPaid = options.paid ?? totalAmount;
  return {
    issuedTo: 'Test customer',
    issuedToPhone: '+254700000001',
    amountPaid,
    paymentMethod: 'CASH',
    transactionType: 'CASH',
    refNo: 'TEST-1',
    notes: '',
    cashbookId: refs.cashbookId,
    userId: refs.userId,
    retailShopId: refs.shopId,
    companyId: refs.companyId,
    subTotal,
    totalDiscount: sum((l) => l.discount),
    totalTax: sum((l) => l.taxAmount),
    totalAmount,
    itemIssuesDto: lines,
    channelsDto: amountPaid > 0 ? [{ channelId: refs.channels.CASH, referenceNo: '', amount: amountPaid }] : [],
    ...options.over,
  };
}
