/**
 * The month totals have two rebuilds from the ledger: migration 04's, frozen as it was released
 * (it upgrades an older store, every company at once), and the live one of the store
 * (rebuildLedgerMonths, per company, after bulk writes). They must give the same rows: on random
 * ledgers (test/helpers/generated-ledger.ts) of two companies in different time zones in one
 * store, each rebuild's table is compared row by row.
 */
import fc from 'fast-check';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { up as migration04 } from '../../src/store/sqlite/migrations/2026-11-22-04-ledger-months.js';
import { rebuildLedgerMonths } from '../../src/store/sqlite/ledger-months.repository.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import { importLedger } from '../helpers/sqlite-units.js';
import { allChargesThenReceipts, csvOf, ledgerArbitrary, ledgerFiles, type GenLedger } from '../helpers/generated-ledger.js';

const RUNS = 8;

async function load(store: Store, ledger: GenLedger, name: string): Promise<{ companyId: number; timeZone: string }> {
  const { companyId } = await sqliteShopStore(store).setUpCompany({ name, timeZone: ledger.timeZone, vatPercent: ledger.vatPercent });
  const files = ledgerFiles(ledger);
  for (const { kind, rows } of files.reference) if (rows.length > 0) await importLedger(store, companyId, kind, csvOf(rows));
  for (const { kind, rows } of allChargesThenReceipts(files)) await importLedger(store, companyId, kind, csvOf(rows));
  return { companyId, timeZone: ledger.timeZone };
}

const monthRows = (store: Store) => store.sqlite.prepare('select * from ledger_months order by tenancy_id, service_key, month_key').all();

describe("migration 04 (frozen) and the store's rebuild of the month totals", () => {
  it('give the same rows on generated ledgers of two companies', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(ledgerArbitrary(), ledgerArbitrary(), async (first, second) => {
        const store = await openStore(':memory:');
        try {
          const companies = [await load(store, first, 'First'), await load(store, second, 'Second')];
          store.sqlite.exec('delete from ledger_months');
          store.sqlite.transaction(() => {
            for (const { companyId, timeZone } of companies) rebuildLedgerMonths(store, companyId, timeZone);
          })();
          const live = monthRows(store);
          compared += live.length;

          store.sqlite.exec('delete from ledger_months');
          // The migration as the migrator runs it; the connection stays the store's (not closed here).
          const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: Object.assign(Object.create(store.sqlite), { close: () => undefined }) }) });
          await migration04(db);
          expect(monthRows(store)).toEqual(live);
        } finally {
          await store.close();
        }
      }),
      { numRuns: RUNS },
    );
    // The ledgers drawn had tenancies: rows were compared, not two empty tables.
    expect(compared).toBeGreaterThan(RUNS);
  }, 120_000);
});
