/**
 * `shopprop local statement prepare|approve|mark-paid` on a store holding the Baobab Court
 * fixture: what each step prints, and the figures the statement keeps (hand-worked in
 * test/fixtures/baobab-court.ts). In-process, with the run's clock fixed.
 */
import { describe, expect, it } from 'vitest';
import { seedCompanies } from '../../../src/store/sqlite/demo/core-demo.js';
import { openStore } from '../../../src/store/sqlite/open-db.js';
import { MARCH_COMBINED_STATEMENT } from '../../fixtures/baobab-court.js';
import { importBaobab } from '../../helpers/baobab-store.js';
import { freshHomeEachTest, type CliHome } from '../../helpers/cli-home.js';

const home = freshHomeEachTest();
const APRIL_5 = Date.UTC(2026, 3, 5, 7);
const APRIL_9 = Date.UTC(2026, 3, 9, 12);
const APRIL_12 = Date.UTC(2026, 3, 12, 8, 30);

async function baobabHome(h: CliHome): Promise<{ propertyId: number; landlordId: number }> {
  const store = await openStore(h.db);
  try {
    store.sqlite.transaction(() => seedCompanies(store))();
    return await importBaobab(store, 1);
  } finally {
    await store.close();
  }
}

/** The one statement record a workflow step prints as JSON. */
function printed(stdout: string): Record<string, unknown> {
  const records = JSON.parse(stdout) as Record<string, unknown>[];
  expect(records).toHaveLength(1);
  return records[0]!;
}

describe('the landlord statement workflow from the command line', () => {
  it('prepares a FINAL statement of March with the hand-worked figures, approves it, marks it paid, and lists it as paid', async () => {
    const h = home();
    const { propertyId, landlordId } = await baobabHome(h);
    const local = (args: string[], now: number) => h.cli([...args, '--format', 'json', '--raw'], { now: () => now });

    const prepared = await local(
      ['local', 'statement', 'prepare', '--company', '1', '--property', String(propertyId), '--month', '3', '--year', '2026', '--final'],
      APRIL_5,
    );
    expect(prepared.code, prepared.stderr).toBe(0);
    const statement = printed(prepared.stdout);
    expect(statement).toMatchObject({
      ...MARCH_COMBINED_STATEMENT,
      statementType: 'FINAL',
      month: 'MARCH',
      year: 2026,
      propertyName: 'Baobab Court',
      datePrepared: APRIL_5,
    });
    expect(prepared.stderr).toBe(`prepared FINAL statement ${statement.id} (Baobab Court, MARCH 2026, net due 46,912.00)\n`);

    const early = await local(['local', 'statement', 'mark-paid', String(statement.id)], APRIL_9);
    expect(early.code).toBe(2);
    expect(early.stderr).toBe(`shopprop: statement ${statement.id} is not approved for payment yet; approve it first\n`);

    const approved = await local(['local', 'statement', 'approve', String(statement.id)], APRIL_9);
    expect(approved.code, approved.stderr).toBe(0);
    expect(printed(approved.stdout)).toMatchObject({ id: statement.id, approvedForPmt: 'YES', dateApproved: APRIL_9, amtPyble: 46912 });
    expect(approved.stderr).toBe(`approved statement ${statement.id} (Baobab Court, MARCH 2026, net due 46,912.00)\n`);

    const paid = await local(['local', 'statement', 'mark-paid', String(statement.id)], APRIL_12);
    expect(paid.code, paid.stderr).toBe(0);
    expect(printed(paid.stdout)).toMatchObject({ id: statement.id, amtPyble: 46912 });
    expect(paid.stderr).toBe(`marked paid statement ${statement.id} (Baobab Court, MARCH 2026, net due 46,912.00)\n`);

    // What was stored: the list reads the statement back from the store, figures and all.
    const listed = await h.cli(['statements', '--company', '1', '--landlord', String(landlordId), '--status', 'YES', '--format', 'json', '--raw']);
    expect(listed.code, listed.stderr).toBe(0);
    const stored = JSON.parse(listed.stdout) as Record<string, unknown>[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      ...MARCH_COMBINED_STATEMENT,
      id: statement.id,
      statementType: 'FINAL',
      approvedForPmt: 'YES',
      datePrepared: APRIL_5,
      dateApproved: APRIL_9,
    });
    const unpaid = await h.cli(['statements', '--company', '1', '--landlord', String(landlordId), '--status', 'NO', '--format', 'json']);
    expect(JSON.parse(unpaid.stdout)).toEqual([]);
    // Paying records the payment to the landlord: the net amount due, on the day it was marked.
    const store = await openStore(h.db);
    try {
      const row = store.sqlite
        .prepare('select paid_posted as paidPosted, date_paid as datePaid, amt_pyble_cents as amtPybleCents from statements where id = ?')
        .get(statement.id);
      expect(row).toEqual({ paidPosted: 'YES', datePaid: APRIL_12, amtPybleCents: 4_691_200 });
      const payments = store.sqlite
        .prepare('select amount_cents as amountCents, payment_date as date from landlord_payments where statement_id = ?')
        .all(statement.id);
      expect(payments).toEqual([{ amountCents: 4_691_200, date: APRIL_12 }]);
    } finally {
      await store.close();
    }
  });

  it('refuses a second FINAL of the month, a second approval and an unknown statement, each with its exit code', async () => {
    const h = home();
    const { propertyId } = await baobabHome(h);
    const prepare = ['local', 'statement', 'prepare', '--company', '1', '--property', String(propertyId), '--month', '3', '--year', '2026', '--final'];
    const first = await h.cli(prepare);
    expect(first.code, first.stderr).toBe(0);
    const id = Number(/statement (\d+)/.exec(first.stderr)![1]);
    const again = await h.cli(prepare);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already has a FINAL statement for 3\/2026/);
    expect((await h.cli(['local', 'statement', 'approve', String(id)])).code).toBe(0);
    const twice = await h.cli(['local', 'statement', 'approve', String(id)]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toBe(`shopprop: statement ${id} was already approved for payment\n`);
    const unknown = await h.cli(['local', 'statement', 'approve', '999']);
    expect(unknown.code).toBe(3);
    expect(unknown.stdout).toBe('');
  });
});
