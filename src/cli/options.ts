/**
 * Parsers for flag values, checked before any request: ids are positive whole numbers, month is
 * 1..12, enums are spelled exactly. A bad value exits 2 with the flag and what it expects.
 */
import { InvalidArgumentError, Option } from 'commander';
import { completeWith } from './completion/completion-values.js';
import { CliUsageError } from './usage-error.js';

export function positiveInteger(value: string): number {
  if (!isPositiveInteger(value)) throw new InvalidArgumentError('expected a positive whole number, e.g. 1.');
  return Number(value);
}

/** An id flag's value: as positiveInteger, with a message that says it is an id. */
export function idValue(value: string): number {
  if (!isPositiveInteger(value)) throw new InvalidArgumentError('expected an id: a positive whole number, e.g. 1.');
  return Number(value);
}

function isPositiveInteger(value: string): boolean {
  return /^\d+$/.test(value.trim()) && Number(value) >= 1 && Number.isSafeInteger(Number(value));
}

export function nonNegativeInteger(value: string): number {
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('expected a whole number, 0 or more.');
  }
  return Number(value);
}

export function pageSize(value: string): number {
  const n = isPositiveInteger(value) ? Number(value) : NaN;
  if (!(n <= 1000)) throw new InvalidArgumentError('expected a page size from 1 to 1000 (the largest page the service serves).');
  return n;
}

export function month(value: string): number {
  const n = /^\d{1,2}$/.test(value.trim()) ? Number(value) : NaN;
  if (!(n >= 1 && n <= 12)) throw new InvalidArgumentError('expected a month number from 1 to 12.');
  return n;
}

export function year(value: string): number {
  const n = /^\d{4}$/.test(value.trim()) ? Number(value) : NaN;
  if (!(n >= 1970 && n <= 9999)) throw new InvalidArgumentError('expected a four-digit year, e.g. 2026.');
  return n;
}

/**
 * An option whose value must be one of `values`, case-insensitively, stored as `values` spell
 * it: help, errors and examples all show the one spelling (`--status YES`, `--role cashier`).
 */
export function choiceOption(flags: string, description: string, values: readonly string[]): Option {
  const byKey = new Map(values.map((value) => [value.toLowerCase(), value]));
  const option = new Option(flags, `${description} (${values.join(', ')})`).argParser((value: string) => {
    const chosen = byKey.get(value.trim().toLowerCase());
    if (chosen === undefined) throw new InvalidArgumentError(`expected one of ${values.join(', ')}.`);
    return chosen;
  });
  return completeWith(option, values);
}

export const idOption = (flags: string, description: string) => new Option(flags, description).argParser(idValue);

/** A positional id argument (`<statementId>`): a usage error naming it when it is not a positive whole number. */
export function idArgument(name: string, value: string | undefined): number {
  try {
    return idValue(value ?? '');
  } catch {
    // Thrown from inside an action, so it must be an error main.ts prints (commander has not).
    throw new CliUsageError(`${name} must be a positive whole number (got ${JSON.stringify(value)})`);
  }
}
