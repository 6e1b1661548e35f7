/**
 * Every way a run of the built CLI can end gives the exit status `help exit-codes` documents, and
 * never a signal: a native crash at exit (a Node-API addon collected outside a JavaScript context)
 * can hide behind output that looked right. Runs on whichever Node runs the suite (CI: 24 and 22).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { demoHome } from '../helpers/demo-store.js';
import { KEY, spawnPty } from '../helpers/pty-cli.js';
import { BIN, cliEnv } from '../helpers/run-cli.js';

const { dir: home, db } = demoHome();

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Starts the CLI with piped stdio; `whenWriting` runs once the first bytes of data arrive. */
function start(args: string[], whenWriting?: (child: ReturnType<typeof spawn>) => void): Promise<Ended> {
  const child = spawn(process.execPath, [BIN, '--db', db, ...args], { env: cliEnv({ home }), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let first = true;
  child.stdout!.on('data', () => {
    if (first && whenWriting) whenWriting(child);
    first = false;
  });
  return once(child, 'close').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null, stderr }));
}

const exportAll = ['sale', 'list', '--company', '1', '--all', '--format', 'csv'];

describe('exit status on every way out', () => {
  it('success: 0', async () => {
    const ended = await start(['sale', 'list', '--company', '1', '--format', 'json']);
    expect(ended).toEqual({ code: 0, signal: null, stderr: 'showing 50 of 900; --all for every page\n' });
  });

  it('usage error: 2; not found: 3', async () => {
    const usage = await start(['sale', 'list', '--limit', 'abc']);
    expect([usage.code, usage.signal]).toEqual([2, null]);
    const notFound = await start(['receipt', 'print', '99999999']);
    expect([notFound.code, notFound.signal]).toEqual([3, null]);
    expect(notFound.stderr).toMatch(/no sale 99999999/);
  });

  it('the reader of the output goes away (a closed pipe): 0', async () => {
    const ended = await start(exportAll, (child) => child.stdout!.destroy());
    expect([ended.code, ended.signal]).toEqual([0, null]);
  });

  it('an export interrupted by SIGINT: 130; terminated by SIGTERM: 143', async () => {
    // The reader stops reading, so the export is still under way when the signal comes.
    const interrupted = await start(exportAll, (child) => {
      child.stdout!.pause();
      child.kill('SIGINT');
    });
    expect([interrupted.code, interrupted.signal]).toEqual([130, null]);
    expect(interrupted.stderr).toMatch(/interrupted/);

    const terminated = await start(exportAll, (child) => {
      child.stdout!.pause();
      child.kill('SIGTERM');
    });
    expect([terminated.code, terminated.signal]).toEqual([143, null]);
    expect(terminated.stderr).toMatch(/terminated/);
  });

  it('Ctrl-C at a prompt: 130', async () => {
    const session = spawnPty(['--db', db, 'payadvice'], { home });
    await session.waitFor('Property (type part of its name or code)');
    session.type(KEY.ctrlC);
    expect(await session.ended).toEqual({ exitCode: 130, signal: 0 });
  });
});
