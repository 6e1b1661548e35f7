/**
 * What the quick start's reports should show on a demo store, read straight from its SQLite file
 * (a read-only connection of its own) and summed here in integer cents as DOMAIN.md defines each
 * figure: nothing of src/ computes them, so a report that drops, moves or miscounts a row shows
 * against these.
 */
import { readRows } from './read-store.js';

/** The calendar month (year x 100 + month) of an instant in a time zone. */
export function zoneMonthKey(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(new Date(ms));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return part('year') * 100 + part('month');
}

/** 'YYYY-MM-DD' of an instant in a time zone. */
export function zoneDay(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
}

/** round(a x b / d) half away from zero, exactly (a >= 0, b >= 0). */
function rounded(a: number, b: number, d: number): number {
  const n = BigInt(a) * BigInt(b);
  const q = n / BigInt(d);
  return Number(2n * (n % BigInt(d)) >= BigInt(d) ? q + 1n : q);
}

/** A+B natural order of unit numbers (A2 before A10). */
const natural = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

export function companyOf(db: string, companyId: number): { timeZone: string; vatBp: number } {
  return readRows<{ timeZone: string; vatBp: number }>(db, 'select time_zone as timeZone, vat_rate_bp as vatBp from companies where id = ?', companyId)[0]!;
}

const METHOD_LABEL: Record<string, string> = { CASH: 'Cash', MPESA: 'M-Pesa', CHECK: 'Cheque' };

export interface ExpectedSale {
  id: number;
  date: string;
  receipt: string;
  customer: string;
  total: number;
  paid: number;
  balance: number;
  payments: string;
}

/** The company's newest sales, newest first, with what each was paid through. */
export function expectedSales(db: string, companyId: number, limit: number): { count: number; rows: ExpectedSale[] } {
  const { timeZone } = companyOf(db, companyId);
  const sales = readRows<{ id: number; issueDate: number; receiptNo: string; issuedTo: string; total: number; paid: number }>(
    db,
    `select id, issue_date as issueDate, receipt_no as receiptNo, issued_to as issuedTo, total_amount_cents as total, amount_paid_cents as paid
       from cash_sales where company_id = ? order by issue_date desc, id desc limit ?`,
    companyId,
    limit,
  );
  const channels = readRows<{ saleId: number; method: string; amount: number }>(
    db,
    `select c.sale_id as saleId, p.method, c.amount_cents as amount from cash_sale_channels c join payment_channels p on p.id = c.channel_id
      where c.company_id = ? order by c.id`,
    companyId,
  );
  const count = readRows<{ n: number }>(db, 'select count(*) as n from cash_sales where company_id = ?', companyId)[0]!.n;
  return {
    count,
    rows: sales.map((s) => ({
      id: s.id,
      date: zoneDay(s.issueDate, timeZone),
      receipt: s.receiptNo,
      customer: s.issuedTo,
      total: s.total,
      paid: s.paid,
      balance: s.total - s.paid,
      payments: channels
        .filter((c) => c.saleId === s.id && c.amount > 0)
        .map((c) => `${METHOD_LABEL[c.method]} ${moneyText(c.amount)}`)
        .join(' + '),
    })),
  };
}

export interface ExpectedSaleItem {
  id: number;
  date: string;
  item: string;
  qty: string;
  unitPrice: number;
  discount: number;
  /** The tax a tax-exclusive line adds to its price (an inclusive line's tax is in its price: none added). */
  taxAdded: number;
  lineTotal: number;
  customer: string;
}

