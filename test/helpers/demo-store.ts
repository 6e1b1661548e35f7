/**
 * A temp home holding a demo store, shared by the tests of one file: built before the first test
 * and removed after the last. The store is built in-process (the `demo` command from the source):
 * what these files test is the commands run on it, not how `demo` starts.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { runInProcess } from './cli-in-process.js';
import { makeTempDir } from './temp-dir.js';

export interface DemoHome {
  /** The home directory: config/ and data/ of this user. */
  dir: string;
  /** The demo store file (in the home; where the profile points when built without --db). */
  db: string;
  /** What `demo` said on stderr. */
  demoStderr(): string;
}

/**
 * `atDefaultStore`: build the store where the profile finds it without --db (the data dir), as a
 * newcomer's `shopprop demo` does, instead of a file named with --db.
 */
export function demoHome(options: { atDefaultStore?: boolean } = {}): DemoHome {
  const temp = makeTempDir();
  const db = options.atDefaultStore ? join(temp.dir, 'data', 'shopprop.db') : join(temp.dir, 'shop.db');
  let said = '';
  beforeAll(async () => {
    const demo = await runInProcess(options.atDefaultStore ? ['demo'] : ['--db', db, 'demo'], { home: temp.dir });
    expect(demo.code, demo.stderr).toBe(0);
    said = demo.stderr;
  }, 120_000);
  afterAll(() => temp.remove());
  return { dir: temp.dir, db, demoStderr: () => said };
}
