import { statSync } from 'node:fs';
import { hostname } from 'node:os';
import Database from 'better-sqlite3';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/errors.js';
import { Outbox } from '../../../src/cli/sale/outbox-store.js';
import { syncOutbox, SyncBusyError } from '../../../src/cli/sale/outbox-sync.js';
import type { SaveCashSaleBody } from '../../../src/contract/cash-sale.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const temps: { remove: () => void }[] = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.remove();
});

async function openOutbox(): Promise<{ outbox: Outbox; file: string }> {
  const temp = makeTempDir();
  temps.push(temp);
  const file = join(temp.dir, 'nested', 'outbox.db');
  return { outbox: await Outbox.open(file), file };
}

const TARGET = 'http://127.0.0.1:8080';

function body(customer: string, total = 100): SaveCashSaleBody {
  return {
    issuedTo: customer,
    issuedToPhone: '',
    amountPaid: total,
    paymentMethod: 'CASH',
    transactionType: 'CASH',
    refNo: customer,
    notes: '',
    cashbookId: 1,
    totalTax: 0,
    subTotal: total,
    totalAmount: total,
    userId: 3,
    retailShopId: 1,
    companyId: 1,
    totalDiscount: 0,
    itemIssuesDto: [
      {
        item: 'thing',
        itemProductId: 1,
        buyingPrice: total,
        unitCost: 0,
        qty: 1,
        discount: 0,
        taxIncExc: 1,
        taxRateId: null,
        taxRate: 0,
        taxAmount: 0,
        lineTotal: total,
      },
    ],
  };
}

const unreachable = () =>
  new ApiError({ kind: 'network', method: 'POST', path: '/api/inventorycashsale/save', serverMessage: 'connect ECONNREFUSED 127.0.0.1:8080' });
const refused = (message: string) =>
  new ApiError({ kind: 'invalidInput', method: 'POST', path: '/api/inventorycashsale/save', status: 405, serverMessage: message });

