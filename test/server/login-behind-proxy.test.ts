/**
 * Log-in limits behind a reverse proxy: with `serve --trust-proxy` naming the proxy, attempts
 * are counted per client (its X-Forwarded-For), so guesses from one client do not lock out a
 * user at another; without it, or from a peer not named, the header is ignored and every
 * request counts against the connection's address. A real server on 127.0.0.1.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/start.js';
import { sqliteShopStore } from '../../src/store/sqlite/sqlite-shop-store.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
const PASSWORD = 'the right password';

beforeAll(async () => {
  const store = await openStore(join(temp.dir, 'proxy.db'));
  const shop = sqliteShopStore(store);
  const { companyId } = await shop.setUpCompany({ name: 'Behind a proxy' });
  await shop.createLocalUser({ companyId, role: 'cashier', name: 'Amina', username: 'amina', password: PASSWORD });
  await store.close();
});
afterAll(() => temp.remove());

async function withServer(trustProxy: string[] | undefined, run: (url: string) => Promise<void>): Promise<void> {
  const dbFile = join(temp.dir, `proxy-${trustProxy?.join('-') ?? 'none'}.db`);
  const { copyFileSync } = await import('node:fs');
  copyFileSync(join(temp.dir, 'proxy.db'), dbFile);
  const server: RunningServer = await startServer({ dbFile, host: '127.0.0.1', port: 0, trustProxy });
  try {
    await run(server.url);
  } finally {
    await server.close();
  }
}

const logIn = (url: string, username: string, password: string, client: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ username, password }),
  });

/** 20 wrong guesses with made-up names from one client, then the real user from another. */
async function guessesThenUser(url: string): Promise<number> {
  for (let guess = 0; guess < 20; guess++) expect((await logIn(url, `made-up-${guess}`, 'wrong password', '203.0.113.7')).status).toBe(401);
  return (await logIn(url, 'amina', PASSWORD, '198.51.100.20')).status;
}

describe('log-in attempts behind a reverse proxy', () => {
  it('are counted per client when the proxy is trusted: a guesser does not lock out a user at another client', async () => {
    await withServer(['127.0.0.1'], async (url) => {
      expect(await guessesThenUser(url)).toBe(200);
      // The guesser's own address is held back.
      expect((await logIn(url, 'someone', 'wrong password', '203.0.113.7')).status).toBe(429);
    });
  });

  it('are counted per connection without --trust-proxy, or from a peer it does not name: the header is ignored', async () => {
    for (const trust of [undefined, ['10.9.9.9']]) {
      await withServer(trust, async (url) => {
        expect(await guessesThenUser(url)).toBe(429);
      });
    }
  });
});
