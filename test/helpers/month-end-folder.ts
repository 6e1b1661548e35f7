/**
 * Reads a month-end folder back as a person and a script would: the manifest, the workbook
 * (each sheet's title, header, totals and cell types through exceljs), every PDF parsed, and
 * checks that they agree with the statements report and the pay advices of the same month.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { readPdf } from './pdf-read.js';

export interface ManifestRead {
  scope: string;
  notes: string[];
  source: string;
  workbookSheets: { name: string; rows: number }[];
  files: { path: string; bytes: number; rows: number | null; sha256: string; statementId?: number }[];
}

export function readManifest(folder: string): ManifestRead {
  const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as ManifestRead;
  for (const file of manifest.files) {
    const bytes = readFileSync(join(folder, file.path));
    expect(bytes.length, file.path).toBe(file.bytes);
    expect(createHash('sha256').update(bytes).digest('hex'), file.path).toBe(file.sha256);
  }
  return manifest;
}

export async function readWorkbook(file: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

/** Cents of a numeric cell; fails on text, so "money as numbers" is checked by every read. */
export function cents(value: ExcelJS.CellValue): number {
  expect(typeof value, `cell ${String(value)}`).toBe('number');
  return Math.round((value as number) * 100);
}

/** Column index (1-based) of a heading in a sheet's header row (row 2). */
export function columnOf(sheet: ExcelJS.Worksheet, heading: string): number {
  const values = sheet.getRow(2).values as ExcelJS.CellValue[];
  const index = values.indexOf(heading);
  expect(index, `${sheet.name} has a column ${heading}`).toBeGreaterThan(0);
  return index;
}

/** The data rows of a one-table sheet (between the header row and the totals row) and the totals row. */
export function tableRows(sheet: ExcelJS.Worksheet): { rows: ExcelJS.Row[]; totals: ExcelJS.Row } {
  const rows: ExcelJS.Row[] = [];
  for (let r = 3; r < sheet.rowCount; r++) rows.push(sheet.getRow(r));
  const totals = sheet.getRow(sheet.rowCount);
  expect(totals.getCell(1).value).toBe('Total');
  return { rows, totals };
}

export interface StatementJson {
  id: number;
  propertyCode: string;
  lldCode: string;
  statementType: string;
  periodIncome: number;
  manFees: number;
  manFeesTax: number;
  expenses: number;
  amtPyble: number;
}

/** Every PDF of the folder parsed: its statement number, property and figures are the report's. */
export async function checkPdfs(folder: string, manifest: ManifestRead, statements: readonly StatementJson[], period: string): Promise<number> {
  const pdfs = manifest.files.filter((f) => f.path.endsWith('.pdf'));
  for (const file of pdfs) {
    const statement = statements.find((s) => s.id === file.statementId);
    expect(statement, file.path).toBeDefined();
    expect(file.path).toBe(`statements/${statement!.lldCode}/${statement!.propertyCode}-${period}-${statement!.statementType}.pdf`);
    const { text } = await readPdf(readFileSync(join(folder, file.path)));
    expect(text).toMatch(new RegExp(`Statement no\\.\\s+${statement!.id}\\b`));
    expect(text).toContain(`(${statement!.propertyCode})`);
    expect(text).toMatch(new RegExp(`Net amount due\\s+KES ${money(statement!.amtPyble)}`));
    expect(text).toMatch(new RegExp(`Period income \\([^)]*\\)\\s+${money(statement!.periodIncome)}`));
    expect(text).toMatch(new RegExp(`VAT on management fees\\s+${money(statement!.manFeesTax)}`));
    expect(text).toMatch(new RegExp(`Management fees \\([\\d.]+%\\)\\s+${money(statement!.manFees)}`));
  }
  return pdfs.length;
}

/** 1234.5 as the PDF writes it, escaped for a pattern: 1,234.50. */
function money(amount: number): string {
  const text = (Math.round(amount * 100) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return text.replace(/[.]/g, '\\.').replace(/^-/, '-');
}
