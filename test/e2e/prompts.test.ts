/**
 * Prompts for missing filters, in a pseudo-terminal as a person sees them; never with --no-input.
 * (In a pipe, never: test/cli/commands/usage.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { demoHome } from '../helpers/demo-store.js';
import { KEY, spawnPty } from '../helpers/pty-cli.js';

const { dir: home, db } = demoHome();

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
