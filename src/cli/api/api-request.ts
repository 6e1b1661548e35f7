/**
 * What `shopprop api METHOD PATH` sends, from its arguments: the fields go to the query of a GET
 * (and of any request whose body comes from --input, as `gh api` does), else into a JSON body.
 */
import type { RawRequest } from '../../client/client.js';
import type { HttpMethod, QueryValue } from '../../client/transport.js';
import { CliUsageError } from '../usage-error.js';
import type { FieldValue } from './fields.js';

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A header name as HTTP allows it (a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export interface ApiArguments {
  method: string;
  path: string;
  fields: Record<string, FieldValue>;
  /** The whole body, read from --input. */
  body?: unknown;
  headers?: readonly string[];
}

export function apiRequest(args: ApiArguments): RawRequest & { query: Record<string, QueryValue> } {
  const method = args.method.toUpperCase() as HttpMethod;
  if (!METHODS.includes(method)) throw new CliUsageError(`unknown method ${args.method}: expected one of ${METHODS.join(', ')}`);
  const { path, query } = splitPath(args.path);
  const headers = parseHeaders(args.headers ?? []);
  const fieldsInQuery = method === 'GET' || args.body !== undefined;
  if (fieldsInQuery) {
    for (const [key, value] of Object.entries(args.fields)) {
      if (value === null) throw new CliUsageError(`-F ${key}=null: a query parameter cannot be null; leave it out`);
      query[key] = value;
    }
    return { method, path, query, headers, ...(args.body === undefined ? {} : { body: args.body }) };
  }
  const hasFields = Object.keys(args.fields).length > 0;
  return { method, path, query, headers, ...(hasFields ? { body: args.fields } : {}) };
}

/**
 * The path under the service's base URL, and the query written in it. A whole URL is refused:
 * the profile's token goes to its own service only.
 */
function splitPath(text: string): { path: string; query: Record<string, QueryValue> } {
  if (!text.startsWith('/') || text.startsWith('//')) {
    throw new CliUsageError(`PATH ${JSON.stringify(text)} must start with / and is read under the service's base URL (e.g. /api/inventorycashsale/list)`);
  }
  const mark = text.indexOf('?');
  if (mark < 0) return { path: text, query: {} };
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of new URLSearchParams(text.slice(mark + 1))) query[key] = value;
  return { path: text.slice(0, mark), query };
}

function parseHeaders(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    const name = at < 0 ? '' : line.slice(0, at).trim();
    if (!HEADER_NAME.test(name)) throw new CliUsageError(`-H ${JSON.stringify(line)}: expected 'Name: value'`);
    const value = line.slice(at + 1).trim();
    if (/[\r\n]/.test(value)) throw new CliUsageError(`-H ${name}: a header value must be on one line`);
    // The token comes from the profile (or --token), so it is never also typed where history keeps it.
    if (name.toLowerCase() === 'authorization') throw new CliUsageError('-H Authorization: the token comes from the profile, --token or SHOPPROP_TOKEN');
    headers[name] = value;
  }
  return headers;
}
