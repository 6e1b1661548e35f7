/** The store's record of statements sent, as `month-end --send` reads and adds to it for one month. */
import type { ShopStore } from '../../../store/shop-store.js';
import type { SendRecord } from './send-statements.js';

export interface RecordScope {
  companyId: number;
  month: number;
  year: number;
  propertyIds: readonly number[];
  now(): number;
}

export function storeSendRecord(store: ShopStore, scope: RecordScope): SendRecord {
  return {
    sentBefore: async () => store.statementSends({ companyId: scope.companyId, month: scope.month, year: scope.year, propertyIds: scope.propertyIds }),
    recordSent: async (statementIds, recipient, messageId) => {
      await store.recordStatementSend({ companyId: scope.companyId, statementIds, recipient, sentAt: scope.now(), messageId });
    },
  };
}
