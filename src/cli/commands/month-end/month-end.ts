/**
 * `shopprop month-end`: one month of one scope (a property, a landlord, a zone or the company)
 * closed in one folder. On a store this command opens (SQLite or PostgreSQL) each property's
 * statement is prepared first; against a service (whose interface prepares nothing) the
 * statements that exist are collected and the properties without one named. The folder is
 * built beside its target and renamed into place whole.
 */
import { lstatSync } from 'node:fs';
import { basename } from 'node:path';
import { fetchPropertyReference } from '../../../client/property-reference.js';
import { addMonths, monthOf, MONTH_NAMES } from '../../../domain/month-range.js';
import { countOf } from '../../../domain/plural.js';
import { redactedUrl } from '../../../store/store-location.js';
import { createContext, type CommandContext } from '../../context.js';
import { withLocalStore } from '../../local-store.js';
import type { GlobalOptions } from '../../global-options.js';
import { collectProperty, statementPdf, statementsOfMonth, type PropertyMonth } from '../../month-end/collect-month.js';
import { createFolderBeside } from '../../month-end/folder-beside.js';
import { writeMonthEndFiles } from '../../month-end/month-end-files.js';
import { scopeOf, type MonthEndScope } from '../../month-end/month-end-scope.js';
import { summaryText } from '../../month-end/month-end-summary.js';
import { mailServer, type MailServer } from '../../month-end/send/mail-server.js';
import { sendStatements, type SendRequest } from '../../month-end/send/send-statements.js';
import { storeSendRecord } from '../../month-end/send/store-send-record.js';
import { monthEndTables } from '../../month-end/month-end-tables.js';
import { phaseTiming } from '../../month-end/phase-timing.js';
import { prepareStatements, type PrepareOutcome } from '../../month-end/prepare-statements.js';
import { progress } from '../../progress.js';
import { companyOrPrompt, prompter } from '../../required-value.js';
import { CliUsageError } from '../../usage-error.js';

export interface MonthEndOptions {
  company?: number;
  landlord?: number;
  zone?: number;
  property?: number;
  month?: number;
  year?: number;
  final?: boolean;
  send?: boolean;
  resend?: boolean;
  yes?: boolean;
}

export async function run(options: MonthEndOptions & GlobalOptions): Promise<void> {
  const context = createContext(options);
  try {
    await monthEnd(context, options);
  } finally {
    await context.close();
  }
}

async function monthEnd(context: CommandContext, options: MonthEndOptions & GlobalOptions): Promise<void> {
  const settings = await context.settings();
  const companyId = await companyOrPrompt(context, options.company);
  const { month, year } = monthAsked(options, context.now(), settings.timeZone);
  const period = `${year}-${String(month).padStart(2, '0')}`;
  const target = options.output ?? `month-end-${period}`;
  // Settled before any work: an existing folder is replaced only when asked to.
  await consentToReplaceFolder(context, target);
  const embedded = await context.embedded();
  if (options.final && !embedded)
    throw new CliUsageError('--final prepares statements, which only a local store (or --database) can: a service of the interface has no prepare operation');
  const server = options.send ? await readyToSend(context, options, embedded) : undefined;
  if (options.resend && !options.send) throw new CliUsageError('--resend goes with --send');
  const api = await context.client();
  const reference = await fetchPropertyReference({ transport: api.transport, token: settings.token }, companyId);
  if (!reference)
    throw new CliUsageError(
      'this service does not list its properties (GET /api/local/property-reference): month-end needs a shopprop server or the local store',
    );
  const scope = scopeOf(reference, options);
  if (scope.properties.length === 0) throw new CliUsageError(`no properties in ${scope.label}: nothing to close`);
  const monthText = `${MONTH_NAMES[month - 1]!.charAt(0)}${MONTH_NAMES[month - 1]!.slice(1).toLowerCase()} ${year}`;
  const request = { companyId, month, year };

  const timing = phaseTiming(context);
  const outcomes = embedded
    ? await timing.time(
        'prepare',
        () => prepareStatements(context, { ...request, final: options.final === true, properties: scope.properties }),
        (o) => o.length,
      )
    : undefined;
  const { statements, months } = await timing.time(
    'read',
    async () => {
      const statements = await statementsOfMonth(
        api,
        request,
        scope.landlords.map((l) => l.id),
      );
      const months = await collectAll(context, scope, (entry) => collectProperty(api, request, entry, statements.get(entry.property.id)));
      return { statements, months };
    },
    (read) => read.months.length,
  );
  const notes = outcomeNotes(scope, months, outcomes, options.final === true);
  const title = `company ${companyId} · ${scope.label} · ${monthText}`;
  const source = embedded ? sourceText(await context.storeLocation()) : settings.baseUrl!;

  const folder = createFolderBeside(target);
  const meter = progress(context, 'statement PDFs written:');
  try {
    await writeMonthEndFiles({
      dir: folder.path,
      period,
      title,
      company: `company ${companyId}`,
      monthText,
      timeZone: settings.timeZone,
      tables: monthEndTables(months),
      months,
      summary: summaryText({ title: `Month-end · ${title}`, notes }, months),
      pdf: (id) => statementPdf(api, id),
      onPdf: (done, total) => meter.update(done, total),
      timing,
      manifest: { command: ['shopprop', ...process.argv.slice(2)], source, version: __SHOPPROP_VERSION__, month, year, scope: scope.label, notes },
    });
    meter.done();
    folder.commit();
    timing.peak();
  } catch (error) {
    meter.done();
    folder.discard();
    throw error;
  }
  // A pipe or cron gets nothing but errors; a person sees what was done.
  if (context.terminal.stderrIsTTY) {
    for (const note of notes) context.say(note);
    context.say(`wrote ${target}/: ${countOf(months.length, 'property', 'properties')}, ${countOf(statements.size, 'statement PDF')}`);
  }
  if (!server) return;
  const send: SendRequest = { folder: target, monthText, months, server, yes: options.yes === true, resend: options.resend === true };
  if (!embedded) return sendStatements(context, send, undefined);
  const scopeOfRecord = { ...request, propertyIds: scope.properties.map((p) => p.property.id), now: () => context.now() };
  await withLocalStore(context, (store) => sendStatements(context, send, storeSendRecord(store, scopeOfRecord)));
}

