/**
 * The offline outbox: sales that could not reach the service, kept in a local SQLite file until
 * `sale sync` delivers them. Each row holds the exact request body and the Idempotency-Key it was
 * composed with, so a re-send after an interrupted sync is answered with the first result and
 * never records the sale twice. WAL with synchronous=FULL: a sale the CLI said it kept survives
 * a power cut. One sync at a time, through an OS file lock that dies with its holder (see
 * acquireSyncLock); a row names the process holding it, for messages only.
 */
import { hostname } from 'node:os';
import type SqliteDatabase from 'better-sqlite3';
import type { SaveCashSaleBody } from '../../contract/cash-sale.js';
import { preparePrivateFile } from '../../store/private-file.js';
import { CATALOG_COPY_SCHEMA, CatalogCopyStore, unitsOf } from './catalog-copy-store.js';
import { checkOutboxReadable, outboxDamage } from './outbox-damage.js';

export interface OutboxEntry {
  id: number;
  idempotencyKey: string;
  /** Where the sale is to go: the service's base URL, or `local:<store file>`. */
  target: string;
  companyId: number;
  body: SaveCashSaleBody;
  createdAt: number;
  attempts: number;
  lastAttemptAt: number | null;
  /** Why the last attempt failed (unreachable, or the server's refusal). */
  lastError: string | null;
  /**
   * What the last failure was: `refused` when the service refused the sale on its merits (it
   * stays, with the reasons, and the rest of the queue is still sent), `unreachable` when no
   * real answer came (it waits for the next sync).
   */
  lastFailure: OutboxFailure | null;
}

export type OutboxFailure = 'refused' | 'unreachable';

export interface NewOutboxEntry {
  idempotencyKey: string;
  target: string;
  body: SaveCashSaleBody;
  createdAt: number;
  /** Why it could not be sent now. */
  reason: string;
}

export interface SyncLockHolder {
  pid: number;
  host: string;
  startedAt: number;
}

export type LockResult = { acquired: true; tookOverFrom?: SyncLockHolder } | { acquired: false; holder: SyncLockHolder };

interface Row {
  id: number;
  idempotency_key: string;
  target: string;
  company_id: number;
  body: string;
  created_at: number;
  attempts: number;
  last_attempt_at: number | null;
  last_error: string | null;
  last_failure: OutboxFailure | null;
}

const SCHEMA = [
  `create table if not exists outbox (
     id integer primary key,
     idempotency_key text not null unique,
     target text not null,
     company_id integer not null,
     body text not null,
     created_at integer not null,
     attempts integer not null default 0,
     last_attempt_at integer,
     last_error text,
     last_failure text
   )`,
  `create index if not exists outbox_order on outbox(created_at, id)`,
  `create table if not exists sync_lock (
     id integer primary key check (id = 1),
     pid integer not null,
     host text not null,
     started_at integer not null
   )`,
  CATALOG_COPY_SCHEMA,
];

export class Outbox {
  private heldLock: SqliteDatabase.Database | undefined;
  /** The local copy of the catalogue and stock that offline sales are composed from. */
  readonly catalog: CatalogCopyStore;

  private constructor(
    private readonly db: SqliteDatabase.Database,
    readonly file: string,
    private readonly Database: typeof SqliteDatabase,
  ) {
    this.catalog = new CatalogCopyStore(db);
  }