/** The company's newest sale lines, newest first, each with its sale's customer. */
export function expectedSaleItems(db: string, companyId: number, limit: number): { count: number; rows: ExpectedSaleItem[] } {
  const { timeZone } = companyOf(db, companyId);
  const rows = readRows<{
    id: number;
    issueDate: number;
    item: string;
    qtyMilli: number;
    price: number;
    discount: number;
    tax: number;
    inclusive: number;
    lineTotal: number;
    customer: string;
  }>(
    db,
    `select l.id, l.issue_date as issueDate, l.item_name as item, l.qty_milli as qtyMilli, l.price_cents as price, l.discount_cents as discount,
            l.tax_cents as tax, l.tax_inc_exc as inclusive, l.line_total_cents as lineTotal, s.issued_to as customer
       from cash_sale_lines l join cash_sales s on s.id = l.sale_id
      where l.company_id = ? order by l.issue_date desc, l.id desc limit ?`,
    companyId,
    limit,
  );
  const count = readRows<{ n: number }>(db, 'select count(*) as n from cash_sale_lines where company_id = ?', companyId)[0]!.n;
  return {
    count,
    rows: rows.map((r) => ({
      id: r.id,
      date: zoneDay(r.issueDate, timeZone),
      item: r.item,
      qty: String(r.qtyMilli / 1000),
      unitPrice: r.price,
      discount: r.discount,
      taxAdded: r.inclusive === 1 ? 0 : r.tax,
      lineTotal: r.lineTotal,
      customer: r.customer,
    })),
  };
}

export interface ExpectedSpec {
  id: number;
  item: string;
  serial: string;
  imei: string;
  colour: string;
  salePrice: number;
  shop: string;
}

/** The company's units in stock, by id. */
export function expectedSpecs(db: string, companyId: number, limit: number): { count: number; rows: ExpectedSpec[] } {
  const rows = readRows<ExpectedSpec>(
    db,
    `select u.id, p.name as item, coalesce(u.serial_no, '') as serial, coalesce(u.imei1, '') as imei, coalesce(u.colour, '') as colour,
            u.sale_price_cents as salePrice, coalesce(s.name, '') as shop
       from item_specs u join item_products p on p.id = u.product_id left join retail_shops s on s.id = u.shop_id
      where u.company_id = ? and u.status = 'in_stock' order by u.id limit ?`,
    companyId,
    limit,
  );
  const count = readRows<{ n: number }>(db, `select count(*) as n from item_specs where company_id = ? and status = 'in_stock'`, companyId)[0]!.n;
  return { count, rows };
}

/** A paid-and-balance row's figures, in cents. */
export interface ExpectedBalanceRow {
  property: string;
  unit: string;
  tenant: string;
  marketRent: number;
  totalBf: number;
  rent: number;
  rentTax: number;
  service: number;
  serviceTax: number;
  paidRent: number;
  paidRentTax: number;
  paidService: number;
  paidServiceTax: number;
  totalCf: number;
}

/**
 * The paid-and-balance rows of a month (year x 100 + month): one per tenancy active in it or
 * with a receipt dated in it, one VACANT per unit with none active; in report order (property
 * name, unit in natural order). Charges count in the month they are for, receipts' allocations in
 * the month of their date; b/f is everything charged (with tax) less everything paid to rent and
 * service before the month.
 */