describe('the outbox file', () => {
  it('keeps the exact body and key, oldest first, in a file only its user can read', async () => {
    const { outbox, file } = await openOutbox();
    outbox.add({ idempotencyKey: 'k2', target: TARGET, body: body('second'), createdAt: 2_000, reason: 'down' });
    outbox.add({ idempotencyKey: 'k1', target: TARGET, body: body('first'), createdAt: 1_000, reason: 'down' });
    const entries = outbox.list();
    expect(entries.map((e) => [e.idempotencyKey, e.body.issuedTo, e.attempts, e.lastError])).toEqual([
      ['k1', 'first', 1, 'down'],
      ['k2', 'second', 1, 'down'],
    ]);
    expect(entries[0]!.body).toEqual(body('first'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    outbox.close();
    // Reopened: still there (committed, not only in memory).
    const again = await Outbox.open(file);
    expect(again.count()).toBe(2);
    again.close();
  });

  it('refuses a second entry with the same idempotency key', async () => {
    const { outbox } = await openOutbox();
    outbox.add({ idempotencyKey: 'same', target: TARGET, body: body('a'), createdAt: 1, reason: 'down' });
    expect(() => outbox.add({ idempotencyKey: 'same', target: TARGET, body: body('a'), createdAt: 2, reason: 'down' })).toThrow(/UNIQUE/);
    outbox.close();
  });

  it('gives the sync lock to one holder at a time, and frees it on release', async () => {
    const { outbox, file } = await openOutbox();
    const other = await Outbox.open(file);
    expect(outbox.acquireSyncLock(1)).toEqual({ acquired: true });
    expect(other.acquireSyncLock(2)).toEqual({ acquired: false, holder: { pid: process.pid, host: hostname(), startedAt: 1 } });
    outbox.releaseSyncLock();
    expect(other.acquireSyncLock(3)).toEqual({ acquired: true });
    other.close();
    // Closing the holder's outbox frees the lock too.
    expect(outbox.acquireSyncLock(4)).toEqual({ acquired: true });
    outbox.close();
  });

  it('a lock left by a sync that died is taken over even when its PID now belongs to a live, unrelated process', async () => {
    const { outbox, file } = await openOutbox();
    // What a sync killed on a restarted container leaves: its row, naming PID 1 (alive: init).
    const raw = new Database(file);
    raw.prepare('insert into sync_lock (id, pid, host, started_at) values (1, 1, ?, 5)').run(hostname());
    raw.close();
    expect(outbox.acquireSyncLock(6)).toEqual({ acquired: true, tookOverFrom: { pid: 1, host: hostname(), startedAt: 5 } });
    outbox.close();
  });
});

describe('an outbox made before failures had a kind', () => {
  it('opens, gains the column, and its sales read as waiting until the next failure says what it was', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const file = join(temp.dir, 'outbox.db');
    const raw = new Database(file);
    raw.exec(`create table outbox (id integer primary key, idempotency_key text not null unique, target text not null, company_id integer not null,
      body text not null, created_at integer not null, attempts integer not null default 0, last_attempt_at integer, last_error text)`);
    raw
      .prepare('insert into outbox (idempotency_key, target, company_id, body, created_at, attempts, last_error) values (?, ?, 1, ?, 5, 1, ?)')
      .run('old', TARGET, JSON.stringify(body('old')), 'down');
    raw.close();
    const outbox = await Outbox.open(file);
    expect(outbox.list()).toMatchObject([{ idempotencyKey: 'old', lastError: 'down', lastFailure: null }]);
    outbox.recordFailure(1, 'unit 7 is already sold', 'refused');
    expect(outbox.get(1)).toMatchObject({ lastFailure: 'refused', lastError: 'unit 7 is already sold' });
    outbox.close();
  });
});

describe('the outbox file', () => {
  it('is private to its user: file, WAL, shared memory and sync lock 0600, a new directory 0700', async () => {
    const { outbox, file } = await openOutbox();
    outbox.add({ idempotencyKey: 'k', target: TARGET, body: body('a'), createdAt: 1, reason: 'down' });
    await syncOutbox({ outbox, target: TARGET, send: async () => ({ id: 1, receiptNo: 'R000001' }) });
    for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}.sync-lock`]) expect([path, statSync(path).mode & 0o777]).toEqual([path, 0o600]);
    expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
    outbox.close();
  });
});

describe('syncing the outbox', () => {
  it('sends oldest first with the original keys and deletes each only after the service answered', async () => {
    const { outbox } = await openOutbox();
    for (const [i, name] of ['a', 'b', 'c'].entries())
      outbox.add({ idempotencyKey: `key-${name}`, target: TARGET, body: body(name), createdAt: i, reason: 'down' });
    const sent: string[] = [];
    const summary = await syncOutbox({
      outbox,
      target: TARGET,
      send: async (b, key) => {
        // Still in the outbox while it is being sent: a crash here loses nothing.
        expect(outbox.list().some((e) => e.idempotencyKey === key)).toBe(true);
        sent.push(`${b.issuedTo}:${key}`);
        return { id: sent.length + 100, receiptNo: `R00010${sent.length}` };
      },
    });
    expect(sent).toEqual(['a:key-a', 'b:key-b', 'c:key-c']);
    expect(summary.results.map((r) => [r.status, r.saleId, r.receiptNo])).toEqual([
      ['sent', 101, 'R000101'],
      ['sent', 102, 'R000102'],
      ['sent', 103, 'R000103'],
    ]);
    expect(summary.remaining).toBe(0);
    expect(outbox.count()).toBe(0);
    outbox.close();
  });

  it('reports the receipt number the server gave without its control characters (it is said on a terminal)', async () => {
    const { outbox } = await openOutbox();
    outbox.add({ idempotencyKey: 'k', target: TARGET, body: body('a'), createdAt: 1, reason: 'down' });
    const summary = await syncOutbox({ outbox, target: TARGET, send: async () => ({ id: 7, receiptNo: 'R000007\x1b]0;owned\x07\u202e' }) });
    expect(summary.results.map((r) => r.receiptNo)).toEqual(['R000007]0;owned']);
    outbox.close();
  });

  it('keeps a refused sale with its reason and goes on with the next', async () => {
    const { outbox } = await openOutbox();
    outbox.add({ idempotencyKey: 'bad', target: TARGET, body: body('bad'), createdAt: 1, reason: 'down' });
    outbox.add({ idempotencyKey: 'good', target: TARGET, body: body('good'), createdAt: 2, reason: 'down' });
    const summary = await syncOutbox({
      outbox,
      target: TARGET,
      send: async (b) => {
        if (b.issuedTo === 'bad') throw refused('invalid cash sale: itemIssuesDto[0].invItemSpecsId: unit 7 is already sold');
        return { id: 5, receiptNo: 'R000005' };
      },
    });
    expect(summary.results.map((r) => r.status)).toEqual(['refused', 'sent']);
    expect(summary.remaining).toBe(1);
    const [left] = outbox.list();
    expect(left).toMatchObject({ idempotencyKey: 'bad', attempts: 2 });
    expect(left!.lastError).toMatch(/unit 7 is already sold/);
    outbox.close();
  });

  it('stops at the first sale the service cannot be reached for, and leaves the rest untouched', async () => {
    const { outbox } = await openOutbox();
    for (const name of ['a', 'b']) outbox.add({ idempotencyKey: name, target: TARGET, body: body(name), createdAt: name.charCodeAt(0), reason: 'down' });
    let calls = 0;
    const summary = await syncOutbox({
      outbox,
      target: TARGET,
      send: async () => {
        calls++;
        throw unreachable();
      },
    });
    expect(calls).toBe(1);
    expect(summary.stoppedBy).toBeInstanceOf(ApiError);
    expect(summary.remaining).toBe(2);
    expect(outbox.list().map((e) => e.attempts)).toEqual([2, 1]);
    outbox.close();
  });

  it('leaves sales made for another service alone', async () => {
    const { outbox } = await openOutbox();
    outbox.add({ idempotencyKey: 'elsewhere', target: 'https://erp.example.com', body: body('x'), createdAt: 1, reason: 'down' });
    const summary = await syncOutbox({
      outbox,
      target: TARGET,
      send: async () => {
        throw new Error('must not be sent');
      },
    });
    expect(summary.results).toMatchObject([{ status: 'skipped', message: 'queued for https://erp.example.com' }]);
    expect(summary.remaining).toBe(0);
    expect(outbox.count()).toBe(1);
    outbox.close();
  });

  it('refuses to run beside another sync, and releases its lock when done', async () => {
    const { outbox, file } = await openOutbox();
    outbox.add({ idempotencyKey: 'k', target: TARGET, body: body('k'), createdAt: 1, reason: 'down' });
    const other = await Outbox.open(file);
    let release!: () => void;
    const first = syncOutbox({ outbox, target: TARGET, send: () => new Promise((resolve) => (release = () => resolve({ id: 1 }))) });
    await expect(syncOutbox({ outbox: other, target: TARGET, send: async () => ({ id: 2 }) })).rejects.toBeInstanceOf(SyncBusyError);
    release();
    await first;
    expect(other.acquireSyncLock(Date.now()).acquired).toBe(true);
    other.close();
    outbox.close();
  });
});

describe('the local copy of the catalogue in the outbox file', () => {
  const unit = (id: number) => ({ id, itemName: `phone ${id}`, imei1: `35000000000000${id}`, salePrice: 100, purchasePrice: 60 });

  it('is kept per service and company, replaced whole, and a delivered sale takes its units out of every copy of the company', async () => {
    const { outbox, file } = await openOutbox();
    outbox.catalog.save({ target: TARGET, companyId: 1, savedAt: 10, refs: null, units: [unit(1), unit(2), unit(3)] });
    outbox.catalog.save({ target: 'http://other:8080', companyId: 1, savedAt: 11, refs: null, units: [unit(2)] });
    outbox.catalog.save({ target: TARGET, companyId: 2, savedAt: 12, refs: null, units: [unit(2)] });
    outbox.catalog.save({ target: TARGET, companyId: 1, savedAt: 20, refs: null, units: [unit(1), unit(2), unit(3), unit(4)] });
    expect(outbox.catalog.get(TARGET, 1)).toMatchObject({ savedAt: 20, units: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }] });

    const sold = body('Njoki');
    sold.itemIssuesDto[0]!.invItemSpecsId = 2;
    const entry = outbox.add({ idempotencyKey: 'k', target: TARGET, body: sold, createdAt: 30, reason: 'down' });
    // Kept, not yet sent: sold here.
    expect([...outbox.unitsSoldLocally(TARGET, 1).keys()]).toEqual([2]);
    expect(outbox.unitsSoldLocally('http://other:8080', 1).size).toBe(0);
    await syncOutbox({ outbox, target: TARGET, send: async () => ({ id: 9, receiptNo: 'R000009' }) });
    expect(outbox.get(entry.id)).toBeUndefined();
    expect(outbox.unitsSoldLocally(TARGET, 1).size).toBe(0);
    expect(outbox.catalog.get(TARGET, 1)!.units.map((u) => u.id)).toEqual([1, 3, 4]);
    expect(outbox.catalog.get('http://other:8080', 1)!.units).toEqual([]);
    // Another company's unit 2 is another unit.
    expect(outbox.catalog.get(TARGET, 2)!.units.map((u) => u.id)).toEqual([2]);
    outbox.close();
    const reopened = await Outbox.open(file);
    expect(reopened.catalog.get(TARGET, 1)!.units.map((u) => u.id)).toEqual([1, 3, 4]);
    reopened.close();
  });

  it('a deleted kept sale gives its units back to the offline stock', async () => {
    const { outbox } = await openOutbox();
    const kept = body('Wekesa');
    kept.itemIssuesDto[0]!.invItemSpecsId = 5;
    const entry = outbox.add({ idempotencyKey: 'k5', target: TARGET, body: kept, createdAt: 1, reason: 'down' });
    expect([...outbox.unitsSoldLocally(TARGET, 1).keys()]).toEqual([5]);
    outbox.remove(entry.id);
    expect(outbox.unitsSoldLocally(TARGET, 1).size).toBe(0);
    outbox.close();
  });
});
