/**
 * Commands and the server on a PostgreSQL store chosen by its URL (--database,
 * SHOPPROP_DATABASE_URL, the profile's database): the same commands as on a file, the URL's
 * password never printed, and a lost connection answered 503 with Retry-After, never 500.
 * A real PostgreSQL (helpers/postgres.ts), the commands run in-process, HTTP on 127.0.0.1.
 */
import { createServer, Socket, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../src/contract/common.js';
import { startServer, type RunningServer } from '../../src/server/start.js';
import { openShopStore } from '../../src/store/open/open-shop-store.js';
import { postgresPoolSettings } from '../../src/store/store-location.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir('shopprop-pg-cli-');
afterAll(() => temp.remove());

/** A database's URL, with a password that must never be printed (the test server's, or a made-up one it ignores). */
async function databaseWithPassword(): Promise<{ url: string; password: string }> {
  const url = new URL(await postgres.createDatabase());
  if (url.password === '') url.password = 'S3cret-pw';
  return { url: url.toString(), password: decodeURIComponent(url.password) };
}

describe('the database setting', () => {
  it('is listed in help environment and in the config keys', async () => {
    const help = await runInProcess(['help', 'environment'], { home: temp.dir });
    expect(help.stdout).toContain('SHOPPROP_DATABASE_URL');
    const refused = await runInProcess(['config', 'get', 'nosuchkey'], { home: temp.dir });
    expect(refused.stderr).toMatch(/valid keys: .*\bdatabase\b/);
  });

  it('keeps the password out of config set, get and list', async () => {
    const home = makeTempDir('shopprop-pg-cfg-');
    try {
      const url = 'postgres://shop:S3cret-pw@db.example.com/shop?pool_max=20';
      const set = await runInProcess(['config', 'set', 'database', url], { home: home.dir });
      expect(set.code, set.stderr).toBe(0);
      const get = await runInProcess(['config', 'get', 'database'], { home: home.dir });
      const list = await runInProcess(['config', 'list', '--format', 'json'], { home: home.dir });
      for (const run of [set, get, list]) expect(run.stdout + run.stderr).not.toContain('S3cret-pw');
      expect(get.stdout.trim()).toBe('postgres://shop:***@db.example.com/shop?pool_max=20');
      expect(JSON.parse(list.stdout).settings.database).toBe('postgres://shop:***@db.example.com/shop?pool_max=20');
    } finally {
      home.remove();
    }
  });

  it('refuses a file, or a bad pool_max or statement_timeout, naming where it came from and never the password', async () => {
    const file = await runInProcess(['--database', '/tmp/shop.db', 'local', 'company', 'list'], { home: temp.dir });
    expect(file.code).toBe(2);
    expect(file.stderr).toMatch(/--database: expected a PostgreSQL URL/);
    const pool = await runInProcess(['local', 'company', 'list'], {
      home: temp.dir,
      extra: { SHOPPROP_DATABASE_URL: 'postgres://u:S3cret-pw@h/db?pool_max=0' },
    });
    expect(pool.code).toBe(2);
    expect(pool.stderr).toMatch(/SHOPPROP_DATABASE_URL: pool_max in the database URL must be a whole number from 1 to 200/);
    expect(pool.stderr).not.toContain('S3cret-pw');
    expect(() => postgresPoolSettings('postgres://h/db?statement_timeout=soon')).toThrow(/statement_timeout/);
  });

  it('reads pool_max and statement_timeout from the URL, with defaults', () => {
    expect(postgresPoolSettings('postgres://u@h/db')).toEqual({ connectionString: 'postgres://u@h/db', max: 10, statementTimeoutMs: 15_000 });
    expect(postgresPoolSettings('postgres://u@h/db?sslmode=require&pool_max=3&statement_timeout=0')).toEqual({
      connectionString: 'postgres://u@h/db?sslmode=require',
      max: 3,
      statementTimeoutMs: 0,
    });
  });
});

describe('local commands and embedded mode on a PostgreSQL URL', () => {
  let url = '';
  let password = '';
  const home = makeTempDir('shopprop-pg-home-');
  afterAll(() => home.remove());
  beforeAll(async () => {
    ({ url, password } = await databaseWithPassword());
  });

  it('creates a company (schema applied first), points the profile at the URL, and makes tokens and users there', async () => {
    const created = await runInProcess(['--database', url, 'local', 'company', 'create', '--name', 'Chain Phones', '--shops', 'Town,Mall', '--use'], {
      home: home.dir,
    });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout.trim()).toBe('1');
    expect(created.stderr).not.toContain(password);
    expect(created.stderr).toContain('postgres://');
    // The profile now names the database: no flag needed.
    const listed = await runInProcess(['local', 'company', 'list', '--format', 'json'], { home: home.dir });
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).map((company: { name: string }) => company.name)).toEqual(['Chain Phones']);
    const token = await runInProcess(['local', 'token', 'create', '--company', '1', '--role', 'cashier', '--name', 'Till 1'], { home: home.dir });
    expect(token.code, token.stderr).toBe(0);
    expect(token.stdout.trim()).toMatch(/^sp_/);
    const tokens = await runInProcess(['local', 'token', 'list', '--format', 'json'], { home: home.dir });
    expect(JSON.parse(tokens.stdout).map((row: { name: string }) => row.name)).toContain('Till 1');
    const user = await runInProcess(
      ['local', 'user', 'create', '--company', '1', '--role', 'ACCOUNTANT', '--name', 'Amina', '--username', 'amina', '--password-stdin'],
      {
        home: home.dir,
        input: 'a-long-password-1\n',
      },
    );
    expect(user.code, user.stderr).toBe(0);
    const shops = await runInProcess(['local', 'list', 'shops', '--format', 'json'], { home: home.dir });
    expect(shops.code, shops.stderr).toBe(0);
    expect(JSON.parse(shops.stdout).map((shop: { name: string }) => shop.name)).toEqual(['Town', 'Mall']);
  });

  it('fills an empty database with demo data and runs the reports in-process on it', async () => {
    const { url: demoUrl, password: demoPassword } = await databaseWithPassword();
    const demoHome = makeTempDir('shopprop-pg-demo-');
    try {
      const demo = await runInProcess(['demo', '--database', demoUrl, '--seed', '7'], { home: demoHome.dir });
      expect(demo.code, demo.stderr).toBe(0);
      expect(demo.stderr).not.toContain(demoPassword);
      const again = await runInProcess(['demo', '--database', demoUrl], { home: demoHome.dir });
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/already holds data/);
      // The profile points at the database: embedded mode runs on PostgreSQL.
      const sales = await runInProcess(['sale', 'list', '--format', 'json'], { home: demoHome.dir });
      expect(sales.code, sales.stderr).toBe(0);
      expect(JSON.parse(sales.stdout).length).toBeGreaterThan(0);
      const paid = await runInProcess(['paidbalance', '--zone', '1', '--format', 'json'], { home: demoHome.dir });
      expect(paid.code, paid.stderr).toBe(0);
      // A --db flag wins over a URL from the profile or the environment: that file does not exist.
      const file = await runInProcess(['--db', `${demoHome.dir}/none.db`, 'sale', 'list'], { home: demoHome.dir, extra: { SHOPPROP_DATABASE_URL: demoUrl } });
      expect(file.code).toBe(2);
      expect(file.stderr).toContain('none.db');
    } finally {
      demoHome.remove();
    }
  });
});

