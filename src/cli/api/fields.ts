/**
 * The fields of `shopprop api`: `-F key=value` reads the value as JSON would (a number,
 * true, false, null), else as text; `--raw-field key=value` is always text, for a value such as
 * a phone number or a code that only looks like a number.
 */
import { CliUsageError } from '../usage-error.js';

export type FieldValue = string | number | boolean | null;

/** A number as JSON writes one; a leading zero (0712...) is not one, so it stays text. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export function typedValue(text: string): FieldValue {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (JSON_NUMBER.test(text)) {
    const number = Number(text);
    // An integer past 2^53 would arrive changed: it is sent as the text given.
    if (Number.isFinite(number) && (!Number.isInteger(number) || Number.isSafeInteger(number))) return number;
  }
  return text;
}

function splitField(text: string, flag: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new CliUsageError(`${flag} ${JSON.stringify(text)}: expected key=value`);
  return [text.slice(0, at), text.slice(at + 1)];
}

/** Both kinds of field as one record; a key given twice is refused, since which one wins is a guess. */
export function collectFields(typed: readonly string[] = [], raw: readonly string[] = []): Record<string, FieldValue> {
  const fields: Record<string, FieldValue> = {};
  const add = (text: string, flag: string, read: (value: string) => FieldValue) => {
    const [key, value] = splitField(text, flag);
    if (Object.hasOwn(fields, key)) throw new CliUsageError(`the field ${key} is given twice`);
    fields[key] = read(value);
  };
  for (const text of typed) add(text, '-F', typedValue);
  for (const text of raw) add(text, '--raw-field', (value) => value);
  return fields;
}