/**
 * What `--send` needs, settled before any work: the mail server and its password, someone to
 * say yes (or --yes), and a store to record the sends in. A service keeps no record, so a rerun
 * could not tell what was sent: there, sending is refused unless --resend says every statement
 * of the run is to be sent whatever was sent before.
 */
async function readyToSend(context: CommandContext, options: MonthEndOptions, embedded: boolean): Promise<MailServer> {
  if (!embedded && !options.resend) {
    throw new CliUsageError(
      'against a service (--base-url) the sends cannot be recorded, so a rerun could not tell what was already sent: --resend sends every statement of the run anyway, or run month-end on the store (--db, --database)',
    );
  }
  if (!options.yes && !context.interactive) throw new CliUsageError('--send asks before sending, and there is no terminal to ask: --yes sends without asking');
  return mailServer(context);
}

/** The month asked for, else the month before the current one in the company's zone. */
function monthAsked(options: MonthEndOptions, now: number, timeZone: string): { month: number; year: number } {
  if (options.month !== undefined && options.year !== undefined) return { month: options.month, year: options.year };
  const previous = addMonths(monthOf(now, timeZone), -1);
  return { month: options.month ?? previous.month, year: options.year ?? (options.month !== undefined ? monthOf(now, timeZone).year : previous.year) };
}

async function collectAll(
  context: CommandContext,
  scope: MonthEndScope,
  collect: (entry: MonthEndScope['properties'][number]) => Promise<PropertyMonth>,
): Promise<PropertyMonth[]> {
  const meter = progress(context, 'properties read:');
  const months: PropertyMonth[] = [];
  try {
    for (const entry of scope.properties) {
      months.push(await collect(entry));
      meter.update(months.length, scope.properties.length);
    }
  } finally {
    meter.done();
  }
  return months;
}

function outcomeNotes(scope: MonthEndScope, months: readonly PropertyMonth[], outcomes: readonly PrepareOutcome[] | undefined, final: boolean): string[] {
  const notes: string[] = [];
  if (outcomes) {
    const prepared = outcomes.filter((o) => o.outcome === 'prepared').length;
    notes.push(`prepared ${countOf(prepared, `${final ? 'FINAL' : 'INTERIM'} statement`)} of ${countOf(scope.properties.length, 'property', 'properties')}`);
    for (const kept of outcomes.filter((o) => o.outcome === 'kept')) {
      const entry = scope.properties.find((p) => p.property.id === kept.propertyId)!;
      notes.push(`${entry.property.code} ${entry.property.name}: left as it is (${kept.note})`);
    }
  } else {
    const missing = months.filter((m) => !m.statement);
    notes.push(
      `collected the statements that exist (this service prepares none): ${missing.length === 0 ? 'every property has one' : `${countOf(missing.length, 'property', 'properties')} without one`}`,
    );
    for (const m of missing) notes.push(`${m.property.code} ${m.property.name}: no statement for the month`);
  }
  return notes;
}

function sourceText(location: string): string {
  return location.startsWith('postgres') ? redactedUrl(location) : `SQLite ${basename(location)}`;
}

async function consentToReplaceFolder(context: CommandContext, target: string): Promise<void> {
  let stat;
  try {
    stat = lstatSync(target);
  } catch {
    return;
  }
  if (!stat.isDirectory()) throw new CliUsageError(`${target} exists and is not a folder: -o names the month-end's folder`);
  if (context.globals.force === true) return;
  if (!context.interactive) throw new CliUsageError(`${target} exists: --force replaces it (whole, when the new one is complete), or -o names another folder`);
  if (!(await prompter().confirm(`${target} exists. Replace it when the new one is complete?`, { default: false }))) {
    throw new CliUsageError(`${target} was not replaced; --force replaces it without asking`);
  }
}
