// Paid and balance of the whole company through HTTP (every zone of company 1, one request per
// zone, in turn) on PostgreSQL, against SQLite on the same data: the scale-10 demo store and its
// copy in PostgreSQL. Runs interleaved, medians.
import Sqlite from 'better-sqlite3';
import { median, startLocalServer } from './lib.mjs';
import { startBenchPostgres } from './pg-lib.mjs';
import { accountantToken, demoOnBoth } from './pg-list-route.mjs';
import { postgresCpuMs, processCpuMs } from './pg-probes.mjs';

const RUNS = 7;

async function wholeCompany(base, headers, zones) {
  const started = process.hrtime.bigint();
  let rows = 0;
  const bodies = [];
  for (const zone of zones) {
    const response = await fetch(`${base}&zoneId=${zone}`, { headers });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`${base}&zoneId=${zone}: ${response.status} ${JSON.stringify(body)}`);
    rows += body.length;
    bodies.push(body);
  }
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, rows, bodies };
}

export async function benchPostgresPaidBalance({ runs = RUNS, postgres: shared, demo, before } = {}) {
  const postgres = shared ?? (await startBenchPostgres());
  const servers = [];
  try {
    const { file, url } = demo ?? (await demoOnBoth(postgres));
    const sqlite = new Sqlite(file, { readonly: true });
    const zones = sqlite
      .prepare('select id from zones where company_id = 1 order by id')
      .all()
      .map((z) => z.id);
    sqlite.close();
    const backends = [];
    // `before` (--before DIR): another built checkout served on the same database, a change measured in one run.
    for (const [name, location, root] of [['SQLite', file], ['PostgreSQL', url], ...(before ? [[`PostgreSQL, built from ${before}`, url, before]] : [])]) {
      const server = await startLocalServer(location, root);
      servers.push(server);
      backends.push({
        name,
        pid: server.child.pid,
        nodeCpuMs: 0,
        postgresCpuMs: 0,
        base: `${server.url}/api/propertystmt/paidbalance?companyId=1`,
        headers: { authorization: `Bearer ${accountantToken(location)}` },
        times: [],
      });
    }
    // Two untimed runs warm each side; both answer the same rows.
    const first = [];
    for (const b of backends) for (let i = 0; i < 2; i++) first[backends.indexOf(b)] = await wholeCompany(b.base, b.headers, zones);
    if (first.some((f) => JSON.stringify(f.bodies) !== JSON.stringify(first[0].bodies))) throw new Error('the backends answer different paid-and-balance rows');
    for (let i = 0; i < runs; i++) {
      for (const b of backends) {
        const before = { node: processCpuMs(b.pid), postgres: postgresCpuMs(postgres.postmasterPid) };
        b.times.push((await wholeCompany(b.base, b.headers, zones)).ms);
        b.nodeCpuMs += processCpuMs(b.pid) - before.node;
        b.postgresCpuMs += postgresCpuMs(postgres.postmasterPid) - before.postgres;
      }
    }
    // CPU per whole-company run (12 requests), averaged over the runs: the server's and PostgreSQL's.
    const rows = backends.map((b) => ({
      name: b.name,
      medianMs: median(b.times),
      minMs: Math.min(...b.times),
      nodeCpuMs: b.nodeCpuMs / runs,
      postgresCpuMs: b.name.startsWith('PostgreSQL') ? b.postgresCpuMs / runs : undefined,
      rows: first[0].rows,
      zones: zones.length,
    }));
    return { runs, rows, ratio: rows[1].medianMs / rows[0].medianMs };
  } finally {
    for (const server of servers) await server.stop();
    if (!shared) await postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const before = process.argv.includes('--before') ? process.argv[process.argv.indexOf('--before') + 1] : undefined;
  console.log(JSON.stringify(await benchPostgresPaidBalance({ before }), null, 2));
}
