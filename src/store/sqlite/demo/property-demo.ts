/**
 * Demo property portfolio and its ledger, per company (volume = company.share * scale):
 * zones, field officers, landlords, properties of 6 to 24 units (about 100 units at scale 1,
 * 10k at scale 100, some vacant), tenants and tenancies (some ended and re-let), 18 months of
 * monthly rent and service charges and water bills up to "now", receipts from tenants of
 * several habits (prompt, part payers, in arrears, paying ahead, stopped paying) allocated with
 * the domain's allocation rule, and property expenses. The landlord statements are prepared by
 * the statement services on top of this (statement-demo.ts).
 *
 * Rows get their ids here and go in with multi-row INSERTs: the ledger of scale 100 is about
 * a million rows.
 */
import { addMonths, monthOf, monthKey, monthRange, type YearMonth } from '../../../domain/month-range.js';
import { percentOf } from '../../../domain/money.js';
import { TenancyLedger, type Allocation } from '../../../domain/receipt-allocation.js';
import { rebuildLedgerMonths } from '../ledger-months.repository.js';
import type { Store } from '../open-db.js';
import { insertMany, type DemoCompany, type DemoContext } from './demo-context.js';
import type { Random } from './random.js';

const MONTHS = 18;
const DAY = 86_400_000;

const ZONE_NAMES = [
  'Westlands',
  'Kilimani',
  'Kasarani',
  'Karen',
  'Embakasi',
  'Ruaka',
  'Kileleshwa',
  'Lavington',
  'South B',
  'Roysambu',
  'Thika Road',
  'Syokimau',
];
const FIRST = [
  'Achieng',
  'Brian',
  'Chebet',
  'David',
  'Esther',
  'Faith',
  'George',
  'Hassan',
  'Irene',
  'James',
  'Kamau',
  'Lucy',
  'Mercy',
  'Njoroge',
  'Otieno',
  'Purity',
  'Rose',
  'Samuel',
  'Tabitha',
  'Wanjiru',
  'Yusuf',
  'Zawadi',
];
const LAST = [
  'Odhiambo',
  'Mwangi',
  'Kiprop',
  'Wambui',
  'Mutua',
  'Njeri',
  'Ochieng',
  'Kariuki',
  'Ali',
  'Chege',
  'Nyambura',
  'Kimani',
  'Auma',
  'Koech',
  'Barasa',
  'Onyango',
];
const ESTATES = ['Court', 'Heights', 'Gardens', 'Apartments', 'Towers', 'Park', 'Residency', 'Plaza'];
const EXPENSES = [
  'Plumbing repairs',
  'Security services',
  'Cleaning',
  'Electrical repairs',
  'Painting',
  'Garbage collection',
  'Gate repairs',
  'Borehole maintenance',
];

type Habit = 'prompt' | 'part' | 'arrears' | 'ahead' | 'stopped';

interface Ids {
  zone: number;
  fieldOfficer: number;
  landlord: number;
  property: number;
  service: number;
  unit: number;
  tenant: number;
  tenancy: number;
  charge: number;
  receipt: number;
  allocation: number;
  expense: number;
}

function nextIds(store: Store): Ids {
  const max = (table: string) => (store.sqlite.prepare(`select coalesce(max(id), 0) as n from ${table}`).get() as { n: number }).n;
  return {
    zone: max('zones'),
    fieldOfficer: max('field_officers'),
    landlord: max('landlords'),
    property: max('properties'),
    service: max('services'),
    unit: max('units'),
    tenant: max('tenants'),
    tenancy: max('tenancies'),
    charge: max('charges'),
    receipt: max('receipts'),
    allocation: max('receipt_allocations'),
    expense: max('expenses'),
  };
}

/** What the demo's statements are prepared for: a company's first properties and its current month. */
export interface DemoPortfolio {
  company: DemoCompany;
  propertyIds: number[];
  current: YearMonth;
}

export function seedPropertyDemo(context: DemoContext): DemoPortfolio[] {
  return context.companies.map((company) => seedCompany(context, company));
}

