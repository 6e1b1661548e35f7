import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { addMonths, monthKey, monthOf, monthRange, type YearMonth } from '../../src/domain/month-range.js';
import { ZERO_TOTALS } from '../../src/domain/paid-balance.js';
import type { Allocation, AllocationPart, ChargeKind } from '../../src/domain/receipt-allocation.js';
import { seedCompanies } from '../../src/store/sqlite/demo/core-demo.js';
import { rebuildLedgerMonths } from '../../src/store/sqlite/ledger-months.repository.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import type { LedgerScope, ReportRowSource } from '../../src/store/rules/paid-balance-report.js';
import { sqliteEngine } from '../../src/store/sqlite/sqlite-engine.js';
import { addCharge, addReceipt, insertAllocations } from '../../src/store/units/ledger-months.js';
import { ledgerRows } from '../../src/store/units/ledger-rows.js';
import { importBaobab } from '../helpers/baobab-store.js';
import { scannedRows, scannedTotals } from '../helpers/ledger-scan.js';
import { TEST_NOW } from '../helpers/local-server.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const ZONE = 'Africa/Nairobi';

function scopeOf(companyId: number, ym: YearMonth, timeZone: string, extra: Partial<LedgerScope> = {}): LedgerScope {
  const range = monthRange(ym.year, ym.month, timeZone);
  return { companyId, from: range.from, to: range.to, monthKey: monthKey(range), ...extra };
}

/** The report's rows and totals against the same totals summed from the ledger itself. */
async function expectLedgerFigures(store: Store, scope: LedgerScope): Promise<number> {
  const rows = await sqliteEngine(store).unit('read', (tx) => ledgerRows(tx, scope));
  const byUnit = (a: ReportRowSource, b: ReportRowSource) => a.unitId - b.unitId || (a.tenancyId ?? 0) - (b.tenancyId ?? 0);
  expect(rows.map((r) => r.source).sort(byUnit)).toEqual(scannedRows(store, scope));
  for (const { source, totals } of rows) {
    const expected = source.tenancyId === null ? ZERO_TOTALS : scannedTotals(store, source.tenancyId, scope);
    expect({ tenancyId: source.tenancyId, month: scope.monthKey, serviceId: scope.serviceId, ...totals }).toEqual({
      tenancyId: source.tenancyId,
      month: scope.monthKey,
      serviceId: scope.serviceId,
      ...expected,
    });
  }
  return rows.length;
}

const tableRows = (store: Store) => store.sqlite.prepare('select * from ledger_months order by tenancy_id, service_key, month_key').all();

