// Saves per second through HTTP on PostgreSQL (durable: fsync and synchronous_commit on), with
// one `serve` instance and with two on the same database (each load's connections split across
// both, as a load balancer would), against the same saves on SQLite (synchronous=FULL) in the
// same run. Each save locks its company's row, so the saves of one company take turns: the loads
// are run with every save for company 1, and spread over both demo companies.
// Every load is bounded in time and count; everything listens on 127.0.0.1 only.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { cli, demoDatabase, median, OUT, startLocalServer } from './lib.mjs';
import { copiedDatabase, loadAverage, startBenchPostgres } from './pg-lib.mjs';
import { loadTogether, machineCpuTicks, postgresCpuMs, processCpuMs, sampleBackends } from './pg-probes.mjs';
import { saleBody } from './saves.mjs';

const CONNECTIONS = 10;
const ROUNDS = 3;
const SAVE = '/api/inventorycashsale/save';

/** `connections` spread over targets round-robin: [{ target, connections }], none empty. */
function spread(targets, connections) {
  return targets
    .map((target, i) => ({ target, connections: Math.floor(connections / targets.length) + (i < connections % targets.length ? 1 : 0) }))
    .filter((s) => s.connections > 0);
}

/** The loads of one case: each company's share of the connections, split across the instances. */
function loadsOf(servers, companies, connections) {
  const loads = [];
  for (const { target: company, connections: perCompany } of spread(companies, connections)) {
    // Offset by the company, so with 2 instances and 2 companies each instance takes 5 of the 10.
    const order = servers.map((_, i) => servers[(i + company.index) % servers.length]);
    for (const { target: server, connections: n } of spread(order, perCompany)) {
      loads.push({ url: `${server.url}${SAVE}`, method: 'POST', body: company.body, headers: company.headers, connections: n });
    }
  }
  return loads;
}

/**
 * The database's own ceiling, without shopprop: node-postgres on 10 connections, each running
 * durable transactions back to back for `duration` seconds (at most `cap` in all). `insert`: BEGIN,
 * one single-row INSERT, COMMIT (SQLite's raw baseline in saves.mjs). `save-shaped`: about a
 * save's round trips (14; a save makes 13): BEGIN, one row locked FOR UPDATE (every transaction
 * the same row, as a company's saves), 7 one-row reads, that row updated, three single-row
 * INSERTs, COMMIT.
 */
