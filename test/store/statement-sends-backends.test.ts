/**
 * Statements e-mailed to landlords, recorded the same on both engines: a send names the
 * property's statement of a month and type, so a month's INTERIM prepared again (a new row, the
 * old one deleted) is still sent, and a FINAL after it is not; another company's statement is
 * refused as if it did not exist.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopStore } from '../../src/store/open/open-shop-store.js';
import type { ShopStore } from '../../src/store/shop-store.js';
import { usePostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const postgres = usePostgres();
const temp = makeTempDir();
afterAll(() => temp.remove());

const REFERENCE: [Parameters<ShopStore['importLedger']>[1], string][] = [
  ['landlords', 'code,name\nL1,Wanjiru\n'],
  ['properties', 'code,name,landlord_code\nP0001,Mvule House,L1\nP0002,Baobab Court,L1\n'],
  ['units', 'property_code,unit_no,market_rent\nP0001,A1,40000\nP0002,1,2000\n'],
];
const SENT_AT = Date.UTC(2026, 10, 2, 9, 0, 0);

const engines = [
  { name: 'SQLite', open: async () => openShopStore(join(temp.dir, `shop-${Math.random().toString(36).slice(2)}.db`)) },
  { name: 'PostgreSQL', open: async () => openShopStore(await postgres.createDatabase()) },
];

describe.each(engines)('statement sends on $name', (engine) => {
  let store: ShopStore;
  let company: number;
  let other: number;
  let properties: number[];
  const prepare = async (propertyId: number, final = false) =>
    (await store.prepareStatement({ companyId: company, propertyId, month: 10, year: 2026, final, preparedByUserId: null, now: () => SENT_AT })).id;

  beforeAll(async () => {
    store = await engine.open();
    company = (await store.setUpCompany({ name: 'Savanna' })).companyId;
    other = (await store.setUpCompany({ name: 'Other' })).companyId;
    for (const [kind, csv] of REFERENCE) await store.importLedger(company, kind, csv);
    properties = (await store.localList('properties', company)).map((p) => (p as { id: number }).id);
  }, 60_000);
  afterAll(() => store.close());

  it("records a message's statements and reads them back by property and month; a draft prepared again stays sent", async () => {
    const [first, second] = [await prepare(properties[0]!), await prepare(properties[1]!)];
    const recorded = await store.recordStatementSend({
      companyId: company,
      statementIds: [first, second],
      recipient: 'wanjiru@example.com',
      sentAt: SENT_AT,
      messageId: '<m1@shop>',
    });
    expect(recorded.map((r) => [r.propertyId, r.year, r.month, r.statementType, r.statementId])).toEqual([
      [properties[0], 2026, 10, 'INTERIM', first],
      [properties[1], 2026, 10, 'INTERIM', second],
    ]);

    const again = await prepare(properties[0]!);
    expect(again).not.toBe(first);
    const sends = await store.statementSends({ companyId: company, year: 2026, month: 10, propertyIds: [properties[0]!] });
    expect(sends).toEqual([
      {
        propertyId: properties[0],
        year: 2026,
        month: 10,
        statementType: 'INTERIM',
        statementId: first,
        recipient: 'wanjiru@example.com',
        sentAt: SENT_AT,
        messageId: '<m1@shop>',
      },
    ]);
    expect(await store.statementSends({ companyId: company, year: 2026, month: 9, propertyIds: properties })).toEqual([]);
    expect(await store.statementSends({ companyId: other, year: 2026, month: 10, propertyIds: properties })).toEqual([]);
  });

  it('refuses a statement of another company, recording nothing of the message', async () => {
    const mine = await prepare(properties[1]!, true);
    await expect(store.recordStatementSend({ companyId: other, statementIds: [mine], recipient: 'x@example.com', sentAt: SENT_AT })).rejects.toMatchObject({
      kind: 'notFound',
    });
    await expect(
      store.recordStatementSend({ companyId: company, statementIds: [mine, 999_999], recipient: 'x@example.com', sentAt: SENT_AT }),
    ).rejects.toMatchObject({ kind: 'notFound' });
    const finals = (await store.statementSends({ companyId: company, year: 2026, month: 10, propertyIds: [properties[1]!] })).filter(
      (s) => s.statementType === 'FINAL',
    );
    expect(finals).toEqual([]);
  });
});
