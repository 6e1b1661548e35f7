// Requests/s of the cash sale list route (first page of 50 with its exact count) on PostgreSQL,
// against the same route on SQLite, on the same data: the scale-10 demo store, copied into
// PostgreSQL by `shopprop local copy`. One server each, 10 connections, rounds interleaved.
import { cli, demoDatabase, median, startLocalServer } from './lib.mjs';
import { copiedDatabase, loadAverage, startBenchPostgres } from './pg-lib.mjs';
import { loadTogether, postgresCpuMs, processCpuMs } from './pg-probes.mjs';

const ROUNDS = 3;
export const LIST_PATH = '/api/inventorycashsale/list?companyId=1&start=0&limit=50';

/** The scale-10 demo store and its copy in a new database of `postgres`. */
export async function demoOnBoth(postgres, scale = 10) {
  const file = demoDatabase(scale);
  const url = await copiedDatabase(postgres, file, `demo_scale_${scale}_${Date.now()}`);
  return { file, url };
}

export function accountantToken(location) {
  return cli([
    location.startsWith('postgres://') ? '--database' : '--db',
    location,
    'local',
    'token',
    'create',
    '--company',
    '1',
    '--role',
    'accountant',
    '--name',
    `bench ${Date.now()}`,
  ]).trim();
}

export async function benchPostgresListRoute({ duration = 5, rounds = ROUNDS, postgres: shared, demo, before } = {}) {
  const postgres = shared ?? (await startBenchPostgres());
  const servers = [];
  try {
    const { file, url } = demo ?? (await demoOnBoth(postgres));
    const backends = [];
    // `before` (--before DIR): another built checkout served on the same database, a change measured in one run.
    for (const [name, location, root] of [['SQLite', file], ['PostgreSQL', url], ...(before ? [[`PostgreSQL, built from ${before}`, url, before]] : [])]) {
      const server = await startLocalServer(location, root);
      servers.push(server);
      const headers = { authorization: `Bearer ${accountantToken(location)}` };
      const page = await (await fetch(`${server.url}${LIST_PATH}`, { headers })).json();
      if (page.list?.length !== 50) throw new Error(`${name}: unexpected page ${JSON.stringify(page).slice(0, 200)}`);
      backends.push({ name, server, headers, page, runs: [] });
    }
    if (backends.some((b) => JSON.stringify(b.page) !== JSON.stringify(backends[0].page))) throw new Error('the backends answer different first pages');
    for (let round = 0; round < rounds; round++) {
      for (const b of backends) {
        await loadTogether([{ url: `${b.server.url}${LIST_PATH}`, headers: b.headers, connections: 10 }], { duration: 1, amount: 500 });
        const before = { node: processCpuMs(b.server.child.pid), postgres: postgresCpuMs(postgres.postmasterPid) };
        const load = loadAverage();
        const result = await loadTogether([{ url: `${b.server.url}${LIST_PATH}`, headers: b.headers, connections: 10 }], { duration, amount: 200_000 });
        const n = Math.max(result.total, 1);
        b.runs.push({
          ...result,
          load,
          nodeCpuMsPerRequest: (processCpuMs(b.server.child.pid) - before.node) / n,
          postgresCpuMsPerRequest: b.name.startsWith('PostgreSQL') ? (postgresCpuMs(postgres.postmasterPid) - before.postgres) / n : undefined,
        });
      }
    }
    const rows = backends.map((b) => {
      const sorted = [...b.runs].sort((x, y) => x.requestsPerSecond - y.requestsPerSecond);
      return {
        name: b.name,
        count: b.page.count,
        rounds: b.runs.map((r) => Math.round(r.requestsPerSecond)),
        ...sorted[Math.floor(sorted.length / 2)],
        loadMedian: median(b.runs.map((r) => r.load)),
      };
    });
    return { duration, rows, ratio: rows[1].requestsPerSecond / rows[0].requestsPerSecond };
  } finally {
    for (const server of servers) await server.stop();
    if (!shared) await postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes('--quick');
  const before = process.argv.includes('--before') ? process.argv[process.argv.indexOf('--before') + 1] : undefined;
  console.log(JSON.stringify(await benchPostgresListRoute({ duration: quick ? 2 : 5, rounds: quick ? 1 : ROUNDS, before }), null, 2));
}