/** A TCP relay in front of PostgreSQL: `cut()` drops every connection through it, `refuse()` stops accepting. */
async function relayTo(target: URL): Promise<{ port: number; cut(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: (server.address() as { port: number }).port,
    cut,
    close: () =>
      new Promise<void>((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}

describe('serve on PostgreSQL when the connection is lost', () => {
  let server: RunningServer;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let token = '';

  beforeAll(async () => {
    const direct = new URL(await postgres.createDatabase());
    relay = await relayTo(direct);
    const through = new URL(direct);
    through.port = String(relay.port);
    // Set up through the relay too: serve applies the schema at start.
    const setup = await openShopStore(through.toString());
    const company = await setup.setUpCompany({ name: 'Relay Shop' });
    token = (await setup.createToken({ companyId: company.companyId, role: 'admin', name: 'relay' })).token;
    await setup.close();
    server = await startServer({ dbFile: `${through.toString()}?pool_max=2`, host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    await relay?.close();
  });

  it('answers 503 with Retry-After while the database is cut off, never 500, and 200 again after', async () => {
    const get = () => fetch(`${server.url}/api/inventorycashsale/list?companyId=1`, { headers: { authorization: `Bearer ${token}` } });
    const before = await get();
    expect(before.status, await before.clone().text()).toBe(200);
    await before.body?.cancel();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      relay.cut();
      const answer = await get();
      statuses.push(answer.status);
      if (answer.status === 503) {
        expect(answer.headers.get('retry-after')).toBe('1');
        expect(((await answer.json()) as { code?: string }).code).toBe(ErrorCodes.busy);
      } else {
        await answer.body?.cancel();
      }
    }
    expect(statuses).not.toContain(500);
    expect(statuses).toContain(503);
    // The relay passes connections again: the pool opens new ones.
    let after = 0;
    for (let attempt = 0; attempt < 5 && after !== 200; attempt++) {
      const answer = await get();
      after = answer.status;
      await answer.body?.cancel();
    }
    expect(after).toBe(200);
  });
});

describe('serve on PostgreSQL when the database is slow', () => {
  let server: RunningServer;
  let url = '';
  let token = '';

  beforeAll(async () => {
    url = await postgres.createDatabase();
    const setup = await openShopStore(url);
    const company = await setup.setUpCompany({ name: 'Slow Shop' });
    token = (await setup.createToken({ companyId: company.companyId, role: 'admin', name: 'slow' })).token;
    await setup.close();
    // One connection, statements cancelled after 6 s.
    const withSettings = new URL(url);
    withSettings.searchParams.set('pool_max', '1');
    withSettings.searchParams.set('statement_timeout', '6000');
    server = await startServer({ dbFile: withSettings.toString(), host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => server?.close());

  it('answers 503 with Retry-After to a statement past statement_timeout and to a request waiting 5 s for a connection of a full pool', async () => {
    const list = () =>
      fetch(`${server.url}/api/inventorycashsale/list?companyId=1`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(20_000) });
    const warm = await list();
    expect(warm.status).toBe(200);
    await warm.body?.cancel();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      // Every read of the sales waits for this lock.
      await holder.query('begin');
      await holder.query('lock table cash_sales in access exclusive mode');
      // The second request is sent once PostgreSQL shows the first waiting for the holder's lock
      // (the pool's one connection is then taken), not after a guessed delay.
      const answered: string[] = [];
      const slow = list().finally(() => answered.push('slow'));
      const ungranted = async () =>
        Number((await holder.query(`select count(*) as n from pg_locks where not granted and relation = 'cash_sales'::regclass`)).rows[0].n);
      while ((await ungranted()) === 0) await new Promise((resolve) => setImmediate(resolve));
      const queued = list().finally(() => answered.push('queued'));
      // Still waiting on the lock, and the second request has no answer yet: it waits for the connection.
      expect(await ungranted()).toBe(1);
      expect(answered).toEqual([]);
      const answers = await Promise.all(
        [slow, queued].map(async (pending) => {
          const answer = await pending;
          return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: (await answer.json()) as { code?: string; message?: string } };
        }),
      );
      for (const answer of answers) expect(answer).toMatchObject({ status: 503, retryAfter: '1', body: { code: ErrorCodes.busy } });
      // The order says which limit ended each: the second gave up waiting for the connection (5 s)
      // while the first still held it, waiting on the lock until its statement was cancelled (6 s).
      // Had the second got the connection, it would have waited on the lock after the first.
      expect(answered).toEqual(['queued', 'slow']);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const after = await list();
    expect(after.status).toBe(200);
    await after.body?.cancel();
  }, 30_000);
});
