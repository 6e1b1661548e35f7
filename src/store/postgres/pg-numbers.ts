/**
 * PostgreSQL's integers (bigint, read as JS bigint by connect.ts) as JS numbers: exact within
 * the safe range, refused beyond it, never rounded and never a string in a record.
 */

/** A bigint column's value as a number; throws beyond Number.MAX_SAFE_INTEGER. */
export function safeNumber(value: bigint | number): number {
  if (typeof value === 'number') return value;
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`a stored integer is beyond JavaScript's safe range: ${value}`);
  }
  return Number(value);
}

/** Every bigint field of a row as a number (text and null fields as they are). */
export function numbersOf<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = typeof value === 'bigint' ? safeNumber(value) : value;
  return out as T;
}
