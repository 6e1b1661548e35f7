/** Prompts for missing filters, in a pseudo-terminal as a person sees them; never with --no-input. */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY, spawnPty } from '../helpers/pty-cli.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
const home = temp.dir;
const db = join(home, 'shop.db');

beforeAll(async () => {
  const demo = await runCli(['--db', db, 'demo'], { home, timeoutMs: 120_000 });
  expect(demo.code, demo.stderr).toBe(0);
}, 180_000);
afterAll(() => temp.remove());

describe('at a terminal', () => {
  it('paidbalance without a filter asks which filter and its id, then prints the report', async () => {
    const session = spawnPty(['--db', db, 'paidbalance'], { home });
    await session.waitFor('Report for');
    session.type(KEY.down); // a field officer
    session.type(KEY.up); // back to a zone
    session.type(KEY.enter);
    await session.waitFor('Zone id');
    session.type(`1${KEY.enter}`);
    expect(await session.exited).toBe(0);
    expect(session.screen()).toMatch(/VACANT/);
    expect(session.screen()).toMatch(/Total/);
  });

  it('payadvice without --property asks for it and refuses a non-number', async () => {
    const session = spawnPty(['--db', db, 'payadvice'], { home });
    await session.waitFor('Property id');
    session.type(`abc${KEY.enter}`);
    await session.waitFor('positive whole number');
    for (let i = 0; i < 3; i++) session.type(KEY.backspace);
    session.type(`1${KEY.enter}`);
    expect(await session.exited).toBe(0);
    expect(session.screen()).toMatch(/Net amount due/);
  });

  it('Ctrl-C at a prompt exits 130 without a stack trace', async () => {
    const session = spawnPty(['--db', db, 'statements'], { home });
    await session.waitFor('Landlord id');
    session.type(KEY.ctrlC);
    expect(await session.exited).toBe(130);
    expect(session.screen()).not.toMatch(/\n\s+at /);
  });

  it('--no-input never prompts: the missing flag is named and the exit code is 2', async () => {
    const session = spawnPty(['--db', db, '--no-input', 'paidbalance'], { home });
    expect(await session.exited).toBe(2);
    expect(session.screen()).toMatch(/missing filter: give --zone, --officer or --property/);
  });
});

describe('in a pipe', () => {
  it('never waits for input: the missing value is an error naming the flag', async () => {
    const started = Date.now();
    const { code, stderr } = await runCli(['--db', db, 'statements'], { home });
    expect(code).toBe(2);
    expect(stderr).toMatch(/missing --landlord/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
