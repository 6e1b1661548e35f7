/**
 * One row of `shopprop doctor`'s report: one read endpoint of the interface, checked with one
 * request. The three checks are "yes", "no", or null when the one before failed (an endpoint
 * that did not answer cannot be judged authorised) or the endpoint was skipped.
 */
import type { ProbeResult } from '../../client/endpoint-probe.js';
import { columnSet } from '../output/columns/types.js';

export type CheckResult = 'ok' | 'unreachable' | 'unauthorised' | 'does not follow' | 'skipped';
type YesNo = 'yes' | 'no' | null;

export interface CheckRow {
  /** The command that reads this endpoint ("sale list", "paidbalance"). */
  endpoint: string;
  method: string;
  path: string;
  /** The query sent, e.g. "companyId=1&start=0&limit=1"; null when skipped. */
  query: string | null;
  result: CheckResult;
  reachable: YesNo;
  authorised: YesNo;
  follows: YesNo;
  status: number | null;
  ms: number | null;
  /** Why a check failed or the endpoint was skipped; what the answer held when all hold. */
  detail: string;
}

export const checkColumns = columnSet<CheckRow>(
  'endpoint check',
  [
    { key: 'endpoint', header: 'Endpoint', kind: 'text' },
    { key: 'method', header: 'Method', kind: 'text' },
    { key: 'path', header: 'Path', kind: 'text' },
    { key: 'query', header: 'Query', kind: 'text' },
    { key: 'result', header: 'Result', kind: 'text' },
    { key: 'reachable', header: 'Reached', kind: 'text' },
    { key: 'authorised', header: 'Authorised', kind: 'text' },
    { key: 'follows', header: 'Follows', kind: 'text' },
    { key: 'status', header: 'HTTP', kind: 'integer' },
    { key: 'ms', header: 'ms', kind: 'integer' },
    { key: 'detail', header: 'Detail', kind: 'text' },
  ],
  // The reasons are said on stderr in full, so the table stays narrow enough for 80 columns.
  ['endpoint', 'reachable', 'authorised', 'follows', 'status', 'ms', 'detail'],
  ['endpoint', 'follows', 'reachable', 'authorised', 'status', 'ms', 'detail'],
);

const yesNo = (value: boolean | undefined): YesNo => (value === undefined ? null : value ? 'yes' : 'no');

/** The row of an endpoint that was called. */
export function checkedRow(base: Pick<CheckRow, 'endpoint' | 'method' | 'path' | 'query'>, probe: ProbeResult): CheckRow {
  const result: CheckResult = !probe.reachable ? 'unreachable' : probe.authorised === false ? 'unauthorised' : probe.follows ? 'ok' : 'does not follow';
  return {
    ...base,
    result,
    reachable: yesNo(probe.reachable),
    authorised: yesNo(probe.authorised),
    follows: yesNo(probe.follows),
    status: probe.status ?? null,
    ms: probe.ms,
    detail: probe.detail,
  };
}

/** The row of an endpoint that was not called: an id it needs is unknown. */
export function skippedRow(base: Pick<CheckRow, 'endpoint' | 'method' | 'path'>, reason: string): CheckRow {
  return { ...base, query: null, result: 'skipped', reachable: null, authorised: null, follows: null, status: null, ms: null, detail: `skipped: ${reason}` };
}
