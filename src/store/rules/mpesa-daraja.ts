/**
 * Daraja's amounts are strings (`"40000.00"`, sometimes `"40000"`): read as cents exactly, never
 * through a float.
 */
import { statementCents } from './mpesa-statement.js';

export function toCentsText(text: string | undefined): number | undefined {
  const trimmed = (text ?? '').trim();
  return trimmed === '' || trimmed.startsWith('-') ? undefined : statementCents(trimmed);
}
