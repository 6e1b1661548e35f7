/**
 * A count with its noun, agreeing in number: `1 record`, `2 records`, `1,234 properties`. Every
 * message that counts something says it through here, so none reads `1 records`.
 */

/** `noun` for one, `pluralNoun` (default `noun` + "s") for any other count; counts grouped by thousands. */
export function countOf(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : pluralNoun}`;
}

/** The noun alone, for a count said elsewhere in the sentence (`1 sale was`, `2 sales were`). */
export function nounFor(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return count === 1 ? noun : pluralNoun;
}