async function rawPostgres(url, shape, { duration, connections = CONNECTIONS, cap = 30_000 }) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: connections });
  const deadline = Date.now() + duration * 1000;
  let done = 0;
  const started = Date.now();
  const worker = async () => {
    const client = await pool.connect();
    try {
      while (Date.now() < deadline && done < cap) {
        await client.query('begin');
        if (shape === 'insert') {
          await client.query('insert into raw_rows (a, b) values ($1, $2)', ['x', done]);
        } else {
          await client.query('select n from raw_lock where id = $1 for update', [1]);
          for (let i = 0; i < 7; i++) await client.query('select n from raw_lock where id = $1', [1 + (i % 2)]);
          await client.query('update raw_lock set n = n + 1 where id = $1', [1]);
          for (let i = 0; i < 3; i++) await client.query('insert into raw_rows (a, b) values ($1, $2)', ['x', done]);
        }
        await client.query('commit');
        done++;
      }
    } finally {
      client.release();
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (Date.now() - started) / 1000;
  await pool.end();
  return { requestsPerSecond: done / seconds, total: done, p50: '', p99: '', errors: 0 };
}

/**
 * `before`: another built checkout (`--before DIR`), whose server takes company 1's saves on the
 * same database as one more case, interleaved with the others: a change measured in one run.
 */
export async function benchPostgresSaves({ duration = 5, rounds = ROUNDS, before } = {}) {
  const source = demoDatabase(1);
  const db = join(OUT, 'pg-saves.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  await new Sqlite(source, { readonly: true }).backup(db);
  const postgres = await startBenchPostgres();
  const servers = [];
  try {
    const url = await copiedDatabase(postgres, db, 'saves');
    const companyOf = (index, companyId, location) => {
      const token = cli([
        location.startsWith('postgres://') ? '--database' : '--db',
        location,
        'local',
        'token',
        'create',
        '--company',
        String(companyId),
        '--role',
        'cashier',
        '--name',
        `bench till ${companyId}`,
      ]).trim();
      return { index, body: JSON.stringify(saleBody(db, companyId)), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
    };
    const sqliteCompanies = [companyOf(0, 1, db), companyOf(1, 2, db)];
    const pgCompanies = [companyOf(0, 1, url), companyOf(1, 2, url)];
    const sqlite = await startLocalServer(db);
    servers.push(sqlite);
    // pool_max 10 per instance (the default): 20 connections with two instances, under max_connections 100.
    const pgA = await startLocalServer(url);
    servers.push(pgA);
    const pgB = await startLocalServer(url);
    servers.push(pgB);
    const pgBefore = before ? await startLocalServer(url, before) : undefined;
    if (pgBefore) servers.push(pgBefore);
    for (const [server, company] of [
      [sqlite, sqliteCompanies[0]],
      [sqlite, sqliteCompanies[1]],
      [pgA, pgCompanies[0]],
      [pgB, pgCompanies[1]],
    ]) {
      const probe = await fetch(`${server.url}${SAVE}`, { method: 'POST', headers: company.headers, body: company.body });
      if (probe.status !== 200) throw new Error(`save refused: ${probe.status} ${await probe.text()}`);
    }
    const rawUrl = await postgres.createDatabase('raw');
    await postgres.query(
      'create table raw_rows (id bigserial primary key, a text, b bigint); create table raw_lock (id int primary key, n bigint); insert into raw_lock values (1, 0), (2, 0)',
      rawUrl,
    );
    const cases = [
      { name: 'raw PostgreSQL single-row INSERT transactions (no shopprop)', raw: 'insert', servers: [] },
      { name: 'raw PostgreSQL save-shaped transactions, one row locked (no shopprop)', raw: 'save-shaped', servers: [] },
      { name: 'SQLite, company 1', servers: [sqlite], companies: [sqliteCompanies[0]] },
      { name: 'PostgreSQL, 1 instance, company 1, 1 connection', servers: [pgA], companies: [pgCompanies[0]], connections: 1 },
      { name: 'PostgreSQL, 1 instance, company 1', servers: [pgA], companies: [pgCompanies[0]] },
      { name: 'PostgreSQL, 2 instances, company 1', servers: [pgA, pgB], companies: [pgCompanies[0]] },
      ...(pgBefore ? [{ name: `PostgreSQL, 1 instance, company 1, built from ${before}`, servers: [pgBefore], companies: [pgCompanies[0]] }] : []),
      { name: 'SQLite, companies 1 and 2', servers: [sqlite], companies: sqliteCompanies },
      { name: 'PostgreSQL, 1 instance, companies 1 and 2', servers: [pgA], companies: pgCompanies },
      { name: 'PostgreSQL, 2 instances, companies 1 and 2', servers: [pgA, pgB], companies: pgCompanies },
    ];
    const runs = cases.map(() => []);
    for (let round = 0; round < rounds; round++) {
      // Interleaved, the median round of each: this machine's speed drifts over seconds.
      for (const [index, c] of cases.entries()) {
        const onPostgres = c.servers[0] !== sqlite;
        // A short untimed load first: node-postgres closes connections idle for 10 s, and a new
        // one (its SCRAM authentication and a backend process) is not a save's cost.
        if (!c.raw) await loadTogether(loadsOf(c.servers, c.companies, c.connections ?? CONNECTIONS), { duration: 1, amount: 200 });
        const pids = c.servers.map((s) => s.child.pid);
        const cpuBefore = {
          node: pids.reduce((n, pid) => n + processCpuMs(pid), 0),
          postgres: postgresCpuMs(postgres.postmasterPid),
          client: process.cpuUsage(),
          machine: machineCpuTicks(),
        };
        const walBefore = onPostgres ? (await postgres.query('select pg_current_wal_lsn() as lsn'))[0].lsn : undefined;
        // raw cases run in this process: their node-postgres CPU shows as the load generator's.
        const stopSampling = onPostgres ? await sampleBackends(postgres.adminUrl, c.raw ? 'raw' : 'saves') : undefined;
        const load = loadAverage();
        const result = c.raw
          ? await rawPostgres(rawUrl, c.raw, { duration })
          : await loadTogether(loadsOf(c.servers, c.companies, c.connections ?? CONNECTIONS), { duration });
        const backends = await stopSampling?.();
        const walBytes = onPostgres
          ? Number((await postgres.query(`select pg_wal_lsn_diff(pg_current_wal_lsn(), '${walBefore}') as bytes`))[0].bytes)
          : undefined;
        const saves = Math.max(result.total, 1);
        const client = process.cpuUsage(cpuBefore.client);
        const machine = machineCpuTicks();
        runs[index].push({
          ...result,
          load,
          nodeCpuMsPerSave: c.raw ? undefined : (pids.reduce((n, pid) => n + processCpuMs(pid), 0) - cpuBefore.node) / saves,
          postgresCpuMsPerSave: onPostgres ? (postgresCpuMs(postgres.postmasterPid) - cpuBefore.postgres) / saves : undefined,
          walBytesPerSave: walBytes === undefined ? undefined : walBytes / saves,
          // The load generator (autocannon) and the sampler, in this process.
          clientCpuMsPerSave: (client.user + client.system) / 1000 / saves,
          // Of both cores, every process of the machine (other work shares them).
          machineBusy: (machine.busy - cpuBefore.machine.busy) / (machine.total - cpuBefore.machine.total),
          backends,
        });
      }
    }
    const rows = cases.map((c, index) => {
      const sorted = [...runs[index]].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
      return {
        name: c.name,
        connections: c.connections ?? CONNECTIONS,
        rounds: runs[index].map((r) => Math.round(r.requestsPerSecond)),
        ...sorted[Math.floor(sorted.length / 2)],
        loadMedian: median(runs[index].map((r) => r.load)),
      };
    });
    const rate = (name) => rows.find((r) => r.name === name).requestsPerSecond;
    return {
      postgres: { version: postgres.version, settings: postgres.settings },
      duration,
      rows,
      ratios: {
        onePgToSqlite: rate('PostgreSQL, 1 instance, company 1') / rate('SQLite, company 1'),
        twoPgToSqlite: rate('PostgreSQL, 2 instances, company 1') / rate('SQLite, company 1'),
        pgToRawSaveShaped: rate('PostgreSQL, 1 instance, company 1') / rate('raw PostgreSQL save-shaped transactions, one row locked (no shopprop)'),
        twoToOneInstance: rate('PostgreSQL, 2 instances, company 1') / rate('PostgreSQL, 1 instance, company 1'),
        twoToOneInstanceBothCompanies: rate('PostgreSQL, 2 instances, companies 1 and 2') / rate('PostgreSQL, 1 instance, companies 1 and 2'),
        bothCompaniesToOneOnPg: rate('PostgreSQL, 1 instance, companies 1 and 2') / rate('PostgreSQL, 1 instance, company 1'),
        ...(before ? { oneToBefore: rate('PostgreSQL, 1 instance, company 1') / rate(`PostgreSQL, 1 instance, company 1, built from ${before}`) } : {}),
      },
    };
  } finally {
    for (const server of servers) await server.stop();
    await postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes('--quick');
  const before = process.argv.includes('--before') ? process.argv[process.argv.indexOf('--before') + 1] : undefined;
  console.log(JSON.stringify(await benchPostgresSaves({ duration: quick ? 2 : 5, rounds: quick ? 1 : ROUNDS, before }), null, 2));
}
