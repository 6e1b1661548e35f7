/**
 * The embedded server starts from a code cache in the user's cache directory: the first run
 * writes it, later runs use it, and the answers are the same with, without or despite it.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());
const home = temp.dir;
const cacheDir = join(home, 'cache');
const db = join(home, 'shop.db');
const env = { home, extra: { XDG_CACHE_HOME: cacheDir, NODE_DISABLE_COMPILE_CACHE: undefined } };
const list = ['--db', db, 'sale', 'list', '--company', '1', '--format', 'json'];
const caches = () => (existsSync(join(cacheDir, 'shopprop')) ? readdirSync(join(cacheDir, 'shopprop')) : []);

beforeAll(async () => {
  const demo = await runCli(['--db', db, 'demo'], { home, timeoutMs: 120_000, extra: { NODE_DISABLE_COMPILE_CACHE: '1' } });
  expect(demo.code, demo.stderr).toBe(0);
}, 180_000);

describe('embedded start-up with a code cache', () => {
  it('answers the same on the run that writes the cache, the runs that use it, and with a corrupt one', async () => {
    expect(caches()).toEqual([]);
    const first = await runCli(list, env);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toHaveLength(50);
    expect(caches()).toHaveLength(1);

    const cached = await runCli(list, env);
    expect(cached.code, cached.stderr).toBe(0);
    expect(cached.stdout).toBe(first.stdout);
    expect(cached.stderr).toBe(first.stderr);

    writeFileSync(join(cacheDir, 'shopprop', caches()[0]!), 'not a cache');
    const corrupt = await runCli(list, env);
    expect(corrupt.code, corrupt.stderr).toBe(0);
    expect(corrupt.stdout).toBe(first.stdout);
    expect(caches()).toHaveLength(1);

    const off = await runCli(list, { home, extra: { XDG_CACHE_HOME: join(home, 'other-cache'), NODE_DISABLE_COMPILE_CACHE: '1' } });
    expect(off.stdout).toBe(first.stdout);
    expect(existsSync(join(home, 'other-cache'))).toBe(false);
  });

  it('runs a command whose server side loads pdfkit (a statement PDF) from the cached server', async () => {
    const statements = await runCli(['--db', db, 'statements', '--landlord', '1', '--status', 'ALL', '--format', 'json'], env);
    expect(statements.code, statements.stderr).toBe(0);
    const [statement] = JSON.parse(statements.stdout) as Array<{ id: number }>;
    const pdf = join(home, 'statement.pdf');
    const saved = await runCli(['--db', db, 'statement-pdf', String(statement!.id), '--download', pdf], env);
    expect(saved.code, saved.stderr).toBe(0);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
