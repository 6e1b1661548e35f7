/**
 * Unit numbers sort as people read them: A2 before A10, B1 after A10. Runs of digits compare
 * by value, everything else case-insensitively; ties fall back to plain text order so the
 * result is total and stable.
 */
const CHUNKS = /(\d+)|(\D+)/g;

export function compareNatural(a: string, b: string): number {
  const left = a.match(CHUNKS) ?? [];
  const right = b.match(CHUNKS) ?? [];
  const length = Math.min(left.length, right.length);
  for (let i = 0; i < length; i += 1) {
    const x = left[i]!;
    const y = right[i]!;
    const xDigits = /^\d/.test(x);
    const yDigits = /^\d/.test(y);
    if (xDigits && yDigits) {
      const byValue = compareDigitRuns(x, y);
      if (byValue !== 0) return byValue;
    } else if (xDigits !== yDigits) {
      return xDigits ? -1 : 1;
    } else {
      const byText = x.toLowerCase().localeCompare(y.toLowerCase(), 'en');
      if (byText !== 0) return byText;
    }
  }
  if (left.length !== right.length) return left.length - right.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Digit runs by numeric value without converting (a run may exceed 2^53). */
function compareDigitRuns(x: string, y: string): number {
  const a = x.replace(/^0+(?=\d)/, '');
  const b = y.replace(/^0+(?=\d)/, '');
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
