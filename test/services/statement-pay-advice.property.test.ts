/**
 * A prepared statement carries its month's pay advice: for properties, months and payment types
 * of the demo data drawn at random (seeded), the statement prepared, and the same statement read
 * back from the store, show the figures the pay advice report shows.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDLORD_PAYMENT_TYPES } from '../../src/contract/enums.js';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { payAdviceReport, prepareStatement, statementsReport } from '../helpers/sqlite-units.js';
import { TEST_NOW } from '../helpers/local-server.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
let store: Store;
/** Property and month pairs of 2026 with no FINAL statement yet (a FINAL month takes no new statement). */
let open: { id: number; landlordId: number; month: number }[];
let serviceId: number;
beforeAll(async () => {
  store = await openStore(join(temp.dir, 'demo.db'));
  await seedDemo(store, { now: TEST_NOW });
  open = store.sqlite
    .prepare(
      `select p.id, p.landlord_id as landlordId, m.value as month from properties p, json_each('[1,2,3,4,5,6,7,8,9,10,11]') m
        where p.company_id = 1
          and not exists (select 1 from statements s where s.property_id = p.id and s.year = 2026 and s.month = m.value and s.statement_type = 'FINAL')
        order by p.id, m.value`,
    )
    .all() as { id: number; landlordId: number; month: number }[];
  serviceId = (store.sqlite.prepare('select min(id) as id from services where company_id = 1').get() as { id: number }).id;
});
afterAll(async () => {
  await store.close();
  temp.remove();
});

/** Statement field -> pay advice field, for every money figure both carry. */
const SAME_FIGURE = {
  recievedRent: 'rentReceived',
  receivedUtility: 'totalUtility',
  periodIncome: 'periodIncome',
  periodVat: 'taxReceived',
  manFees: 'manFees',
  manFeesTax: 'manFeesVat',
  periodExpense: 'periodExpense',
  lessPeriodTxn: 'totalDeductions',
  balBf: 'balanceBf',
  deferedAmount: 'deferredAmount',
  amtPyble: 'netAmountDue',
} as const;

describe('statement = pay advice', () => {
  it('for any property, month and payment type of the demo data', async () => {
    expect(open.length).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.constantFrom(...LANDLORD_PAYMENT_TYPES), async (which, type) => {
        const property = open[which % open.length]!;
        const request = { companyId: 1, propertyId: property.id, month: property.month, year: 2026, lldPaymentType: type, srvcId: type === 'SERVICE_CHARGE_ONLY' ? serviceId : undefined };
        const advice = (await payAdviceReport(store, request, () => TEST_NOW)) as unknown as Record<string, unknown>;
        const statement = (await prepareStatement(store, { ...request, final: false, preparedByUserId: null, now: () => TEST_NOW })) as unknown as Record<string, unknown>;
        const stored = (await statementsReport(store, { companyId: 1, landlordId: property.landlordId, paidPosted: 'ALL' })).list.find((s) => s.id === statement.id) as unknown as Record<string, unknown>;
        const expected = Object.fromEntries(Object.entries(SAME_FIGURE).map(([field, adviceField]) => [field, advice[adviceField]]));
        expect(Object.values(expected).every((v) => typeof v === 'number')).toBe(true);
        expect(statement).toMatchObject(expected);
        expect(stored).toMatchObject(expected);
      }),
      { seed: 1911, numRuns: 25 },
    );
  });
});
