/**
 * A statement's place in its workflow, one word for the accountant: an INTERIM statement is a
 * draft; a FINAL one is "FINAL" until approved for payment, then "approved", then "paid" once
 * the service lists it as paid/posted. Pure.
 */
export type StatementStatus = 'INTERIM draft' | 'FINAL' | 'approved' | 'paid';

export interface StatementState {
  statementType?: string | null;
  approvedForPmt?: string | null;
}

export function statementStatus(statement: StatementState, paid: boolean): StatementStatus {
  if ((statement.statementType ?? '').toUpperCase() !== 'FINAL') return 'INTERIM draft';
  if (paid) return 'paid';
  return (statement.approvedForPmt ?? '').toUpperCase() === 'YES' ? 'approved' : 'FINAL';
}

/** The approval fields a statement has once approved; null until then, so every record has them. */
export const APPROVAL_FIELDS = ['dateApproved', 'approvedById', 'approvedByName', 'approvedForPmt'] as const;
