/**
 * The property units on a SQLite store, called as the tests of SQLite's own behaviour call them:
 * with the store first. Each is the store interface's method (one unit of work on the SQLite
 * engine), so these tests run exactly what the server runs.
 */
import type { Store } from '../../src/store/sqlite/open-db.js';
import { sqliteEngine } from '../../src/store/sqlite/sqlite-engine.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import type {
  LedgerImportKind,
  PaidBalanceRequest,
  PayAdviceRequest,
  PrepareStatementInput,
  StatementActionInput,
  StatementsRequest,
  Clock,
} from '../../src/store/property-store.js';
import { tenancyEvents as eventsIn } from '../../src/store/units/ledger-allocation.js';
import { calendarMonth, type GenLedger } from './generated-ledger.js';

export { LedgerImportError } from '../../src/store/rules/ledger-import-plan.js';

export const importLedger = (store: Store, companyId: number, kind: LedgerImportKind, csv: string) => sqliteShopStore(store).importLedger(companyId, kind, csv);
export const paidBalanceReport = (store: Store, request: PaidBalanceRequest, clock?: Clock) => sqliteShopStore(store).paidBalanceReport(request, clock);
export const payAdviceReport = (store: Store, request: PayAdviceRequest, clock?: Clock) => sqliteShopStore(store).payAdviceReport(request, clock);
export const statementsReport = (store: Store, request: StatementsRequest) => sqliteShopStore(store).statementsReport(request);
export const prepareStatement = (store: Store, input: PrepareStatementInput) => sqliteShopStore(store).prepareStatement(input);
export const approveStatement = (store: Store, input: StatementActionInput) => sqliteShopStore(store).approveStatement(input);
export const markStatementPaid = (store: Store, input: StatementActionInput & { reference?: string }) => sqliteShopStore(store).markStatementPaid(input);
export const rederivePendingLedgers = (store: Store) => sqliteShopStore(store).rederivePendingLedgers();
export const tenancyEvents = (store: Store, tenancyId: number) => sqliteEngine(store).unit('read', (tx) => eventsIn(tx, tenancyId));

/** A generated ledger's statements prepared in month order, each property's as the ledger says (its ids in the ledger's order). */
export async function prepareLedgerStatements(store: Store, ledger: GenLedger, companyId: number, propertyIds: readonly number[], now: Clock): Promise<void> {
  for (let m = 1; m <= ledger.months; m++) {
    for (const [i, p] of ledger.properties.entries()) {
      const type = p.statements[m - 1];
      if (type)
        await prepareStatement(store, {
          companyId,
          propertyId: propertyIds[i]!,
          ...calendarMonth(ledger, m),
          final: type === 'FINAL',
          preparedByUserId: null,
          now,
        });
    }
  }
}
