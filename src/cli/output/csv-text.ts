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

/**
 * A text cell a spreadsheet would take for a formula (OWASP CSV injection: it starts with =, +,
 * -, @, tab or carriage return) with an apostrophe before it, so `=HYPERLINK(...)` in a
 * customer's name is shown as text, never run. Only text: numbers are written from numbers
 * and stay as they are (a negative amount is -5.00); `--raw` keeps text exactly as sent.
 */
export function neutralisedText(text: string): string {
  const first = text.charCodeAt(0);
  return first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13 ? `'${text}` : text;
}

/**
 * Digits a spreadsheet would read as a number and change: twelve or more (an IMEI becomes
 * 3.5E+14, and past fifteen digits its last ones turn to zeros) or a leading zero (0712345678
 * loses it).
 */
const ALTERED_AS_NUMBER = /^(?:0\d+|\d{12,})$/;

/**
 * Text as a spreadsheet should show it: a formula-like text neutralised (neutralisedText), and
 * digits it would alter written as the formula ="350123456789012", which Excel, LibreOffice and
 * Google Sheets show as that text exactly (the one CSV form all three keep; a leading
 * apostrophe or tab would show). Built here from digits only, so it runs nothing else.
 * `--raw` writes the plain digits, for programs.
 */
export function spreadsheetText(text: string): string {
  const first = text.charCodeAt(0);
  if (first >= 48 && first <= 57 && text.length > 1 && ALTERED_AS_NUMBER.test(text)) return `="${text}"`;
  return neutralisedText(text);
}

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
 * empty, text made safe for a spreadsheet unless `raw` (spreadsheetText), everything else as
 * String() writes it.
 */
export function csvOfObjects(objects: readonly Record<string, unknown>[], raw = false): string {
  if (objects.length === 0) return '';
  const keys = Object.keys(objects[0]!);
  const cell = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'string' && !raw ? spreadsheetText(value) : String(value));
  let text = csvRecord(keys);
  for (const object of objects) text += csvRecord(keys.map((key) => cell(object[key])));
  return text;
}
