/**
 * What `shopprop doctor`'s rows add up to: a line per endpoint that failed or was skipped, the
 * summary, and the failure that sets the exit code. The exit code is that of the first check
 * that failed anywhere, in the order the checks depend on each other: an endpoint not reached
 * (exit 5) before one not authorised (exit 4) before an answer not in the interface's shape
 * (exit 6); the fix for the first is the one to make first.
 */
import { countOf } from '../../domain/plural.js';
import type { ErrorKind } from '../../contract/error-kinds.js';
import type { CheckResult, CheckRow } from './check-row.js';

export interface Verdict {
  /** One line per endpoint that failed or was skipped, saying why. */
  reasons: string[];
  /** The closing line when every endpoint checked holds. */
  summary?: string;
  /** Why the run fails, and its kind (which sets the exit code). */
  failure?: { kind: ErrorKind; message: string };
}

const FAILURES: readonly { result: CheckResult; kind: ErrorKind; words: string; fix: (companyId: number) => string }[] = [
  {
    result: 'unreachable',
    kind: 'network',
    words: 'not reachable',
    fix: () => 'check the base URL (`shopprop config get baseUrl`) and that the server is running; for a slow one, --timeout SECONDS',
  },
  {
    result: 'unauthorised',
    kind: 'auth',
    words: 'not authorised',
    fix: (companyId) =>
      `use a token of company ${companyId} that may read every endpoint (on \`shopprop serve\`, an admin's: a cashier's reads no reports, an accountant's no receipt specs): --token, SHOPPROP_TOKEN or \`shopprop config set token …\``,
  },
  {
    result: 'does not follow',
    kind: 'invalidResponse',
    words: 'not following the interface',
    fix: () => 'the answers differ from the interface where named above (it is described at GET /api/openapi.json of `shopprop serve`)',
  },
];

export function verdictOf(rows: readonly CheckRow[], companyId: number): Verdict {
  const reasons = rows.filter((row) => row.result !== 'ok').map((row) => `${row.endpoint}: ${reasonWords(row)}`);
  const checked = rows.filter((row) => row.result !== 'skipped');
  const skipped = rows.length - checked.length;
  const failing = FAILURES.map((failure) => ({ ...failure, rows: rows.filter((row) => row.result === failure.result) })).filter((f) => f.rows.length > 0);
  if (failing.length === 0) {
    const all = checked.length === rows.length ? `all ${rows.length} read endpoints` : `all ${countOf(checked.length, 'endpoint')} checked`;
    const skippedWords = skipped > 0 ? `; ${skipped} skipped (give the ids named above to check ${skipped === 1 ? 'it' : 'them'})` : '';
    return { reasons, summary: `${all}: reachable, authorised and answering as the interface says${skippedWords}` };
  }
  const failed = failing.reduce((sum, f) => sum + f.rows.length, 0);
  const counts = failing.map((f) => `${f.rows.length} ${f.words}`).join(', ');
  const first = failing[0]!;
  const skippedWords = skipped > 0 ? `, ${skipped} skipped` : '';
  return {
    reasons,
    failure: {
      kind: first.kind,
      message: `${failed} of ${countOf(checked.length, 'endpoint')} checked fail${failed === 1 ? 's' : ''} (${counts}${skippedWords}); ${first.fix(companyId)}`,
    },
  };
}

function reasonWords(row: CheckRow): string {
  if (row.result === 'skipped') return row.detail;
  const words = FAILURES.find((failure) => failure.result === row.result)?.words ?? row.result;
  return `${words}: ${row.detail}`;
}
