/**
 * The store holds every sale, customer and token hash: only its owner may read it. A new store
 * is created 0600 in a directory created 0700, before SQLite opens it (SQLite makes its WAL and
 * shared-memory files with the database file's mode). A store found with wider modes (made by
 * an older version, or copied with a loose umask) is tightened to 0600 when opened; an existing
 * directory is the user's to set (it may be their home or working directory) and is left as is.
 */
import { chmodSync, closeSync, constants, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;

/** Creates the directory (0700) and the empty file (0600) if missing; tightens an existing file and its WAL and shm files. */
export function preparePrivateFile(file: string): void {
  if (process.platform === 'win32') {
    mkdirSync(dirname(file), { recursive: true });
    return;
  }
  const dir = dirname(file);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  try {
    // O_EXCL: never a file someone else made in the meantime; O_NOFOLLOW: never through a link planted here.
    closeSync(openSync(file, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW, PRIVATE_FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (const path of [file, `${file}-wal`, `${file}-shm`]) tighten(path);
}

function tighten(path: string): void {
  let mode: number;
  let owner: number;
  try {
    ({ mode, uid: owner } = statSync(path));
  } catch {
    return;
  }
  // Only the owner may change a mode; a store shared on purpose by another user is theirs to set.
  if ((mode & 0o077) !== 0 && owner === process.getuid?.()) chmodSync(path, PRIVATE_FILE);
}
