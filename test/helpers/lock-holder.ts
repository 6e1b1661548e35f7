/**
 * Another process holding a store's SQLite write lock (as a `local import` or a second `serve`
 * does while it writes): a child Node process that runs BEGIN IMMEDIATE and keeps the
 * transaction open until told to release it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const HOLDER = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.exec('BEGIN IMMEDIATE');
process.stdout.write('locked\\n');
process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });
`;

export interface LockHolder {
  /** Commits the holder's (empty) transaction and waits for the process to end. */
  release(): Promise<void>;
}

export async function holdWriteLock(dbFile: string): Promise<LockHolder> {
  const child: ChildProcess = spawn(process.execPath, ['-e', HOLDER, dbFile], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  if (!chunk.toString().startsWith('locked')) throw new Error(`lock holder said ${chunk.toString()}`);
  let released: Promise<void> | undefined;
  return {
    release() {
      released ??= (async () => {
        const exited = once(child, 'exit');
        child.stdin!.write('release\n');
        await exited;
      })();
      return released;
    },
  };
}
