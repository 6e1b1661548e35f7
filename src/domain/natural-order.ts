/**
 * Unit numbers sort as people read them: A2 before A10, B1 after A10. Runs of digits compare
 * by value, everything else case-insensitively; ties fall back to plain text order so the
 * result is total and stable.
 *
 * Sorting thousands of rows parses each text once (naturalKey) rather than on every comparison,
 * or ranks the distinct texts once (naturalRanks) so rows compare by integers.
 */
const CHUNKS = /(\d+)|(\D+)/g;

export interface NaturalKey {
  readonly text: string;
  /** Digit runs without leading zeros, flagged; other runs lower-cased. */
  readonly chunks: readonly (readonly [digits: boolean, value: string])[];
}

export function naturalKey(text: string): NaturalKey {
  const chunks = (text.match(CHUNKS) ?? []).map((chunk): [boolean, string] =>
    /^\d/.test(chunk) ? [true, chunk.replace(/^0+(?=\d)/, '')] : [false, chunk.toLowerCase()],
  );
  return { text, chunks };
}

export function compareNaturalKeys(a: NaturalKey, b: NaturalKey): number {
  const length = Math.min(a.chunks.length, b.chunks.length);
  for (let i = 0; i < length; i += 1) {
    const [xDigits, x] = a.chunks[i]!;
    const [yDigits, y] = b.chunks[i]!;
    if (xDigits !== yDigits) return xDigits ? -1 : 1;
    // Digit runs by length first: their value without converting (a run may exceed 2^53).
    if (xDigits && x.length !== y.length) return x.length - y.length;
    if (x !== y) return x < y ? -1 : 1;
  }
  if (a.chunks.length !== b.chunks.length) return a.chunks.length - b.chunks.length;
  return a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
}

export function compareNatural(a: string, b: string): number {
  return compareNaturalKeys(naturalKey(a), naturalKey(b));
}

/**
 * Each distinct text's place in natural order (0 first): rows sorted by rank are in the order
 * compareNatural gives, and compare as fast as integers (a report has ~10k rows, ~800 texts).
 */
export function naturalRanks(texts: Iterable<string>): Map<string, number> {
  const keys = [...new Set(texts)].map(naturalKey).sort(compareNaturalKeys);
  return new Map(keys.map((key, rank) => [key.text, rank]));
}
