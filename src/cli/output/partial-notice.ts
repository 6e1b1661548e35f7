import { formatCount } from './money-text.js';

/**
 * The stderr line for a list that holds fewer records than the envelope's count, so a page is
 * never mistaken for the whole: "showing 50 of 1,234; --all for every page".
 */
export function partialListNotice(shown: number, count: number): string | undefined {
  if (shown >= count) return undefined;
  return `showing ${formatCount(shown)} of ${formatCount(count)}; --all for every page`;
}