  /** Opens (creating if need be) the outbox file; the file is private to the user (it holds customers' names). */
  static async open(file: string): Promise<Outbox> {
    const { default: Database } = await import('better-sqlite3');
    // Created 0600 before SQLite opens it, so its WAL and shm files are made 0600 too.
    preparePrivateFile(file);
    checkOutboxReadable(file, (path) => new Database(path, { readonly: true, fileMustExist: true }));
    let db: SqliteDatabase.Database;
    try {
      db = new Database(file);
    } catch (error) {
      throw outboxDamage(file, error) ?? error;
    }
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('busy_timeout = 5000');
      db.transaction(() => {
        for (const statement of SCHEMA) db.exec(statement);
        // An outbox made before failures had a kind gains the column; its rows read as unknown.
        const columns = db
          .prepare<[], { name: string }>('pragma table_info(outbox)')
          .all()
          .map((c) => c.name);
        if (!columns.includes('last_failure')) db.exec('alter table outbox add column last_failure text');
      }).immediate();
    } catch (error) {
      db.close();
      throw outboxDamage(file, error) ?? error;
    }
    return new Outbox(db, file, Database);
  }

  /** Runs a read or write of the file, a damaged page found on the way named as a damaged outbox. */
  private use<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      throw outboxDamage(this.file, error) ?? error;
    }
  }

  /** Keeps a sale; when this returns, the row is on disk (committed with a full sync). */
  add(entry: NewOutboxEntry): OutboxEntry {
    const id = this.use(() =>
      Number(
        this.db
          .prepare(
            `insert into outbox (idempotency_key, target, company_id, body, created_at, attempts, last_attempt_at, last_error, last_failure)
           values (?, ?, ?, ?, ?, 1, ?, ?, 'unreachable')`,
          )
          .run(entry.idempotencyKey, entry.target, entry.body.companyId, JSON.stringify(entry.body), entry.createdAt, entry.createdAt, entry.reason)
          .lastInsertRowid,
      ),
    );
    return this.get(id)!;
  }

  get(id: number): OutboxEntry | undefined {
    const row = this.use(() => this.db.prepare<[number], Row>('select * from outbox where id = ?').get(id));
    return row ? entryOf(row) : undefined;
  }

  /** Every queued sale, oldest first. */
  list(): OutboxEntry[] {
    return this.use(() => this.db.prepare<[], Row>('select * from outbox order by created_at, id').all()).map(entryOf);
  }

  count(): number {
    return this.use(() => this.db.prepare<[], { n: number }>('select count(*) as n from outbox').get()!.n);
  }

  /** Counts an attempt before it is made, so a sync killed mid-send still shows it was tried. */
  markAttempt(id: number, now: number): void {
    this.db.prepare('update outbox set attempts = attempts + 1, last_attempt_at = ? where id = ?').run(now, id);
  }

  recordFailure(id: number, reason: string, failure: OutboxFailure): void {
    this.db.prepare('update outbox set last_error = ?, last_failure = ? where id = ?').run(reason, failure, id);
  }

  /** Forgets a deleted sale; false when it was not there. Its units are in stock again for offline sales. */
  remove(id: number): boolean {
    return this.db.prepare('delete from outbox where id = ?').run(id).changes > 0;
  }

  /** Forgets a sale the service recorded, and takes its units out of the local copies in the same transaction. */
  delivered(entry: OutboxEntry): void {
    this.db
      .transaction(() => {
        this.remove(entry.id);
        this.catalog.dropUnits(entry.companyId, unitsOf(entry.body));
      })
      .immediate();
  }

  /** Units sold in the kept sales for this service and company: sold here, not yet known to the service. */
  unitsSoldLocally(target: string, companyId: number): Map<number, OutboxEntry> {
    const sold = new Map<number, OutboxEntry>();
    for (const entry of this.list()) {
      if (entry.target !== target || entry.companyId !== companyId) continue;
      for (const unitId of unitsOf(entry.body)) sold.set(unitId, entry);
    }
    return sold;
  }

  /**
   * Takes the sync lock for this process: an exclusive SQLite transaction on a companion file
   * (FILE.sync-lock), that is an OS file lock, held until release. The operating system drops it
   * when its holder exits in any way (killed, crashed, a container restarted), so a lock is never
   * left to a dead process, and a PID reused by another process means nothing. While it is held,
   * no second sync of this outbox can run. The lock row only names the holder in messages; one
   * left behind by a sync that died is reported as taken over.
   */
  acquireSyncLock(now: number, pid = process.pid, host = hostname()): LockResult {
    const lock = this.openLockFile();
    try {
      lock.exec('begin exclusive');
    } catch (error) {
      lock.close();
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      const holder = this.lockHolder() ?? { pid: 0, host: 'unknown', startedAt: now };
      return { acquired: false, holder };
    }
    this.heldLock = lock;
    const left = this.lockHolder();
    this.db.prepare('insert or replace into sync_lock (id, pid, host, started_at) values (1, ?, ?, ?)').run(pid, host, now);
    return left ? { acquired: true, tookOverFrom: left } : { acquired: true };
  }

  releaseSyncLock(): void {
    if (this.db.open) this.db.prepare('delete from sync_lock where id = 1').run();
    const lock = this.heldLock;
    this.heldLock = undefined;
    if (lock?.open) {
      lock.exec('rollback');
      lock.close();
    }
  }

  private lockHolder(): SyncLockHolder | undefined {
    const held = this.db.prepare<[], { pid: number; host: string; started_at: number }>('select pid, host, started_at from sync_lock where id = 1').get();
    return held ? { pid: held.pid, host: held.host, startedAt: held.started_at } : undefined;
  }

  /** The lock file: rollback journal (an exclusive transaction locks the file itself), no waiting. */
  private openLockFile(): SqliteDatabase.Database {
    const file = `${this.file}.sync-lock`;
    preparePrivateFile(file);
    const lock = new this.Database(file);
    lock.pragma('busy_timeout = 0');
    return lock;
  }

  close(): void {
    if (this.heldLock) this.releaseSyncLock();
    if (this.db.open) this.db.close();
  }
}

function entryOf(row: Row): OutboxEntry {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    target: row.target,
    companyId: row.company_id,
    body: JSON.parse(row.body) as SaveCashSaleBody,
    createdAt: row.created_at,
    attempts: row.attempts,
    lastAttemptAt: row.last_attempt_at,
    lastError: row.last_error,
    lastFailure: row.last_failure,
  };
}
