/**
 * Writes a month-end folder's contents into `dir` (the temp folder): the workbook, the CSVs,
 * every statement's PDF (one at a time, so memory holds one), summary.txt and manifest.json,
 * which lists every other file with its size, rows and SHA-256.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { csvFieldWriter } from '../output/cells.js';
import { statementPdfPath } from '../statement-file-name.js';
import { csvRecord } from '../output/csv-text.js';
import { expenseLineColumns, payAdviceSummaryColumns, rentLineColumns } from '../output/columns/pay-advice.js';
import type { PropertyMonth } from './collect-month.js';
import type { ReportTable } from './month-end-tables.js';
import { writeWorkbook, type SheetSpec } from './month-end-workbook.js';
import type { PhaseTiming } from './phase-timing.js';

export interface FolderRequest {
  dir: string;
  /** "2026-10". */
  period: string;
  /** "company 1 · landlord L001 Wambui Holdings · October 2026". */
  title: string;
  /** "company 1" and "October 2026", for a sheet of one property. */
  company: string;
  monthText: string;
  timeZone: string;
  tables: readonly ReportTable[];
  months: readonly PropertyMonth[];
  summary: string;
  /** The PDF of a statement, fetched when its turn comes. */
  pdf(statementId: number): Promise<Uint8Array>;
  onPdf(done: number, total: number): void;
  timing: PhaseTiming;
  manifest: { command: string[]; source: string; version: string; month: number; year: number; scope: string; notes: readonly string[] };
}

export interface ManifestFile {
  path: string;
  bytes: number;
  /** Data rows (CSV: under the header; workbook: every sheet's; PDF: null). */
  rows: number | null;
  sha256: string;
  statementId?: number;
}

export async function writeMonthEndFiles(request: FolderRequest): Promise<ManifestFile[]> {
  const files: { path: string; rows: number | null; statementId?: number }[] = [];
  const workbook = `month-end-${request.period}.xlsx`;
  const sheets = await request.timing.time(
    'workbook',
    () => writeWorkbook(join(request.dir, workbook), workbookSheets(request), request.timeZone),
    (s) => s.length,
  );
  files.push({ path: workbook, rows: sheets.reduce((n, s) => n + s.rows, 0) });
  for (const table of request.tables) {
    writeFileSync(join(request.dir, table.file), csvOf(table, request.timeZone));
    files.push({ path: table.file, rows: table.rows.length });
  }
  const withStatement = request.months.filter((m) => m.statement);
  const pdfsStarted = performance.now();
  for (const [index, month] of withStatement.entries()) {
    const statement = month.statement!;
    const path = join('statements', statementPdfPath(statement, { landlord: month.landlord.code, property: month.property.code }));
    mkdirSync(dirname(join(request.dir, path)), { recursive: true });
    writeFileSync(join(request.dir, path), await request.pdf(statement.id));
    files.push({ path, rows: null, statementId: statement.id });
    request.onPdf(index + 1, withStatement.length);
  }
  request.timing.report('pdfs', withStatement.length, performance.now() - pdfsStarted);
  writeFileSync(join(request.dir, 'summary.txt'), request.summary);
  files.push({ path: 'summary.txt', rows: null });
  const listed = files.map((f) => describe(request.dir, f));
  const manifest = { ...request.manifest, workbookSheets: sheets, files: listed };
  writeFileSync(join(request.dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return listed;
}

function describe(dir: string, file: { path: string; rows: number | null; statementId?: number }): ManifestFile {
  const full = join(dir, file.path);
  const sha256 = createHash('sha256').update(readFileSync(full)).digest('hex');
  // Paths in the manifest use / whatever the system's separator.
  return {
    path: file.path.split('\\').join('/'),
    bytes: statSync(full).size,
    rows: file.rows,
    sha256,
    ...(file.statementId ? { statementId: file.statementId } : {}),
  };
}

/** Field names as headers and values as `--format csv` writes them. */
function csvOf(table: ReportTable, timeZone: string): string {
  const writers = table.columns.map((c) => csvFieldWriter(c, false, timeZone));
  let text = csvRecord(table.columns.map((c) => c.key));
  for (const record of table.rows) {
    const row = record as Record<string, unknown>;
    text += `${writers.map((write, i) => write(row[table.columns[i]!.key])).join(',')}\r\n`;
  }
  return text;
}

/** The report sheets, then a sheet per property's pay advice: its rent lines, expenses and figures. */
function* workbookSheets(request: FolderRequest): Iterable<SheetSpec> {
  for (const table of request.tables) {
    yield { name: table.sheet, title: `${table.sheet} · ${request.title}`, sections: [{ columns: table.columns, rows: table.rows, totals: table.totals }] };
  }
  for (const month of request.months) {
    const advice = month.payAdvice;
    yield {
      name: `Pay advice ${month.property.code}`,
      title: `Pay advice · ${month.property.code} ${month.property.name} · landlord ${month.landlord.code} ${month.landlord.name} · ${request.company} · ${request.monthText}`,
      sections: [
        { columns: rentLineColumns.columns, rows: advice.rentsList, totals: true },
        { caption: 'Expenses', columns: expenseLineColumns.columns, rows: advice.expenseList, totals: true },
      ],
      figures: payAdviceSummaryColumns
        .filter((c) => c.kind === 'money' || c.key === 'manFeesRate' || c.key === 'statementType')
        .map((c) => ({ label: c.header, value: (advice[c.key] as number | string | undefined) ?? null, money: c.kind === 'money' })),
    };
  }
}
