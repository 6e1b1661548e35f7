/**
 * `shopprop doctor`: whether the service the profile points at (or the local store) follows the
 * interface. Each read endpoint gets one request, with the smallest valid parameters, and a
 * report row: reachable, authorised, answering in the interface's shape. The endpoints that
 * need no id of another are asked at once, the rest when the landlord's statements have named
 * a property and a statement, so the whole check takes at most twice the timeout.
 */
import { probeEndpoint, type ProbeResult } from '../../../client/endpoint-probe.js';
import type { Transport } from '../../../client/transport.js';
import { endpoints } from '../../../contract/endpoints.js';
import { KnownError } from '../../../contract/error-kinds.js';
import type { CommandContext } from '../../context.js';
import { requestDeadlineMs } from '../../context.js';
import { checkColumns, checkedRow, skippedRow, type CheckRow } from '../../doctor/check-row.js';
import { idsFromStatements, queryText, READ_CHECKS, READ_ENDPOINTS, type CheckIds, type ReadEndpoint } from '../../doctor/read-checks.js';
import { verdictOf } from '../../doctor/verdict.js';
import { emitList } from '../../emit-list.js';
import type { GlobalOptions } from '../../global-options.js';
import { companyOrPrompt } from '../../required-value.js';
import { runCommand } from '../../run-command.js';

export interface DoctorOptions {
  company?: number;
  landlord?: number;
  property?: number;
  statement?: number;
}

/** A request's time limit when --timeout (or SHOPPROP_TIMEOUT) does not set one: a check should not hang for a minute. */
export const DEFAULT_CHECK_TIMEOUT_MS = 10_000;

export async function run(options: DoctorOptions & GlobalOptions): Promise<void> {
  await runCommand(options, async (context) => {
    const companyId = await companyOrPrompt(context, options.company);
    const given: CheckIds = { companyId, landlordId: options.landlord, propertyId: options.property, statementId: options.statement };
    const timeoutMs = requestDeadlineMs(context.globals.timeout ?? context.env.SHOPPROP_TIMEOUT) ?? DEFAULT_CHECK_TIMEOUT_MS;
    const target = await openTarget(context, timeoutMs);
    let rows: CheckRow[];
    try {
      rows = await checkAll(target.transport, given, { token: target.token, timeoutMs });
    } finally {
      await target.close();
    }
    await emitList(context, { records: rows, columns: checkColumns, heading: [`Interface check · ${target.name} · company ${companyId}`] });
    const verdict = verdictOf(rows, companyId);
    for (const reason of verdict.reasons) context.say(reason);
    if (verdict.failure) throw new KnownError(verdict.failure.kind, verdict.failure.message);
    context.say(verdict.summary!);
  });
}

interface Target {
  transport: Transport;
  /** What is checked, for the heading: the base URL, or the local store. */
  name: string;
  token?: string;
  close(): Promise<void>;
}

/**
 * The service: over HTTP with this check's own time limit (every request bounded, from
 * connecting to the last byte), or the bundled server in-process on the local store.
 */
async function openTarget(context: CommandContext, timeoutMs: number): Promise<Target> {
  const settings = await context.settings();
  if (await context.embedded()) {
    const { transport } = await context.client();
    // The context closes the store when the command ends.
    return { transport, name: `the local store ${await shownStoreLocation(context)}`, close: async () => {} };
  }
  const verbose = context.globals.verbose === true || (context.env.SHOPPROP_DEBUG ?? '').split(',').includes('api');
  const { openHttpTransport } = await import('../../../client/open-http-transport.js');
  const transport = await openHttpTransport({
    baseUrl: settings.baseUrl!,
    connectTimeoutMs: Math.min(5_000, timeoutMs),
    readTimeoutMs: timeoutMs,
    deadlineMs: timeoutMs,
    trace: verbose ? (line) => context.terminal.stderr.write(`[api] ${line}\n`) : undefined,
  });
  return { transport, name: transport.description, token: settings.token, close: () => transport.close() };
}

async function checkAll(transport: Transport, given: CheckIds, options: { token?: string; timeoutMs: number }): Promise<CheckRow[]> {
  const probe = (name: ReadEndpoint, query: Record<string, string | number>): Promise<CheckRow> =>
    probeEndpoint(transport, { endpoint: name, query }, options).then((result: ProbeResult) =>
      checkedRow({ ...baseOf(name), query: queryText(query) }, result),
    );

  const statementsAsked = READ_CHECKS.statements.ask(given);
  const statements = 'query' in statementsAsked ? probeEndpoint(transport, { endpoint: 'statements', query: statementsAsked.query }, options) : undefined;

  const rows = READ_ENDPOINTS.map(async (name): Promise<CheckRow> => {
    const check = READ_CHECKS[name];
    if (name === 'statements') {
      return statements && 'query' in statementsAsked
        ? checkedRow({ ...baseOf(name), query: queryText(statementsAsked.query) }, await statements)
        : skippedRow(baseOf(name), 'needs --landlord');
    }
    const asked = check.ask(given);
    if ('query' in asked) return probe(name, asked.query);
    if (!check.idsFromStatements) return skippedRow(baseOf(name), `needs ${asked.needs}`);
    if (!statements) return skippedRow(baseOf(name), `needs ${asked.needs} (or --landlord, whose first statement names one)`);
    const answer = await statements;
    const later = check.ask({ ...idsFromStatements(answer.answer), ...defined(given), companyId: given.companyId });
    if ('query' in later) return probe(name, later.query);
    return skippedRow(baseOf(name), `needs ${later.needs} (${whyNoId(answer.answer, given.landlordId!)})`);
  });
  return Promise.all(rows);
}

/** Why the landlord's statements gave no id. */
function whyNoId(answer: unknown, landlordId: number): string {
  if (answer === undefined) return `the statements of landlord ${landlordId} could not be read`;
  const list = (answer as { list?: unknown } | null)?.list;
  return Array.isArray(list) && list.length === 0 ? `landlord ${landlordId} has no statement` : `the first statement of landlord ${landlordId} names none`;
}

function baseOf(name: ReadEndpoint): Pick<CheckRow, 'endpoint' | 'method' | 'path'> {
  return { endpoint: READ_CHECKS[name].label, method: endpoints[name].method, path: endpoints[name].path };
}

/** The ids that were given, so an id taken from an answer never overrides a flag. */
function defined(ids: CheckIds): Partial<CheckIds> {
  return Object.fromEntries(Object.entries(ids).filter(([, value]) => value !== undefined));
}

/** The store's location as it may be printed: a database URL without its password. */
async function shownStoreLocation(context: CommandContext): Promise<string> {
  const { redactedUrl } = await import('../../../store/store-location.js');
  return redactedUrl(await context.storeLocation());
}
