/**
 * The built standalone server (dist/server/standalone.js) as a child process on 127.0.0.1, on a
 * demo store file seeded here: the reliability tests kill it, restart it and load it as a real
 * deployment would run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createToken } from '../helpers/sqlite-token.js';
import { seedDemo } from '../../src/store/sqlite/demo/seed-demo.js';
import { openStore, type Store } from '../../src/store/sqlite/open-db.js';
import type { Role } from '../../src/contract/enums.js';
import { assertFreshBuild } from '../helpers/fresh-build.js';
import { TEST_NOW } from '../helpers/local-server.js';

export const STANDALONE = fileURLToPath(new URL('../../dist/server/standalone.js', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process has ended. */
  exited: Promise<number | string>;
  stderr(): string;
}

/** Starts the standalone server on the file and waits for the URL on its first stdout line. */
export function startStandalone(dbFile: string, timeoutMs = 30_000): Promise<ServerProcess> {
  assertFreshBuild();
  const child = spawn(process.execPath, [STANDALONE, '--db', dbFile, '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle(() => reject(new Error(`standalone server did not print its URL in ${timeoutMs} ms; stderr: ${stderr}`)));
    }, timeoutMs);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const newline = stdout.indexOf('\n');
      if (newline >= 0) settle(() => resolve({ url: stdout.slice(0, newline).trim(), child, exited, stderr: () => stderr }));
    });
    void exited.then((code) => settle(() => reject(new Error(`standalone server exited (${code}) before listening; stderr: ${stderr}`))));
  });
}

/** SIGTERM and wait: the server finishes in-flight requests and closes the database cleanly. */
export async function stopStandalone(server: ServerProcess): Promise<number | string> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

/** A demo store in `dir`, closed again so a server process can own it; tokens made before. */
export async function seedDemoFile(dir: string, tokens: { companyId: number; role: Role }[]): Promise<{ dbFile: string; tokens: string[] }> {
  const dbFile = join(dir, 'shop.db');
  const store: Store = await openStore(dbFile);
  try {
    await seedDemo(store, { now: TEST_NOW });
    const made = tokens.map((t, i) => createToken(store, { ...t, name: `reliability ${t.role} ${t.companyId} ${i}` }).token);
    return { dbFile, tokens: made };
  } finally {
    await store.close();
  }
}