export function expectedPaidBalance(db: string, scope: { companyId: number; zoneId?: number; propertyId?: number }, monthKey: number): ExpectedBalanceRow[] {
  const { timeZone } = companyOf(db, scope.companyId);
  const units = readRows<{ unitId: number; property: string; unit: string; marketRent: number }>(
    db,
    `select u.id as unitId, p.name as property, u.unit_no as unit, u.market_rent_cents as marketRent
       from units u join properties p on p.id = u.property_id
      where p.company_id = ? and (? is null or p.zone_id = ?) and (? is null or p.id = ?)`,
    scope.companyId,
    scope.zoneId ?? null,
    scope.zoneId ?? null,
    scope.propertyId ?? null,
    scope.propertyId ?? null,
  );
  const tenancies = readRows<{ id: number; unitId: number; tenant: string; start: number; end: number | null }>(
    db,
    `select t.id, t.unit_id as unitId, n.name as tenant, t.start_date as start, t.end_date as end
       from tenancies t join tenants n on n.id = t.tenant_id where t.company_id = ? order by t.start_date, t.id`,
    scope.companyId,
  );
  const charges = readRows<{ tenancyId: number; kind: string; monthKey: number; amount: number; tax: number }>(
    db,
    `select tenancy_id as tenancyId, kind, month_key as monthKey, amount_cents as amount, tax_cents as tax from charges where company_id = ?`,
    scope.companyId,
  );
  const paid = readRows<{ tenancyId: number; part: string; date: number; amount: number }>(
    db,
    `select a.tenancy_id as tenancyId, a.part, a.receipt_date as date, a.amount_cents as amount
       from receipt_allocations a join tenancies t on t.id = a.tenancy_id where t.company_id = ?`,
    scope.companyId,
  );
  const active = (t: (typeof tenancies)[number]) =>
    zoneMonthKey(t.start, timeZone) <= monthKey && (t.end === null || zoneMonthKey(t.end, timeZone) >= monthKey);
  const rows: ExpectedBalanceRow[] = [];
  for (const u of units) {
    const ofUnit = tenancies.filter((t) => t.unitId === u.unitId);
    const receivedIn = (t: (typeof tenancies)[number]) => paid.some((a) => a.tenancyId === t.id && zoneMonthKey(a.date, timeZone) === monthKey);
    for (const t of ofUnit.filter((t) => active(t) || receivedIn(t))) {
      const own = charges.filter((c) => c.tenancyId === t.id);
      const allocations = paid.filter((a) => a.tenancyId === t.id).map((a) => ({ ...a, month: zoneMonthKey(a.date, timeZone) }));
      const charged = (kind: string, field: 'amount' | 'tax') =>
        own.filter((c) => c.kind === kind && c.monthKey === monthKey).reduce((s, c) => s + c[field], 0);
      const paidIn = (part: string) => allocations.filter((a) => a.part === part && a.month === monthKey).reduce((s, a) => s + a.amount, 0);
      const chargedBefore = own.filter((c) => c.kind !== 'other' && c.monthKey < monthKey).reduce((s, c) => s + c.amount + c.tax, 0);
      const paidBefore = allocations.filter((a) => a.part !== 'other' && a.month < monthKey).reduce((s, a) => s + a.amount, 0);
      const row = {
        property: u.property,
        unit: u.unit,
        tenant: t.tenant,
        marketRent: u.marketRent,
        totalBf: chargedBefore - paidBefore,
        rent: charged('rent', 'amount'),
        rentTax: charged('rent', 'tax'),
        service: charged('service', 'amount'),
        serviceTax: charged('service', 'tax'),
        paidRent: paidIn('rent'),
        paidRentTax: paidIn('rent_tax'),
        paidService: paidIn('service'),
        paidServiceTax: paidIn('service_tax'),
      };
      const cf = row.totalBf + row.rent + row.rentTax + row.service + row.serviceTax - row.paidRent - row.paidRentTax - row.paidService - row.paidServiceTax;
      rows.push({ ...row, totalCf: cf });
    }
    if (!ofUnit.some(active)) {
      const zero = { totalBf: 0, rent: 0, rentTax: 0, service: 0, serviceTax: 0, paidRent: 0, paidRentTax: 0, paidService: 0, paidServiceTax: 0, totalCf: 0 };
      rows.push({ property: u.property, unit: u.unit, tenant: 'VACANT', marketRent: u.marketRent, ...zero });
    }
  }
  return rows.sort((a, b) => a.property.localeCompare(b.property) || natural(a.unit, b.unit));
}

export interface ExpectedPayAdvice {
  rentReceived: number;
  serviceReceived: number;
  periodIncome: number;
  taxReceived: number;
  expenses: number;
  fees: number;
  feesVat: number;
  deductions: number;
  balanceBf: number;
  netAmountDue: number;
  statementType: 'FINAL' | 'INTERIM';
  lines: ExpectedBalanceRow[];
}

/**
 * A property's COMBINED pay advice of a month: rent and service received without tax, the fee
 * on their sum at the property's rate and VAT on it at the company's, the month's expenses, the
 * balance the last FINAL statement before the month carried, and a rent line per paid-and-balance
 * row.
 */