interface Rows {
  units: unknown[][];
  tenants: unknown[][];
  tenancies: unknown[][];
  charges: unknown[][];
  receipts: unknown[][];
  allocations: unknown[][];
  expenses: unknown[][];
}

function seedCompany(context: DemoContext, company: DemoCompany): DemoPortfolio {
  const { store, random } = context;
  const ids = nextIds(store);
  const unitTarget = Math.max(6, Math.round(100 * company.share * context.scale));
  const zoneCount = Math.min(ZONE_NAMES.length, Math.max(2, Math.ceil(unitTarget / 40)));
  const officerCount = zoneCount + 1;

  const zones = ZONE_NAMES.slice(0, zoneCount).map((name) => [++ids.zone, company.id, name]);
  insertMany(store, 'zones', ['id', 'company_id', 'name'], zones);
  const officers = Array.from({ length: officerCount }, (_, i) => [
    ++ids.fieldOfficer,
    company.id,
    `${FIRST[(i * 5) % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`,
    `+254 711 ${String(100000 + i).slice(-6)}`,
  ]);
  insertMany(store, 'field_officers', ['id', 'company_id', 'name', 'phone'], officers);
  const serviceCharge = ++ids.service;
  const water = ++ids.service;
  const garbage = ++ids.service;
  insertMany(
    store,
    'services',
    ['id', 'company_id', 'name'],
    [
      [serviceCharge, company.id, 'Service charge'],
      [water, company.id, 'Water'],
      [garbage, company.id, 'Garbage'],
    ],
  );

  const current = monthOf(context.now, company.timeZone);
  const first = addMonths(current, -(MONTHS - 1));
  const months = Array.from({ length: MONTHS }, (_, i) => monthRange(addMonths(first, i).year, addMonths(first, i).month, company.timeZone));
  const windowStart = months[0]!.from;

  const rows: Rows = { units: [], tenants: [], tenancies: [], charges: [], receipts: [], allocations: [], expenses: [] };
  const landlords: unknown[][] = [];
  const properties: unknown[][] = [];
  const propertyIds: number[] = [];
  let units = 0;
  let tenantNo = 0;
  while (units < unitTarget) {
    const index = properties.length;
    if (index % 2 === 0) {
      const name = `${random.pick(FIRST)} ${random.pick(LAST)}`;
      landlords.push([
        ++ids.landlord,
        company.id,
        `LL${String(ids.landlord).padStart(4, '0')}`,
        name,
        `${name.toLowerCase().replace(/\s+/g, '.')}@landlords.example`,
        `+254 722 ${String(200000 + ids.landlord).slice(-6)}`,
      ]);
    }
    const propertyId = ++ids.property;
    propertyIds.push(propertyId);
    const commercial = index % 5 === 4;
    const name = `${random.pick(LAST)} ${random.pick(ESTATES)}`;
    properties.push([
      propertyId,
      company.id,
      `P${String(propertyId).padStart(4, '0')}`,
      name,
      `NAIROBI/BLOCK${random.int(1, 120)}/${random.int(100, 9999)}`,
      `${name.toLowerCase().replace(/\s+/g, '')}@props.example`,
      ids.landlord,
      zones[index % zoneCount]![0],
      officers[index % officerCount]![0],
      random.pick([800, 1000, 1000, 1200]),
      index % 7 === 6 ? 'RENT_ONLY' : 'COMBINED',
    ]);
    const count = Math.min(unitTarget - units, random.int(6, 24));
    const block = String.fromCharCode(65 + (index % 4));
    const baseRent = random.int(15, 60) * 1000_00;
    const serviceAmount = index % 3 === 2 ? 0 : random.int(2, 5) * 1000_00;
    for (let u = 0; u < count; u += 1) {
      const unitId = ++ids.unit;
      const rent = baseRent + random.int(0, 10) * 500_00;
      const rentTaxBp = commercial ? 1600 : 0;
      const serviceTaxBp = commercial ? 1600 : 0;
      rows.units.push([
        unitId,
        company.id,
        propertyId,
        `${block}${u + 1}`,
        rent,
        serviceAmount,
        serviceAmount > 0 ? serviceCharge : null,
        rentTaxBp,
        serviceTaxBp,
      ]);
      units += 1;
      const plan = { unitId, rent, rentTaxBp, serviceAmount, serviceTaxBp, serviceId: serviceCharge, water: random.chance(0.3) ? water : null };
      // Unit 6 of every property stays vacant; unit 4 changes tenants once (one ended, one replacing it).
      if (u === 5 || random.chance(0.04)) continue;
      const changeAt = u === 3 || random.chance(0.03) ? random.int(4, MONTHS - 5) : null;
      const startsBefore = windowStart - random.int(0, 24) * 30 * DAY;
      const segments =
        changeAt === null
          ? [{ from: 0, to: MONTHS - 1 }]
          : [
              { from: 0, to: changeAt },
              { from: changeAt + 2, to: MONTHS - 1 },
            ];
      for (const [s, segment] of segments.entries()) {
        tenantNo += 1;
        const tenantId = ++ids.tenant;
        rows.tenants.push([
          tenantId,
          company.id,
          `T${company.id}-${String(tenantNo).padStart(6, '0')}`,
          `${random.pick(FIRST)} ${random.pick(LAST)}`,
          `+254 7${random.int(10, 99)} ${random.int(100000, 999999)}`,
        ]);
        const tenancyId = ++ids.tenancy;
        const start = s === 0 ? Math.min(startsBefore, months[segment.from]!.from) : months[segment.from]!.from;
        const ended = segment.to < MONTHS - 1 ? months[segment.to]!.to : null;
        rows.tenancies.push([tenancyId, company.id, unitId, tenantId, start, ended]);
        const habit: Habit = u === 0 ? 'prompt' : u === 1 ? 'arrears' : u === 2 ? 'ahead' : u === 4 ? 'part' : pickHabit(random);
        tenancyLedger(context, company, ids, rows, { ...plan, tenancyId, habit }, months.slice(segment.from, segment.to + 1));
      }
    }
    // The third property's roof costs more than a month's rent: that month's FINAL statement
    // has a negative amount due, carried into the next month's balance.
    if (index === 2) {
      const roof = months[MONTHS - 5]!;
      rows.expenses.push([++ids.expense, company.id, propertyId, roof.from + 9 * DAY, 'Roof replacement', 350_000_00]);
    }
    for (const month of months) {
      if (!random.chance(0.35)) continue;
      const date = Math.min(context.now, month.from + random.int(2, 26) * DAY + 10 * 3600_000);
      rows.expenses.push([++ids.expense, company.id, propertyId, date, random.pick(EXPENSES), random.int(15, 250) * 100_00]);
    }
  }

  insertMany(store, 'landlords', ['id', 'company_id', 'code', 'name', 'email', 'phone'], landlords);
  insertMany(
    store,
    'properties',
    ['id', 'company_id', 'code', 'name', 'lr_no', 'email', 'landlord_id', 'zone_id', 'field_officer_id', 'man_fee_rate_bp', 'lld_payment_type'],
    properties,
  );
  insertMany(
    store,
    'units',
    ['id', 'company_id', 'property_id', 'unit_no', 'market_rent_cents', 'service_charge_cents', 'service_id', 'rent_tax_rate_bp', 'service_tax_rate_bp'],
    rows.units,
  );
  insertMany(store, 'tenants', ['id', 'company_id', 'account_no', 'name', 'phone'], rows.tenants);
  insertMany(store, 'tenancies', ['id', 'company_id', 'unit_id', 'tenant_id', 'start_date', 'end_date'], rows.tenancies);
  insertMany(
    store,
    'charges',
    ['id', 'company_id', 'tenancy_id', 'kind', 'service_id', 'month_key', 'charge_date', 'amount_cents', 'tax_cents', 'description'],
    rows.charges,
  );
  insertMany(store, 'receipts', ['id', 'company_id', 'tenancy_id', 'receipt_date', 'amount_cents', 'reference', 'reference_key'], rows.receipts);
  insertMany(
    store,
    'receipt_allocations',
    ['id', 'receipt_id', 'tenancy_id', 'receipt_date', 'charge_id', 'charge_date', 'service_id', 'part', 'amount_cents'],
    rows.allocations,
  );
  insertMany(store, 'expenses', ['id', 'company_id', 'property_id', 'expense_date', 'description', 'amount_cents'], rows.expenses);
  // The ledger went in by bulk INSERTs: its month totals are summed from it in one statement.
  rebuildLedgerMonths(store, company.id, company.timeZone);

  return { company, propertyIds, current };
}

