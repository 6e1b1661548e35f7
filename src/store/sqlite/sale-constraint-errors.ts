/**
 * The database's own guards of a sale (a serialised unit sold once, a key used once) are the
 * last word when two saves race past the checks: their failures are refused input, in words.
 */
import { ServiceError } from '../../services/service-error.js';

/** A unique-constraint failure of the sale tables, in words, or undefined for any other error. */
function describeConstraintFailure(error: unknown): string | undefined {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message ?? '';
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' && message.includes('cash_sale_lines.item_spec_id')) return 'a serialised unit of the sale is already sold';
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' && message.includes('cash_sales.company_id, cash_sales.idempotency_key')) return 'the Idempotency-Key was already used';
  return undefined;
}

/** The refusal a unique-constraint failure of the sale tables stands for, or undefined for any other error. */
export function constraintRefusal(error: unknown): ServiceError | undefined {
  const constraint = describeConstraintFailure(error);
  return constraint === undefined ? undefined : new ServiceError('invalidInput', `invalid cash sale: ${constraint}`);
}
