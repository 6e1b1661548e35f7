/**
 * `shopprop local mpesa unmatched`: payments kept unmatched, one per row. The keys are the
 * columns of the file `local import mpesa` takes back (unmatched-file.ts), so its CSV is that
 * file: fill tenant_account and import it.
 */
import { UNMATCHED_COLUMNS } from '../../mpesa/unmatched-file.js';
import { columnSet } from './types.js';

export type UnmatchedRecord = Record<(typeof UNMATCHED_COLUMNS)[number], string | number>;

export const unmatchedColumns = columnSet<UnmatchedRecord>(
  'payment kept unmatched',
  [
    { key: 'receipt_no', header: 'M-Pesa code', kind: 'text' },
    // The statement's wall-clock time (East Africa Time), as the portal writes it.
    { key: 'completion_time', header: 'Time (EAT)', kind: 'text' },
    { key: 'amount', header: 'Amount', kind: 'money', total: true },
    { key: 'account_no', header: 'Account typed', kind: 'text', whole: true },
    { key: 'payer', header: 'Payer', kind: 'text' },
    { key: 'reason', header: 'Reason', kind: 'text' },
    { key: 'candidates', header: 'Candidates', kind: 'text' },
    { key: 'tenant_account', header: 'Tenant account', kind: 'text' },
  ],
  ['receipt_no', 'completion_time', 'amount', 'account_no', 'payer', 'reason', 'candidates'],
  ['receipt_no', 'amount', 'account_no', 'completion_time', 'reason', 'payer', 'candidates'],
);
