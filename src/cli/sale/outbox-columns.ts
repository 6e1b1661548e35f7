/** How queued sales and sync results are shown. */
import { fromCents, roundToCents } from '../../domain/money.js';
import { columnSet, type RowSum } from '../output/columns/types.js';
import type { OutboxEntry } from './outbox-store.js';

export interface OutboxRecord {
  outboxId: number;
  /** `refused`: the service refused it (see lastError for its reasons); `waiting`: to be sent by the next sync. */
  status: 'refused' | 'waiting';
  createdAt: number;
  issuedTo: string;
  totalAmount: number;
  amountPaid: number;
  /** What is still owed of it: total - paid. */
  balance: number;
  companyId: number;
  retailShopId: number;
  lines: number;
  attempts: number;
  lastAttemptAt: number | null;
  lastError: string | null;
  target: string;
  idempotencyKey: string;
}

export function outboxRecord(entry: OutboxEntry): OutboxRecord {
  return {
    outboxId: entry.id,
    status: entry.lastFailure === 'refused' ? 'refused' : 'waiting',
    createdAt: entry.createdAt,
    issuedTo: entry.body.issuedTo,
    totalAmount: entry.body.totalAmount,
    amountPaid: entry.body.amountPaid,
    balance: fromCents(roundToCents(entry.body.totalAmount) - roundToCents(entry.body.amountPaid)),
    companyId: entry.companyId,
    retailShopId: entry.body.retailShopId,
    lines: entry.body.itemIssuesDto.length,
    attempts: entry.attempts,
    lastAttemptAt: entry.lastAttemptAt,
    lastError: entry.lastError,
    target: entry.target,
    idempotencyKey: entry.idempotencyKey,
  };
}

/** As a sale's: what is still owed of it is total - paid; a narrow table keeps the three together. */
const KEPT_SALE_BALANCE: RowSum = {
  result: 'balance',
  terms: [
    { key: 'totalAmount', sign: 1 },
    { key: 'amountPaid', sign: -1 },
  ],
};

export const outboxColumns = columnSet<OutboxRecord>(
  'queued sale',
  [
    { key: 'outboxId', header: '#', kind: 'integer' },
    { key: 'status', header: 'Status', kind: 'text' },
    { key: 'createdAt', header: 'Made', kind: 'date' },
    { key: 'issuedTo', header: 'Customer', kind: 'text' },
    { key: 'totalAmount', header: 'Total', kind: 'money', total: true },
    { key: 'amountPaid', header: 'Paid', kind: 'money', total: true },
    { key: 'balance', header: 'Balance', kind: 'money', total: true },
    { key: 'companyId', header: 'Company', kind: 'integer' },
    { key: 'retailShopId', header: 'Shop', kind: 'integer' },
    { key: 'lines', header: 'Lines', kind: 'integer' },
    { key: 'attempts', header: 'Tries', kind: 'integer' },
    { key: 'lastAttemptAt', header: 'Last try', kind: 'date' },
    { key: 'lastError', header: 'Last error', kind: 'text' },
    { key: 'target', header: 'For', kind: 'text' },
    { key: 'idempotencyKey', header: 'Idempotency key', kind: 'text' },
  ],
  ['outboxId', 'status', 'createdAt', 'issuedTo', 'totalAmount', 'amountPaid', 'balance', 'attempts', 'lastError'],
  ['outboxId', 'status', 'totalAmount', 'amountPaid', 'balance', 'createdAt', 'issuedTo', 'lastError', 'attempts'],
  KEPT_SALE_BALANCE,
);

export interface SyncResult {
  outboxId: number;
  status: 'sent' | 'refused' | 'unreachable' | 'skipped';
  saleId: number | null;
  receiptNo: string | null;
  totalAmount: number;
  message: string | null;
}

export const syncResultColumns = columnSet<SyncResult>(
  'sync result',
  [
    { key: 'outboxId', header: '#', kind: 'integer' },
    { key: 'status', header: 'Status', kind: 'text' },
    { key: 'saleId', header: 'Sale', kind: 'integer' },
    { key: 'receiptNo', header: 'Receipt', kind: 'text' },
    { key: 'totalAmount', header: 'Total', kind: 'money' },
    { key: 'message', header: 'Message', kind: 'text' },
  ],
  ['outboxId', 'status', 'saleId', 'receiptNo', 'totalAmount', 'message'],
);