function pickHabit(random: Random): Habit {
  const roll = random.next();
  if (roll < 0.62) return 'prompt';
  if (roll < 0.75) return 'part';
  if (roll < 0.86) return 'arrears';
  if (roll < 0.95) return 'ahead';
  return 'stopped';
}

interface TenancyPlan {
  tenancyId: number;
  habit: Habit;
  rent: number;
  rentTaxBp: number;
  serviceAmount: number;
  serviceTaxBp: number;
  serviceId: number;
  water: number | null;
}

/** Raises the tenancy's monthly charges and its receipts month by month, allocating each receipt. */
function tenancyLedger(context: DemoContext, company: DemoCompany, ids: Ids, rows: Rows, plan: TenancyPlan, months: ReturnType<typeof monthRange>[]): void {
  const { random } = context;
  const ledger = new TenancyLedger();
  const stopAfter = months.length - random.int(3, 6);
  months.forEach((month, m) => {
    const key = monthKey(month);
    const raise = (kind: 'rent' | 'service' | 'other', serviceId: number | null, amount: number, tax: number, description: string | null) => {
      const chargeId = ++ids.charge;
      rows.charges.push([chargeId, company.id, plan.tenancyId, kind, serviceId, key, month.from, amount, tax, description]);
      ledger.raise({ chargeId, kind, chargeDate: month.from, serviceId, amountDue: amount, taxDue: tax });
    };
    raise('rent', null, plan.rent, percentOf(plan.rent, plan.rentTaxBp), null);
    if (plan.serviceAmount > 0) raise('service', plan.serviceId, plan.serviceAmount, percentOf(plan.serviceAmount, plan.serviceTaxBp), null);
    if (plan.water !== null) raise('other', plan.water, random.int(3, 15) * 100_00, 0, 'Water bill');
    const monthCharge = plan.rent + percentOf(plan.rent, plan.rentTaxBp) + plan.serviceAmount + percentOf(plan.serviceAmount, plan.serviceTaxBp);

    const pay = (amount: number, day: number) => {
      const date = month.from + day * DAY + random.int(8, 18) * 3600_000;
      if (amount <= 0 || date > context.now) return;
      const receiptId = ++ids.receipt;
      const reference = `MP${receiptId.toString(36).toUpperCase().padStart(8, '0')}`;
      rows.receipts.push([receiptId, company.id, plan.tenancyId, date, amount, reference, reference]);
      for (const a of ledger.receive(amount, date) as Allocation[]) {
        rows.allocations.push([++ids.allocation, receiptId, plan.tenancyId, date, a.chargeId, a.chargeDate, a.serviceId, a.part, a.amount]);
      }
    };
    const due = ledger.balance();
    switch (plan.habit) {
      case 'prompt':
        pay(due, random.int(0, 6));
        break;
      case 'part':
        pay(Math.round((due * random.int(50, 90)) / 100 / 100) * 100, random.int(3, 20));
        break;
      case 'arrears':
        if (!random.chance(0.35)) pay(Math.round((monthCharge * random.int(70, 100)) / 100 / 100) * 100, random.int(5, 27));
        break;
      case 'ahead':
        // Pays a quarter at a time, and rounds up: the rest is rent paid in advance.
        if (m % 3 === 0) pay(Math.max(0, due) + monthCharge * 2 + random.int(0, 5) * 1000_00, random.int(0, 4));
        else if (due > 0) pay(due, random.int(0, 4));
        break;
      case 'stopped':
        if (m < stopAfter) pay(due, random.int(0, 10));
        break;
    }
  });
}
