/**
 * How `shopprop api` prints an answer: JSON as it came (indented at a terminal), the answer's
 * list one record a line with --format ndjson, or as a table, CSV or xlsx with those formats;
 * with -i the status line and headers first, as `curl -i` and `gh api -i` show them.
 */
import { STATUS_CODES } from 'node:http';
import type { TransportResponse } from '../../client/transport.js';
import type { CommandContext } from '../context.js';
import { emitList } from '../emit-list.js';
import { resolveFormat, type OutputFormat } from '../output/format.js';
import { withOutput } from '../output-target.js';
import { CliUsageError } from '../usage-error.js';
import { columnsOf, flatRecord, knownColumns } from './api-columns.js';

/** --format when given, else the extension of -o FILE, else JSON: what the service said, for scripts and people alike. */
export function apiFormat(context: CommandContext): OutputFormat {
  const { format, output } = context.globals;
  if (format === undefined && (output === undefined || output === '-')) return 'json';
  return resolveFormat({ format, output, stdoutIsTTY: false });
}

export function headText(response: TransportResponse): string {
  const lines = [`HTTP ${response.status} ${STATUS_CODES[response.status] ?? ''}`.trimEnd()];
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
  }
  return `${lines.join('\n')}\n\n`;
}

export async function writeReply(context: CommandContext, path: string, response: TransportResponse, include: boolean): Promise<void> {
  const format = apiFormat(context);
  if (include) context.terminal.stdout.write(headText(response));
  const json = parsed(response.body);
  if (format === 'json') {
    await withOutput(context, async (target) => {
      const text = json !== undefined && target.isTTY ? JSON.stringify(json.value, null, 2) : response.body.toString('utf8');
      target.stream.write(text === '' || text.endsWith('\n') ? text : `${text}\n`);
    });
    return;
  }
  const records = json === undefined ? undefined : listOf(json.value);
  if (records === undefined) {
    throw new CliUsageError(
      `--format ${format} prints a list, and the answer is ${json === undefined ? 'not JSON' : 'not a list'}; leave --format out to see it as it came`,
    );
  }
  if (format === 'ndjson') {
    await withOutput(context, async (target) => {
      target.stream.write(records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    });
    return;
  }
  const known = knownColumns(path);
  await emitList(context, {
    records: known ? records : records.map(flatRecord),
    // No count: the page asked for is what was wanted; --paginate reads them all.
    columns: known ?? columnsOf(records.map(flatRecord)),
  });
}

function parsed(body: Buffer): { value: unknown } | undefined {
  if (body.length === 0) return undefined;
  try {
    return { value: JSON.parse(body.toString('utf8')) };
  } catch {
    return undefined;
  }
}

/** The records of an answer that is a list: an array of records, or the interface's `{count, list}`. */
function listOf(value: unknown): object[] | undefined {
  const list = Array.isArray(value) ? value : value !== null && typeof value === 'object' ? (value as { list?: unknown }).list : undefined;
  if (!Array.isArray(list) || !list.every((record) => record !== null && typeof record === 'object')) return undefined;
  return list as object[];
}
