import { extname } from 'node:path';
import { OutputUsageError } from './errors.js';

export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv', 'xlsx'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** File extensions `--output FILE` understands, as hledger picks a format from the file name. */
export const FORMAT_BY_EXTENSION: Readonly<Record<string, OutputFormat>> = {
  '.csv': 'csv',
  '.xlsx': 'xlsx',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.txt': 'table',
};

export function isOutputFormat(value: string): value is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(value);
}

export interface FormatChoice {
  /** `--format`, when given. */
  format?: string;
  /** `--output FILE`, when given; `-` means stdout. */
  output?: string;
  stdoutIsTTY: boolean;
}

/**
 * The output format: an explicit `--format` wins; else the extension of `--output FILE`;
 * else a table for a person at a terminal and JSON for a pipe, so scripts get stable data.
 */
export function resolveFormat({ format, output, stdoutIsTTY }: FormatChoice): OutputFormat {
  if (format !== undefined) {
    const wanted = format.trim().toLowerCase();
    if (!isOutputFormat(wanted)) {
      throw new OutputUsageError(`unknown format "${format}"; expected one of: ${OUTPUT_FORMATS.join(', ')}`);
    }
    return wanted;
  }
  if (output !== undefined && output !== '-') {
    const extension = extname(output).toLowerCase();
    const picked = FORMAT_BY_EXTENSION[extension];
    if (picked === undefined) {
      const known = Object.keys(FORMAT_BY_EXTENSION).join(', ');
      const what = extension === '' ? 'has no extension' : `has extension "${extension}"`;
      throw new OutputUsageError(`cannot tell the format of "${output}": it ${what}; use one of ${known} or pass --format`);
    }
    return picked;
  }
  return stdoutIsTTY ? 'table' : 'json';
}
