import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../helpers/local-server.js';
import { spawnPty, KEY } from '../helpers/pty-cli.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// Signing in, checking and signing out with the built binary against a server on 127.0.0.1.
describe('login, status and logout', () => {
  let server: TestServer;
  /** The server's clock: the real one unless a test moves it. */
  let now: number | undefined;
  const temp = makeTempDir();
  const home = temp.dir;
  const configText = () => readFileSync(join(home, 'config', 'config.json'), 'utf8');
  const STATEMENTS = ['statements', '--landlord', '1', '--format', 'json'];

  beforeAll(async () => {
    server = await startTestServer({ now: () => now ?? Date.now() });
    await server.shop.createLocalUser({ companyId: 1, role: 'accountant', name: 'Amina Otieno', username: 'amina', password: 'office password' });
  });
  afterAll(async () => {
    await server.close();
    temp.remove();
  });

  it('signs in from stdin, keeps the token and who it is, and a wrong password says only that', async () => {
    const wrong = await runCli(['login', '--base-url', server.url, '--username', 'amina', '--password-stdin'], { home, input: 'not it\n' });
    expect(wrong.code).toBe(4);
    expect(wrong.stderr).toContain('wrong user name or password');
    const unknown = await runCli(['login', '--base-url', server.url, '--username', 'nobody', '--password-stdin'], { home, input: 'not it\n' });
    expect(unknown.stderr.replace('nobody', 'amina')).toBe(wrong.stderr);

    const login = await runCli(['login', '--base-url', server.url, '--username', 'amina', '--password-stdin'], { home, input: 'office password\n' });
    expect(login.stderr).toMatch(/signed in to .* as amina \(Amina Otieno, accountant, company 1\) until/);
    expect(login.code).toBe(0);
    const stored = JSON.parse(configText()).profiles.default;
    expect(stored).toMatchObject({ baseUrl: server.url, companyId: 1, signedIn: { username: 'amina', role: 'accountant', companyId: 1 } });
    expect(stored.signedIn.token).toMatch(/^sha256:/);

    const list = await runCli(['config', 'list'], { home });
    expect(list.stdout).not.toContain(stored.token);
    expect((await runCli(STATEMENTS, { home })).code).toBe(0);

    const status = await runCli(['whoami', '--format', 'json'], { home });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      service: server.url,
      answers: true,
      signedIn: true,
      user: 'Amina Otieno',
      companyId: 1,
      role: 'accountant',
      sources: { baseUrl: 'config', token: 'config' },
    });
    expect(status.stdout).not.toContain(stored.token);
  });

  it("names an expired sign-in by the server's clock, and status exits 4", async () => {
    const { expiresAt } = JSON.parse(configText()).profiles.default.signedIn;
    now = expiresAt + 1000;
    try {
      const refused = await runCli(STATEMENTS, { home, extra: { TZ: 'UTC' } });
      expect(refused.code).toBe(4);
      const at = new Date(expiresAt).toISOString().slice(11, 16);
      expect(refused.stderr).toMatch(
        new RegExp(`the service no longer takes the sign-in of amina \\(until (\\d{4}-\\d\\d-\\d\\d )?${at} by this machine's clock`),
      );
      expect(refused.stderr).toContain('`shopprop login` to sign in again');
      const status = await runCli(['status', '--format', 'json'], { home });
      expect(status.code).toBe(4);
      expect(JSON.parse(status.stdout)).toMatchObject({ signedIn: false, answers: true });
    } finally {
      now = undefined;
    }
  });

  it('signs in with the password typed hidden at a terminal', async () => {
    const session = spawnPty(['login', '--base-url', server.url], { home });
    await session.waitFor('User name');
    session.type(`amina${KEY.enter}`);
    await session.waitForNext('Password');
    session.type(`office password${KEY.enter}`);
    expect(await session.exited).toBe(0);
    expect(session.screen()).not.toContain('office password');
    expect(session.screen()).toContain('signed in to');
  });

  it('logout revokes the token on the server, so using it again is 401', async () => {
    const token = JSON.parse(configText()).profiles.default.token as string;
    const out = await runCli(['logout'], { home });
    expect(out.code).toBe(0);
    expect(out.stderr).toContain('revoked the token');
    expect(JSON.parse(configText()).profiles.default.token).toBeUndefined();
    expect((await server.request('GET', '/api/auth/session', { token })).status).toBe(401);
    const status = await runCli(['status', '--format', 'json'], { home });
    expect(status.code).toBe(4);
    expect(status.stderr).toContain('not signed in');
  });
});