export function expectedPayAdvice(db: string, companyId: number, propertyId: number, monthKey: number): ExpectedPayAdvice {
  const { timeZone, vatBp } = companyOf(db, companyId);
  const lines = expectedPaidBalance(db, { companyId, propertyId }, monthKey);
  const sum = (f: (r: ExpectedBalanceRow) => number) => lines.reduce((s, r) => s + f(r), 0);
  const rateBp = readRows<{ bp: number }>(db, 'select man_fee_rate_bp as bp from properties where id = ?', propertyId)[0]!.bp;
  const expenses = readRows<{ date: number; amount: number }>(
    db,
    'select expense_date as date, amount_cents as amount from expenses where property_id = ?',
    propertyId,
  )
    .filter((e) => zoneMonthKey(e.date, timeZone) === monthKey)
    .reduce((s, e) => s + e.amount, 0);
  const year = Math.floor(monthKey / 100);
  const month = monthKey % 100;
  const finals = readRows<{ key: number; carried: number }>(
    db,
    `select year * 100 + month as key, balance_cf_cents as carried from statements where property_id = ? and statement_type = 'FINAL' order by year, month`,
    propertyId,
  );
  const rentReceived = sum((r) => r.paidRent);
  const serviceReceived = sum((r) => r.paidService);
  const periodIncome = rentReceived + serviceReceived;
  const taxReceived = sum((r) => r.paidRentTax + r.paidServiceTax);
  const fees = rounded(periodIncome, rateBp, 10_000);
  const feesVat = rounded(fees, vatBp, 10_000);
  const balanceBf = finals.filter((f) => f.key < year * 100 + month).at(-1)?.carried ?? 0;
  const deductions = fees + feesVat + expenses;
  return {
    ...{ rentReceived, serviceReceived, periodIncome, taxReceived, expenses, fees, feesVat, deductions, balanceBf },
    netAmountDue: balanceBf + periodIncome + taxReceived - deductions,
    statementType: finals.some((f) => f.key === monthKey) ? 'FINAL' : 'INTERIM',
    lines,
  };
}

export interface ExpectedStatement {
  id: number;
  property: string;
  month: string;
  year: number;
  status: string;
  prepared: string;
  balanceBf: number;
  periodIncome: number;
  periodVat: number;
  feesTotal: number;
  expenses: number;
  deferredPayment: number;
  payable: number;
}

const MONTH_NAMES = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];

/** A landlord's stored statements as the store holds them: newest month first, then property code, then newest statement. */
export function expectedStatements(db: string, companyId: number, landlordId: number): ExpectedStatement[] {
  const { timeZone } = companyOf(db, companyId);
  return readRows<{
    id: number;
    property: string;
    year: number;
    month: number;
    type: string;
    approved: string | null;
    paid: string;
    prepared: number;
    balanceBf: number;
    periodIncome: number;
    periodVat: number;
    feesTotal: number;
    expenses: number;
    deferredPayment: number;
    payable: number;
  }>(
    db,
    `select id, property_name as property, year, month, statement_type as type, approved_for_pmt as approved, paid_posted as paid, date_prepared as prepared,
            bal_bf_cents as balanceBf, period_income_cents as periodIncome, period_vat_cents as periodVat, man_fees_total_cents as feesTotal,
            expenses_cents as expenses, deferred_payment_cents as deferredPayment, amt_pyble_cents as payable
       from statements where company_id = ? and landlord_id = ? order by year desc, month desc, property_code, id desc`,
    companyId,
    landlordId,
  ).map(({ type, approved, paid, prepared, month, ...s }) => ({
    ...s,
    month: MONTH_NAMES[month - 1]!,
    status: paid === 'YES' ? 'paid' : approved === 'YES' ? 'approved' : `${type} draft`,
    prepared: zoneDay(prepared, timeZone),
  }));
}

/** Cents as a table shows them: 1,234.56. */
export function moneyText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** A table's amount (1,234.56 or -1,234.56) in cents, exactly; anything else throws. */
export function centsOfText(text: string): number {
  const m = /^(-?)([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!m) throw new Error(`not an amount: '${text}'`);
  const cents = Number(m[2]!.replaceAll(',', '')) * 100 + Number(m[3]);
  return m[1] ? -cents : cents;
}
