/**
 * A fresh user home per test (config, data and a local store file of its own), and the CLI run
 * in-process against it: no test sees another's profile or store, whatever the order.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { runInProcess, type InProcessOptions, type InProcessResult } from './cli-in-process.js';
import { makeTempDir } from './temp-dir.js';

export interface CliHome {
  dir: string;
  /** The local store file commands use (--db). */
  db: string;
  /** shopprop <args> on this home's store, in-process. */
  cli(args: string[], options?: Omit<InProcessOptions, 'home'>): Promise<InProcessResult>;
  /** Writes a file into the home and returns its path. */
  file(name: string, text: string): string;
}

export function freshHomeEachTest(): () => CliHome {
  let current: CliHome | undefined;
  let remove: (() => void) | undefined;
  beforeEach(() => {
    const temp = makeTempDir();
    remove = temp.remove;
    const db = join(temp.dir, 'own.db');
    current = {
      dir: temp.dir,
      db,
      cli: (args, options = {}) => runInProcess(['--db', db, ...args], { home: temp.dir, ...options }),
      file(name, text) {
        const path = join(temp.dir, name);
        writeFileSync(path, text);
        return path;
      },
    };
  });
  afterEach(() => remove?.());
  return () => {
    if (!current) throw new Error('no home outside a test');
    return current;
  };
}
