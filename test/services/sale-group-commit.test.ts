import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveCashSaleBody } from '../../src/contract/cash-sale.js';
import { saveCashSaleInGroup } from '../../src/store/sqlite/sale-group-commit.js';
import { startTestServer, type TestServer } from '../helpers/local-server.js';
import { accessoryLine, companyRefs, saleBody, unitLine, unitsInStock, type CompanyRefs } from '../helpers/sale-fixtures.js';
import { type SaveCashSaleResult } from '../../src/store/sales-store.js';

const SAVE = '/api/inventorycashsale/save';

let server: TestServer;
let refs: CompanyRefs;

beforeAll(async () => {
  server = await startTestServer();
  refs = companyRefs(server.store, 1);
});
afterAll(async () => server.close());

const get = <T>(sql: string, ...params: unknown[]) => server.store.sqlite.prepare(sql).get(...params) as T;
const receiptSeq = () => get<{ seq: number }>('select receipt_seq as seq from companies where id = 1').seq;
const salesWithRef = (refNo: string) => get<{ n: number }>('select count(*) as n from cash_sales where ref_no = ?', refNo).n;
const unitStatus = (id: number) => get<{ status: string }>('select status from item_specs where id = ?', id).status;
const receiptNumber = (receiptNo: string) => Number(receiptNo.replace(/^R/, ''));

/** A sale of one serialised unit whose payment channel the injected trigger refuses: it fails after writing its header and lines. */
function failingAfterWrites(unitSkip: number): { body: SaveCashSaleBody; unitId: number } {
  const [unit] = unitsInStock(server.store, 1, 1, unitSkip);
  const body = saleBody(refs, [unitLine(unit!)], { over: { refNo: 'GROUP-FAILS' } });
  body.channelsDto = [{ channelId: refs.channels.CASH, referenceNo: 'FAIL-ME', amount: body.amountPaid }];
  return { body, unitId: unit!.id };
}

function withFailingChannel<T>(run: () => Promise<T>): Promise<T> {
  server.store.sqlite.exec(
    `create temp trigger fail_channel before insert on cash_sale_channels when new.reference_no = 'FAIL-ME' begin select raise(abort, 'injected failure'); end`,
  );
  return run().finally(() => server.store.sqlite.exec('drop trigger temp.fail_channel'));
}

describe('group commit of cash sales', () => {
  it('in one transaction, a save that fails rolls back only itself; the others commit with gap-free receipt numbers', async () => {
    const failing = failingAfterWrites(40);
    const seqBefore = receiptSeq();
    // Saves arriving together are committed as one group: one transaction, each save in a savepoint.
    const settled = await withFailingChannel(() =>
      Promise.allSettled([
        saveCashSaleInGroup(server.store, { body: saleBody(refs, [accessoryLine(refs)], { over: { refNo: 'GROUP-A' } }), callerCompanyId: 1 }),
        saveCashSaleInGroup(server.store, { body: failing.body, callerCompanyId: 1 }),
        saveCashSaleInGroup(server.store, { body: saleBody(refs, [accessoryLine(refs)], { over: { refNo: 'GROUP-C' } }), callerCompanyId: 1 }),
      ]),
    );
    expect(settled.map((s) => s.status === 'fulfilled')).toEqual([true, false, true]);
    const [a, , c] = settled.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
    expect(salesWithRef('GROUP-A')).toBe(1);
    expect(salesWithRef('GROUP-C')).toBe(1);
    expect(salesWithRef('GROUP-FAILS')).toBe(0);
    expect(unitStatus(failing.unitId)).toBe('in_stock');
    // The failed save's receipt number went back: the next save took it.
    expect(receiptNumber(c!.receiptNo)).toBe(receiptNumber(a!.receiptNo) + 1);
    expect(receiptSeq()).toBe(seqBefore + 2);
  });

  it('saves arriving together share one transaction; each hears its own result after the commit', async () => {
    const failing = failingAfterWrites(41);
    // Commits counted from another connection to the file: its `pragma data_version` moves when
    // it sees that another connection committed since it last looked (by one however many commits
    // it missed), so it is read as each save is answered too: a save answered before a later
    // commit would see an older version than the one after.
    const observer = new Database(server.dbFile, { readonly: true });
    const dataVersion = () => observer.pragma('data_version', { simple: true }) as number;
    try {
      const before = dataVersion();
      const versionAnswered: number[] = [];
      const answered = <T>(save: Promise<T>, i: number) =>
        save.finally(() => {
          versionAnswered[i] = dataVersion();
        });
      const settled = await withFailingChannel(() =>
        Promise.allSettled([
          answered(
            saveCashSaleInGroup(server.store, { body: saleBody(refs, [accessoryLine(refs)], { over: { refNo: 'TOGETHER-A' } }), callerCompanyId: 1 }),
            0,
          ),
          answered(saveCashSaleInGroup(server.store, { body: failing.body, callerCompanyId: 1 }), 1),
          answered(
            saveCashSaleInGroup(server.store, { body: saleBody(refs, [accessoryLine(refs)], { over: { refNo: 'TOGETHER-C' } }), callerCompanyId: 1 }),
            2,
          ),
        ]),
      );
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      // One commit: each save was answered after it (the version had moved), none before another.
      expect(versionAnswered).toEqual([before + 1, before + 1, before + 1]);
      expect(dataVersion()).toBe(before + 1);
      const [a, , c] = settled.map((s) => (s.status === 'fulfilled' ? (s.value as SaveCashSaleResult) : undefined));
      expect(receiptNumber(c!.receiptNo)).toBe(receiptNumber(a!.receiptNo) + 1);
    } finally {
      observer.close();
    }
    expect(salesWithRef('TOGETHER-A')).toBe(1);
    expect(salesWithRef('TOGETHER-C')).toBe(1);
    expect(salesWithRef('GROUP-FAILS')).toBe(0);
    expect(unitStatus(failing.unitId)).toBe('in_stock');
  });

  it('over HTTP, concurrent saves where one fails: the others are saved, the failed one is absent', async () => {
    const failing = failingAfterWrites(42);
    const bodies = [0, 1, 2, 3].map((i) => saleBody(refs, [accessoryLine(refs)], { over: { refNo: `HTTP-GROUP-${i}` } }));
    const responses = await withFailingChannel(() =>
      Promise.all(
        [...bodies.slice(0, 2), failing.body, ...bodies.slice(2)].map((body) => server.request('POST', SAVE, { token: server.tokenFor(1, 'cashier'), body })),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 500, 200, 200]);
    for (const body of bodies) expect(salesWithRef(body.refNo)).toBe(1);
    expect(salesWithRef('GROUP-FAILS')).toBe(0);
    expect(unitStatus(failing.unitId)).toBe('in_stock');
    const numbers = responses
      .filter((r) => r.status === 200)
      .map((r) => receiptNumber(r.body.receiptNo))
      .sort((x, y) => x - y);
    expect(numbers.at(-1)! - numbers[0]!).toBe(numbers.length - 1);
  });
});
