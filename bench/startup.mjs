// CLI cold start: `shopprop --help` against `node -e 0`, and the first page of `sale list`
// embedded on the scale-100 demo store against its floor (first-page-floor.mjs: better-sqlite3
// opens the same file, reads the same page and its count, prints them), each measured in the
// same run, interleaved; and the first page with the other code-cache choices (Node's compile
// cache alone, none) for comparison. Wall time, and CPU time (perf task-clock) where perf runs.
import { join } from 'node:path';
import { compareCommandsCpu } from './cpu-time.mjs';
import { benchEnv, BIN, demoDatabase, OUT, ROOT } from './lib.mjs';

export async function benchStartup({ runs = 15 } = {}) {
  const db = demoDatabase(100);
  const env = benchEnv();
  const nodeCacheOnly = { ...env, SHOPPROP_BENCH_NODE_CACHE_ONLY: '1', XDG_CACHE_HOME: join(OUT, 'node-cache-only') };
  const firstPage = [BIN, '--db', db, 'sale', 'list', '--company', '1', '--format', 'json'];
  const rows = compareCommandsCpu(
    [
      { name: 'node -e 0', command: process.execPath, args: ['-e', '0'], env },
      { name: 'first-page floor (better-sqlite3, 10 lines)', command: process.execPath, args: [join(ROOT, 'bench', 'first-page-floor.mjs'), db], env },
      { name: 'shopprop --help', command: process.execPath, args: [BIN, '--help'], env },
      { name: 'shopprop sale list (embedded, scale 100, first page)', command: process.execPath, args: firstPage, env },
      // The other code-cache choices: Node's compile cache alone (its own folder, kept warm too), none.
      { name: "first page, Node's compile cache only", command: process.execPath, args: firstPage, env: nodeCacheOnly },
      { name: 'first page, no compile cache', command: process.execPath, args: firstPage, env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' } },
    ],
    runs,
  );
  const [node, floor] = rows;
  // --help is held to `node -e 0`; every first page to the floor script.
  const baselineOf = (index) => (index === 2 ? node : index >= 3 ? floor : node);
  return {
    rows: rows.map((r, index) => {
      const base = baselineOf(index);
      return {
        ...r,
        baseline: base.name,
        ratio: r.medianMs / base.medianMs,
        cpuRatio: r.cpuMedianMs === undefined ? undefined : r.cpuMedianMs / base.cpuMedianMs,
      };
    }),
    targets: { help: 1.2, firstPage: 2 },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runsFlag = process.argv.indexOf('--runs');
  const result = await benchStartup({ runs: runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 15 });
  for (const row of result.rows) {
    const cpu = row.cpuMedianMs === undefined ? '' : `, CPU ${row.cpuMedianMs.toFixed(1)} ms (${row.cpuRatio.toFixed(2)}x)`;
    console.log(`${row.name}: wall ${row.medianMs.toFixed(0)} ms (${row.ratio.toFixed(2)}x ${row.baseline})${cpu}`);
  }
}
