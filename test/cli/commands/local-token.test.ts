/**
 * A token made with `shopprop local token create` works against the server on the same store,
 * and stops working at the next request once `local token revoke` revokes it (another
 * connection to the file, as from another process). In-process CLI, real HTTP on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { startTestServer, type TestServer } from '../../helpers/local-server.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

let server: TestServer;
const temp = makeTempDir();
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  temp.remove();
});

const CREATED = Date.UTC(2026, 10, 20, 9, 0, 0);
const REVOKED = Date.UTC(2026, 10, 21, 17, 30, 0);
const cli = (args: string[], now = Date.now()) => runInProcess(args, { home: temp.dir, now: () => now });
const local = (args: string[], now?: number) => cli(['--db', server.dbFile, 'local', 'token', ...args], now);

describe('a real token, revoked', () => {
  it('lets its holder in until it is revoked, then is refused with exit 4 on the very next request', async () => {
    const created = await local(['create', '--company', '1', '--role', 'accountant', '--name', 'Back office'], CREATED);
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^\S{20,}$/);
    const id = Number(/^token (\d+) for Back office \(accountant, company 1\)/.exec(created.stderr)![1]);

    const remote = (args: string[]) => cli(['--base-url', server.url, '--token', token, ...args]);
    const before = await remote(['sale', 'list', '--company', '1', '--limit', '2', '--format', 'json']);
    expect(before.code, before.stderr).toBe(0);
    expect(JSON.parse(before.stdout)).toHaveLength(2);

    const listed = JSON.parse((await local(['list', '--format', 'json', '--raw'])).stdout) as {
      id: number;
      name: string;
      createdAt: number;
      revokedAt: number | null;
    }[];
    expect(listed.find((t) => t.id === id)).toMatchObject({ name: 'Back office', createdAt: CREATED, revokedAt: null });

    const revoked = await local(['revoke', String(id)], REVOKED);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stderr).toBe(`token ${id} revoked\n`);

    const after = await remote(['sale', 'list', '--company', '1', '--limit', '2', '--format', 'json']);
    expect(after.code).toBe(4);
    expect(after.stdout).toBe('');
    expect(after.stderr).toMatch(/^shopprop: /);
    const relisted = JSON.parse((await local(['list', '--format', 'json', '--raw'])).stdout) as { id: number; revokedAt: number | null }[];
    expect(relisted.find((t) => t.id === id)!.revokedAt).toBe(REVOKED);

    const again = await local(['revoke', String(id)]);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(`shopprop: token ${id} is already revoked\n`);
    expect((await local(['revoke', '999999'])).code).toBe(3);
  });
});