describe('the ledger month totals', () => {
  const temp = makeTempDir();
  let store: Store;

  beforeAll(async () => {
    store = await openStore(join(temp.dir, 'demo.db'));
    await seedDemo(store, { now: TEST_NOW });
  });
  afterAll(async () => {
    await store.close();
    temp.remove();
  });

  it('give every figure of the ledger itself: demo data, every month, the company, each zone, a property by service', async () => {
    const companies = store.sqlite.prepare('select id, time_zone as timeZone from companies').all() as { id: number; timeZone: string }[];
    let checked = 0;
    for (const company of companies) {
      const zones = (store.sqlite.prepare('select id from zones where company_id = ?').all(company.id) as { id: number }[]).map((z) => z.id);
      const property = store.sqlite
        .prepare(
          'select p.id, u.service_id as serviceId from properties p join units u on u.property_id = p.id where p.company_id = ? and u.service_id is not null limit 1',
        )
        .get(company.id) as { id: number; serviceId: number };
      const now = monthOf(TEST_NOW, company.timeZone);
      // From before the first charge to after the last (nothing charged or paid in it).
      for (let back = 20; back >= -1; back -= 1) {
        const ym = addMonths(now, -back);
        checked += await expectLedgerFigures(store, scopeOf(company.id, ym, company.timeZone));
        for (const zoneId of zones) await expectLedgerFigures(store, scopeOf(company.id, ym, company.timeZone, { zoneId }));
        await expectLedgerFigures(store, scopeOf(company.id, ym, company.timeZone, { propertyId: property.id, serviceId: property.serviceId }));
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it('rebuilt from the ledger, are the ones the demo wrote', () => {
    const before = tableRows(store);
    store.sqlite.transaction(() => {
      rebuildLedgerMonths(store, 1, ZONE);
      rebuildLedgerMonths(store, 2, 'Africa/Kampala');
    })();
    expect(tableRows(store)).toEqual(before);
    expect(before.length).toBeGreaterThan(1000);
  });
});

describe('the ledger month totals kept on every write', () => {
  const temp = makeTempDir();
  let store: Store;
  let tenancyId: number;
  const services = [0, 0];

  beforeAll(async () => {
    store = await openStore(join(temp.dir, 'writes.db'));
    store.sqlite.transaction(() => seedCompanies(store))();
    tenancyId = await sqliteEngine(store).unit('write', async (tx) => {
      const landlord = await tx.insert('landlords', { company_id: 1, code: 'L1', name: 'Landlord' });
      const property = await tx.insert('properties', { company_id: 1, code: 'P1', name: 'Baraka "Court" / Ruaka', landlord_id: landlord });
      services[0] = await tx.insert('services', { company_id: 1, name: 'Service charge' });
      services[1] = await tx.insert('services', { company_id: 1, name: 'Water' });
      const unit = await tx.insert('units', { company_id: 1, property_id: property, unit_no: 'A1', market_rent_cents: 100_000 });
      // Text that JSON must escape comes back as it was stored.
      const tenant = await tx.insert('tenants', { company_id: 1, account_no: 'T1', name: 'Wanjiru "Shiro" O\'Neill \\ Ñ 🏠\n\t\u0001', phone: null });
      return tx.insert('tenancies', { company_id: 1, unit_id: unit, tenant_id: tenant, start_date: monthRange(2025, 12, ZONE).from });
    });
  });
  afterAll(async () => {
    await store.close();
    temp.remove();
  });

  it('equal a rebuild and the ledger itself, for writes in any order (back-dated ones too)', async () => {
    const months = Array.from({ length: 4 }, (_, i) => monthRange(2026, i + 1, ZONE));
    const charge = fc.record({
      type: fc.constant('charge' as const),
      kind: fc.constantFrom<ChargeKind>('rent', 'service', 'other'),
      service: fc.constantFrom(0, 1, null),
      month: fc.integer({ min: 0, max: 3 }),
      // The first of the month often: a receipt of the same month pays a charge of the month, not arrears.
      day: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 27 })),
      amount: fc.integer({ min: 0, max: 5_000_000 }),
      tax: fc.integer({ min: 0, max: 800_000 }),
    });
    const receipt = fc.record({
      type: fc.constant('receipt' as const),
      month: fc.integer({ min: 0, max: 3 }),
      day: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 27 })),
      hour: fc.integer({ min: 0, max: 23 }),
      parts: fc.array(fc.record({ charge: fc.nat(), tax: fc.boolean(), amount: fc.integer({ min: 1, max: 3_000_000 }) }), { maxLength: 4 }),
      advance: fc.integer({ min: 0, max: 2_000_000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(charge, receipt), { minLength: 1, maxLength: 14 }), async (events) => {
        store.sqlite.exec('delete from ledger_months; delete from receipt_allocations; delete from receipts; delete from charges;');
        const charges: { id: number; kind: ChargeKind; date: number; serviceId: number | null }[] = [];
        const monthly = new Set<string>();
        // One unit of work, as a writer's: each charge and receipt written with its month totals.
        await sqliteEngine(store).unit('write', async (tx) => {
          for (const e of events) {
            const month = months[e.month]!;
            if (e.type === 'charge') {
              const serviceId = e.kind === 'rent' || e.service === null ? null : services[e.service]!;
              // One rent and one service charge per service and month (a unique index).
              const once = `${e.kind}/${serviceId}/${e.month}`;
              if (e.kind !== 'other' && monthly.has(once)) continue;
              monthly.add(once);
              const date = month.from + e.day * 86_400_000;
              const id = await tx.insert('charges', {
                company_id: 1,
                tenancy_id: tenancyId,
                kind: e.kind,
                service_id: serviceId,
                month_key: monthKey(month),
                charge_date: date,
                amount_cents: e.amount,
                tax_cents: e.tax,
                description: null,
              });
              await addCharge(tx, { tenancyId, kind: e.kind, serviceId, monthKey: monthKey(month), amount: e.amount, tax: e.tax });
              charges.push({ id, kind: e.kind, date, serviceId });
              continue;
            }
            const date = month.from + e.day * 86_400_000 + e.hour * 3_600_000;
            const allocations: Allocation[] = e.parts.flatMap((p) => {
              const c = charges[p.charge % Math.max(1, charges.length)];
              if (!c) return [];
              const part: AllocationPart = c.kind === 'other' ? 'other' : c.kind === 'rent' ? (p.tax ? 'rent_tax' : 'rent') : p.tax ? 'service_tax' : 'service';
              return [{ chargeId: c.id, part, amount: p.amount, chargeDate: c.date, serviceId: c.serviceId }];
            });
            if (e.advance > 0) allocations.push({ chargeId: null, part: 'rent', amount: e.advance, chargeDate: null, serviceId: null });
            const amount = allocations.reduce((sum, a) => sum + a.amount, 0);
            if (amount === 0) continue;
            const receiptId = await tx.insert('receipts', {
              company_id: 1,
              tenancy_id: tenancyId,
              receipt_date: date,
              amount_cents: amount,
              reference: null,
              reference_key: null,
            });
            await insertAllocations(tx, { receiptId, tenancyId, date }, allocations);
            await addReceipt(tx, { tenancyId, monthKey: monthKey(month), monthFrom: month.from, allocations });
          }
        });
        for (let i = -1; i <= 4; i += 1) {
          const ym = addMonths({ year: 2026, month: 1 }, i);
          await expectLedgerFigures(store, scopeOf(1, ym, ZONE));
          for (const serviceId of services) await expectLedgerFigures(store, scopeOf(1, ym, ZONE, { serviceId }));
        }
        const kept = tableRows(store);
        store.sqlite.transaction(() => rebuildLedgerMonths(store, 1, ZONE))();
        expect(tableRows(store)).toEqual(kept);
      }),
      { numRuns: 200 },
    );
  });

  it('of an imported ledger (the Baobab Court fixture) equal a rebuild', async () => {
    store.sqlite.exec('delete from ledger_months; delete from receipt_allocations; delete from receipts; delete from charges;');
    await importBaobab(store, 2);
    const kept = tableRows(store);
    expect(kept.length).toBeGreaterThan(10);
    store.sqlite.transaction(() => rebuildLedgerMonths(store, 2, 'Africa/Kampala'))();
    expect(tableRows(store)).toEqual(kept);
  });
});
