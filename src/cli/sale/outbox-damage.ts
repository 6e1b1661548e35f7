/**
 * An outbox file SQLite cannot read (overwritten, truncated by a full disk or a bad copy): the
 * error names the file, says the kept sales in it could not be read, and how to move it aside
 * with its WAL files so the next offline sale starts a new outbox while the copy stays for
 * recovery. Nothing is moved or deleted by the tool: those sales may exist nowhere else.
 */
import { existsSync, statSync } from 'node:fs';

/** SQLite's words for a file that is not a database or whose pages are damaged. */
const DAMAGE_CODES = /^SQLITE_(NOTADB|CORRUPT)/;

export class DamagedOutboxError extends Error {
  override readonly name = 'DamagedOutboxError';
  constructor(
    readonly file: string,
    cause: Error,
  ) {
    super(damageMessage(file, cause.message), { cause });
  }
}

/** The DamagedOutboxError an SQLite error on `file` means, or undefined for any other error. */
export function outboxDamage(file: string, error: unknown): DamagedOutboxError | undefined {
  if (error instanceof DamagedOutboxError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && DAMAGE_CODES.test(code) ? new DamagedOutboxError(file, error) : undefined;
}

/** What the check needs of a read-only SQLite connection (outbox-store.ts opens it). */
export interface ReadOnlyConnection {
  pragma(source: string): unknown;
  close(): unknown;
}

/**
 * Throws a DamagedOutboxError when `file` cannot be read whole. Read through a read-only
 * connection, which never checkpoints: a writable one, closed on a damaged file, folds the WAL
 * (the sales kept last) into it and deletes the WAL.
 */
export function checkOutboxReadable(file: string, openReadOnly: (file: string) => ReadOnlyConnection): void {
  if (!existsSync(file) || statSync(file).size === 0) return;
  let db: ReadOnlyConnection | undefined;
  try {
    db = openReadOnly(file);
    const problem = (db.pragma('quick_check') as { quick_check: string }[]).find((row) => row.quick_check !== 'ok');
    if (problem) throw new DamagedOutboxError(file, new Error(problem.quick_check.split('\n', 1)[0]));
  } catch (error) {
    const damage = outboxDamage(file, error);
    if (damage) throw damage;
    // Anything else (a lock, a permission) is for the writable open to report.
  } finally {
    db?.close();
  }
}

function damageMessage(file: string, said: string): string {
  // The WAL and shared-memory files go with it, under the names SQLite pairs with the copy;
  // left behind, they would be taken for the new outbox's.
  const moves = ['', '-wal', '-shm']
    .filter((suffix) => suffix === '' || existsSync(`${file}${suffix}`))
    .map((suffix) => `mv ${quoted(`${file}${suffix}`)} ${quoted(`${file}.damaged${suffix}`)}`);
  return (
    `the outbox file ${file} cannot be read (${said}): the sales kept in it could not be read, ` +
    `and nothing in it was changed or deleted. To go on, move it aside and keep the copy: ${moves.join('; ')}. ` +
    "The next sale kept offline starts a new outbox; the copy's sales may be recovered with sqlite3's .recover"
  );
}

/** A path as one shell word. */
function quoted(path: string): string {
  return /^[\w./+-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}
