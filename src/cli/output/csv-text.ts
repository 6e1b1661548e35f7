/**
 * CSV text by RFC 4180: fields separated by commas, records ended by CRLF, a field quoted when
 * it holds a comma, a quote, CR or LF, with its quotes doubled. Written here rather than through
 * csv-stringify because a large export spends its time here: csv-stringify's per-field option
 * handling cost about 5 µs per 19-field sale (a quarter of a 100k-sale export), this a few
 * tenths of that. test/cli/output/csv-text.test.ts holds it to csv-stringify's quoting, and to
 * csv-parse reading it back, for any text. (Asked for CRLF record ends, csv-stringify quoted
 * only fields holding the pair CRLF, leaving a lone LF or CR bare: a note with a line break cut
 * its record in two for spreadsheet apps.)
 */

const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRecord(fields: readonly string[]): string {
  let line = '';
  for (let i = 0; i < fields.length; i++) line += (i === 0 ? '' : ',') + csvField(fields[i]!);
  return `${line}\r\n`;
}

/**
 * Flat objects as CSV with a header of the first object's keys: absent and null values are
 * empty, everything else as String() writes it.
 */
export function csvOfObjects(objects: readonly Record<string, unknown>[]): string {
  if (objects.length === 0) return '';
  const keys = Object.keys(objects[0]!);
  let text = csvRecord(keys);
  for (const object of objects) text += csvRecord(keys.map((key) => (object[key] === undefined || object[key] === null ? '' : String(object[key]))));
  return text;
}
