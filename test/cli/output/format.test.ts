import { describe, expect, it } from 'vitest';
import { OutputUsageError } from '../../../src/cli/output/errors.js';
import { resolveFormat } from '../../../src/cli/output/format.js';
import { errorExit } from '../../../src/cli/error-exit.js';

describe('resolveFormat', () => {
  it('uses a table for a terminal and JSON for a pipe when nothing is asked', () => {
    expect(resolveFormat({ stdoutIsTTY: true })).toBe('table');
    expect(resolveFormat({ stdoutIsTTY: false })).toBe('json');
  });

  it('lets an explicit --format win over the terminal and over the file extension', () => {
    expect(resolveFormat({ format: 'csv', stdoutIsTTY: true })).toBe('csv');
    expect(resolveFormat({ format: 'ndjson', output: 'sales.csv', stdoutIsTTY: false })).toBe('ndjson');
    expect(resolveFormat({ format: 'TABLE', stdoutIsTTY: false })).toBe('table');
  });

  it.each([
    ['sales.csv', 'csv'],
    ['SALES.CSV', 'csv'],
    ['out/report.json', 'json'],
    ['rows.ndjson', 'ndjson'],
    ['rows.jsonl', 'ndjson'],
    ['report.txt', 'table'],
  ])('picks the format of --output %s from its extension', (output, expected) => {
    expect(resolveFormat({ output, stdoutIsTTY: true })).toBe(expected);
  });

  it('treats --output - as stdout', () => {
    expect(resolveFormat({ output: '-', stdoutIsTTY: true })).toBe('table');
    expect(resolveFormat({ output: '-', stdoutIsTTY: false })).toBe('json');
  });

  it('refuses an unknown format, naming the valid ones', () => {
    expect(() => resolveFormat({ format: 'xml', stdoutIsTTY: true })).toThrow(OutputUsageError);
    expect(() => resolveFormat({ format: 'xml', stdoutIsTTY: true })).toThrow(/table, json, ndjson, csv/);
  });

  it('refuses a file whose extension says nothing, suggesting --format', () => {
    expect(() => resolveFormat({ output: 'report.ods', stdoutIsTTY: true })).toThrow(/\.ods.*--format/);
    expect(() => resolveFormat({ output: 'report', stdoutIsTTY: true })).toThrow(/no extension/);
    const pdf = () => resolveFormat({ output: 'report.pdf', stdoutIsTTY: true });
    expect(pdf).toThrow(OutputUsageError);
    let refusal: unknown;
    try {
      pdf();
    } catch (error) {
      refusal = error;
    }
    expect(errorExit(refusal).exitCode).toBe(2);
  });
});
