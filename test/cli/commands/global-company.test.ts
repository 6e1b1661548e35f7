/**
 * `--company` is a global flag like `--profile`: it stands before or after the command, every
 * command that works on a company reads it, and a company that does not exist is "not found"
 * (exit 3), never an empty list. In-process CLI on a demo store.
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

const cli = (args: string[]) => runInProcess(['--db', server.dbFile, '--no-input', ...args], { home: temp.dir });
const ids = (stdout: string) => (JSON.parse(stdout) as { id: number; companyId: number }[]).map((sale) => [sale.id, sale.companyId]);

describe('--company, a global flag', () => {
  it('reads the same before the command as after it, long or short', async () => {
    const after = await cli(['sale', 'list', '--company', '2', '--limit', '3', '--format', 'json']);
    expect(after.code, after.stderr).toBe(0);
    expect(ids(after.stdout)).toHaveLength(3);
    expect(ids(after.stdout).every(([, company]) => company === 2)).toBe(true);
    for (const args of [
      ['--company', '2', 'sale', 'list'],
      ['-c', '2', 'sale', 'list'],
      ['sale', '-c', '2', 'list'],
    ]) {
      const result = await cli([...args, '--limit', '3', '--format', 'json']);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
      expect(ids(result.stdout), args.join(' ')).toEqual(ids(after.stdout));
    }
  });

  it("is shown in every command's help", async () => {
    for (const command of [['sale', 'list'], ['paidbalance'], ['receipt', 'specs'], ['local', 'token', 'create']]) {
      const help = await cli([...command, '--help']);
      expect(help.stdout, command.join(' ')).toMatch(/Global Options:[\s\S]*-c, --company <id>\s+company id \(default: the profile's companyId/);
    }
  });

  it('names a company that does not exist as not found (exit 3), for lists and reports alike', async () => {
    for (const args of [
      ['sale', 'list'],
      ['sale', 'items'],
      ['receipt', 'specs'],
      ['paidbalance', '--zone', '1'],
    ]) {
      const result = await cli(['--company', '999', ...args, '--format', 'json']);
      expect(result.code, args.join(' ')).toBe(3);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toMatch(/no company 999/);
    }
  });

  it('gives local token create its company, and without one the error names the flag', async () => {
    const created = await cli(['local', 'token', 'create', '--role', 'cashier', '--name', 'Till 2', '--company', '2']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toMatch(/^token \d+ for Till 2 \(cashier, company 2\)/);
    const missing = await cli(['local', 'token', 'create', '--role', 'cashier', '--name', 'Till 3']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^shopprop: missing --company: give a company id/);
  });
});
