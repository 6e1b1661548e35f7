/** `shopprop statements`: landlord statements; with --pdf DIR, every listed statement's PDF too. */
import { dirname, join } from 'node:path';
import { statementPdfPath } from '../../statement-file-name.js';
import { countOf } from '../../../domain/plural.js';
import { monthOf, MONTH_NAMES } from '../../../domain/month-range.js';
import type { ShopClient } from '../../../client/client.js';
import type { PaidPosted, StatementRecord } from '../../../contract/statement.js';
import type { CommandContext } from '../../context.js';
import { checkDownloadDirectory, makeDownloadDirectory } from '../../download-directory.js';
import { emitList } from '../../emit-list.js';
import type { GlobalOptions } from '../../global-options.js';
import { statementCsvColumns } from '../../output/columns/statement.js';
import { APPROVAL_FIELDS, statementStatus } from '../../output/statement-status.js';
import { writeWholeFile } from '../../output-target.js';
import { progress } from '../../progress.js';
import { companyOrPrompt, requireValue } from '../../required-value.js';
import { runCommand } from '../../run-command.js';
import { documentLink } from '../../../client/document-link.js';
import { pageOfWholeList } from '../../whole-list-page.js';

export interface StatementsOptions {
  company?: number;
  landlord?: number;
  zone?: number;
  status?: PaidPosted;
  type?: 'FINAL' | 'INTERIM';
  month?: number;
  year?: number;
  pdf?: string;
  start?: number;
  limit?: number;
  all?: boolean;
}

export async function run(options: StatementsOptions & GlobalOptions): Promise<void> {
  if (options.pdf !== undefined) checkDownloadDirectory('--pdf', options.pdf);
  await runCommand(options, async (context) => {
    const companyId = await companyOrPrompt(context, options.company);
    const landlordId = await requireValue(context, {
      value: options.landlord,
      flag: '--landlord',
      what: 'a landlord id',
      ask: async (p) => (await import('../../property-pick.js')).pickPropertyId(context, p, companyId, 'landlord'),
    });
    const api = await context.client();
    const settings = await context.settings();
    const paidPosted = options.status ?? 'ALL';
    const page = await api.statements({ companyId, landlordId, zoneId: options.zone, paidPosted });
    // The records do not say whether a statement is paid; the service's paid/posted filter does.
    const paidIds =
      paidPosted === 'ALL'
        ? new Set((await api.statements({ companyId, landlordId, zoneId: options.zone, paidPosted: 'YES' })).list.map((s) => s.id))
        : undefined;
    // The interface has no month filter: the statements of other months are left out here.
    // Nor a type filter: --type leaves out the other type here.
    const ofMonth = page.list.filter((statement) => ofPeriod(statement, options, context.now(), settings.timeZone) && ofType(statement, options.type));
    // The interface sends every statement: --start/--limit show (and --pdf downloads) a part.
    const shown = pageOfWholeList(ofMonth, options).records;
    const records = shown.map((statement) => {
      const withApproval: Record<string, unknown> = { ...statement };
      for (const field of APPROVAL_FIELDS) withApproval[field] ??= null;
      const paid = paidIds ? paidIds.has(statement.id ?? NaN) : paidPosted === 'YES';
      return { ...withApproval, status: statementStatus(statement, paid) };
    });
    // An INTERIM draft's figures may still change: they are never added to FINAL figures.
    const mixed = new Set(records.map((r) => r.status === 'INTERIM draft')).size > 1;
    if (mixed)
      context.say(
        'no totals row: INTERIM drafts and FINAL statements are not added together; --type FINAL or --type INTERIM lists one of them, with its totals',
      );
    const whole =
      options.month === undefined && options.year === undefined && options.type === undefined ? Math.max(page.count, page.list.length) : ofMonth.length;
    const count = Math.max(0, whole - (options.start ?? 0));
    const sheetName = statementsSheetName(landlordId, options, context.now(), settings.timeZone);
    await emitList(context, { records, columns: statementCsvColumns, totals: !mixed, count: () => count, sheetName });
    if (options.pdf !== undefined) await downloadAll(context, api, shown as StatementRecord[], options.pdf);
  });
}

/**
 * Saves each statement as `<landlord code>/<property code>-YYYY-MM-<type>.pdf` under DIR, each
 * file complete or absent; two statements that would share a name (a paid INTERIM beside a
 * later one) keep apart by their ids.
 */
async function downloadAll(context: CommandContext, api: ShopClient, statements: readonly StatementRecord[], dir: string): Promise<void> {
  await makeDownloadDirectory('--pdf', dir);
  const shared = new Map<string, number>();
  for (const statement of statements) shared.set(statementPdfPath(statement), (shared.get(statementPdfPath(statement)) ?? 0) + 1);
  const fileOf = (statement: StatementRecord) => {
    const path = statementPdfPath(statement);
    return shared.get(path)! > 1 ? path.replace(/\.pdf$/, `-${statement.id}.pdf`) : path;
  };
  const meter = progress(context, 'downloaded');
  try {
    for (const [index, statement] of statements.entries()) {
      const link = await api.statementPdf({ statementId: statement.id });
      const pdf = await api.fetchDocument(documentLink(link));
      const file = join(dir, ...fileOf(statement).split('/'));
      await makeDownloadDirectory('--pdf', dirname(file));
      await writeWholeFile(context, file, pdf, { refresh: true });
      meter.update(index + 1, statements.length);
    }
  } finally {
    meter.done();
  }
  context.say(`saved ${countOf(statements.length, 'statement PDF')} in ${dir}`);
}

/** An xlsx sheet's name: "Statements October 2026", "Statements 2026", or the landlord's when no period is asked. */
function statementsSheetName(landlordId: number, options: StatementsOptions, now: number, timeZone: string): string {
  if (options.month === undefined && options.year === undefined) return `Statements landlord ${landlordId}`;
  const year = options.year ?? monthOf(now, timeZone).year;
  if (options.month === undefined) return `Statements ${year}`;
  const name = MONTH_NAMES[options.month - 1]!;
  return `Statements ${name.charAt(0)}${name.slice(1).toLowerCase()} ${year}`;
}

/** --type FINAL keeps the FINAL statements, --type INTERIM the rest (a statement of no type is a draft). */
function ofType(statement: { statementType?: string | null }, type: StatementsOptions['type']): boolean {
  if (type === undefined) return true;
  return ((statement.statementType ?? '').toUpperCase() === 'FINAL') === (type === 'FINAL');
}

/** --month alone is of this year (the company's zone); --year alone is every month of it. */
function ofPeriod(statement: { year?: number | null; month?: string | null }, options: StatementsOptions, now: number, timeZone: string): boolean {
  if (options.month === undefined && options.year === undefined) return true;
  const year = options.year ?? monthOf(now, timeZone).year;
  if (statement.year !== year) return false;
  return options.month === undefined || String(statement.month ?? '').toUpperCase() === MONTH_NAMES[options.month - 1];
}
