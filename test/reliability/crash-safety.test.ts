/**
 * Crash safety of the save: a few hundred concurrent saves against the standalone server, which
 * is SIGKILLed after 10%, 50% and 90% of the answers (one round each, on the same file, so every
 * round also recovers from the crash before it). After each crash the server restarts on the
 * file, and then:
 * - every save answered 200 is there, with all the lines and channels it was sent with;
 * - no sale is partial, answered or not (a sale of ours has exactly the lines and channels sent);
 * - no serialised unit is both in stock and sold, and each sold unit has exactly one live line;
 *   of two requests racing for one unit at most one was answered 200;
 * - receipt numbers of each company are R000001..receipt_seq, no gaps, no duplicates;
 * - PRAGMA integrity_check and foreign_key_check pass.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveCashSaleBody } from '../../src/contract/cash-sale.js';
import { toCents } from '../../src/domain/money.js';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { accessoryLine, companyRefs, saleBody, unitLine, unitsInStock, type CompanyRefs, type UnitRef } from '../helpers/sale-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { seedDemoFile, startStandalone, stopStandalone, type ServerProcess } from './standalone-server.js';

const SAVE = '/api/inventorycashsale/save';
const CONNECTIONS = 64;
// Each kill leaves more requests than the pool has connections, so some are still waiting when
// the server dies, whatever the machine's speed: every round is a crash in mid-batch.
const KILL_POINTS = [0.1, 0.4, 0.6];

/** Per round and company: units sold (the first `contended` of them by two requests each) and plain sales. */
const PLAN = {
  1: { units: 60, contended: 20, plain: 100 },
  2: { units: 8, contended: 3, plain: 25 },
} as const;

interface SaveRequest {
  refNo: string;
  companyId: 1 | 2;
  body: SaveCashSaleBody;
  /** The unit the request sells, if any. */
  unitId?: number;
}

interface Outcome {
  request: SaveRequest;
  status?: number;
  body?: { id?: number; receiptNo?: string; message?: string; success?: string };
  error?: string;
}

const temp = makeTempDir('shopprop-crash-');
let dbFile: string;
const tokens: Record<1 | 2, string> = { 1: '', 2: '' };
const rounds: SaveRequest[][] = [];
let server: ServerProcess | undefined;

beforeAll(async () => {
  const seeded = await seedDemoFile(temp.dir, [
    { companyId: 1, role: 'cashier' },
    { companyId: 2, role: 'cashier' },
  ]);
  dbFile = seeded.dbFile;
  tokens[1] = seeded.tokens[0]!;
  tokens[2] = seeded.tokens[1]!;
  // Bodies of every round are built up front, from distinct units, the way the server tests do.
  const store = await openStore(dbFile);
  try {
    const refs = { 1: companyRefs(store, 1), 2: companyRefs(store, 2) };
    const units = {
      1: unitsInStock(store, 1, PLAN[1].units * KILL_POINTS.length),
      2: unitsInStock(store, 2, PLAN[2].units * KILL_POINTS.length),
    };
    for (let round = 0; round < KILL_POINTS.length; round++) {
      const requests: SaveRequest[] = [];
      for (const companyId of [1, 2] as const) {
        const plan = PLAN[companyId];
        expect(units[companyId].length).toBe(plan.units * KILL_POINTS.length);
        const mine = units[companyId].slice(round * plan.units, (round + 1) * plan.units);
        mine.forEach((unit, i) => {
          requests.push(unitSale(refs[companyId], unit, `CRASH-${round}-${companyId}-U${i}-A`, i));
          if (i < plan.contended) requests.push(unitSale(refs[companyId], unit, `CRASH-${round}-${companyId}-U${i}-B`, i + 1));
        });
        for (let i = 0; i < plan.plain; i++) requests.push(plainSale(refs[companyId], `CRASH-${round}-${companyId}-P${i}`, i));
      }
      // A fixed shuffle, so the racing pair of a unit is not always sent back to back.
      rounds.push(fc.sample(fc.shuffledSubarray(requests, { minLength: requests.length, maxLength: requests.length }), { numRuns: 1, seed: 4242 + round })[0]!);
    }
  } finally {
    await store.close();
  }
});

afterAll(async () => {
  if (server) await stopStandalone(server);
  temp.remove();
});

/** A phone (serialised unit), with an accessory and a split payment on every other sale. */
function unitSale(refs: CompanyRefs, unit: UnitRef, refNo: string, variant: number): SaveRequest {
  const lines = variant % 2 === 0 ? [unitLine(unit)] : [unitLine(unit), accessoryLine(refs, 2, 50)];
  const body = saleBody(refs, lines, { over: { refNo, issuedTo: `Crash customer ${refNo}` } });
  if (variant % 2 === 1) {
    const mpesa = Math.round(toCents(body.amountPaid) / 3) / 100;
    body.channelsDto = [
      { channelId: refs.channels.MPESA, referenceNo: mpesaCodeOf(refNo), amount: mpesa },
      { channelId: refs.channels.CASH, referenceNo: '', amount: (toCents(body.amountPaid) - toCents(mpesa)) / 100 },
    ];
  }
  return { refNo, companyId: refs.companyId as 1 | 2, body, unitId: unit.id };
}

/** A made-up M-Pesa code of its own for each sale (ten capital letters and digits): one code pays one sale. */
function mpesaCodeOf(refNo: string): string {
  return createHash('sha256').update(refNo).digest('hex').slice(0, 10).toUpperCase();
}

/** Accessories only, sometimes part-paid (a credit balance). */
function plainSale(refs: CompanyRefs, refNo: string, variant: number): SaveRequest {
  const lines = [accessoryLine(refs, 1 + (variant % 3))];
  if (variant % 4 === 0) lines.push(accessoryLine(refs, 1, 10));
  const full = saleBody(refs, lines);
  const paid = variant % 5 === 0 ? Math.floor(full.totalAmount / 2) : undefined;
  const body = saleBody(refs, lines, { paid, over: { refNo, issuedTo: `Crash customer ${refNo}` } });
  return { refNo, companyId: refs.companyId as 1 | 2, body };
}

/** Sends every request at once; SIGKILLs the server when `killAfter` answers have arrived. */
async function sendAndKill(url: string, requests: SaveRequest[], killAfter: number, target: ServerProcess): Promise<Outcome[]> {
  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1 });
  let answered = 0;
  try {
    return await Promise.all(
      requests.map(async (request): Promise<Outcome> => {
        try {
          const response = await pool.request({
            path: SAVE,
            method: 'POST',
            headers: { authorization: `Bearer ${tokens[request.companyId]}`, 'content-type': 'application/json' },
            body: JSON.stringify(request.body),
          });
          const text = await response.body.text();
          answered++;
          if (answered === killAfter) target.child.kill('SIGKILL');
          return { request, status: response.statusCode, body: JSON.parse(text) };
        } catch (error) {
          return { request, error: (error as Error).message };
        }
      }),
    );
  } finally {
    await pool.destroy();
  }
}

interface SaleRow {
  id: number;
  company_id: number;
  receipt_no: string;
  ref_no: string;
  total_amount_cents: number;
  amount_paid_cents: number;
}

/** Checks the file as a whole, and the sales of the round against what was sent and answered. */
function checkStore(outcomes: Outcome[]): { committedWithoutAnswer: number } {
  const db = new Database(dbFile, { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);

    const byRef = new Map<string, SaleRow>();
    for (const row of db
      .prepare(`select id, company_id, receipt_no, ref_no, total_amount_cents, amount_paid_cents from cash_sales where ref_no like 'CRASH-%'`)
      .all() as SaleRow[]) {
      expect(byRef.has(row.ref_no), `refNo ${row.ref_no} saved twice`).toBe(false);
      byRef.set(row.ref_no, row);
    }
    const linesOf = db.prepare('select item_spec_id, line_total_cents from cash_sale_lines where sale_id = ? order by line_no');
    const channelsOf = db.prepare('select channel_id, amount_cents from cash_sale_channels where sale_id = ? order by id');

    let committedWithoutAnswer = 0;
    for (const outcome of outcomes) {
      const { request } = outcome;
      const row = byRef.get(request.refNo);
      if (outcome.status === 200) {
        expect(row, `${request.refNo} was answered 200 but is not in the store`).toBeDefined();
        expect(outcome.body).toMatchObject({ success: 'true', id: row!.id, receiptNo: row!.receipt_no });
      } else if (outcome.status !== undefined) {
        // Only the loser of a race for a unit may be refused, and it saved nothing.
        expect(outcome.status, `${request.refNo}: ${JSON.stringify(outcome.body)}`).toBe(405);
        expect(request.unitId).toBeDefined();
        expect(outcome.body?.message).toMatch(/already sold/);
        expect(row, `${request.refNo} was refused but saved`).toBeUndefined();
      } else if (row) {
        committedWithoutAnswer++;
      }
      if (!row) continue;
      // Whole or nothing: the lines and channels as sent.
      const lines = linesOf.all(row.id) as { item_spec_id: number | null; line_total_cents: number }[];
      expect(lines).toEqual(request.body.itemIssuesDto.map((l) => ({ item_spec_id: l.invItemSpecsId ?? null, line_total_cents: toCents(l.lineTotal) })));
      const channels = channelsOf.all(row.id) as { channel_id: number; amount_cents: number }[];
      expect(channels).toEqual((request.body.channelsDto ?? []).map((c) => ({ channel_id: c.channelId, amount_cents: toCents(c.amount) })));
      expect(row.total_amount_cents).toBe(toCents(request.body.totalAmount));
      expect(row.amount_paid_cents).toBe(toCents(request.body.amountPaid));
    }

    // Of two requests for one unit, at most one succeeded (answered or found in the store).
    const winners = new Map<number, string[]>();
    for (const outcome of outcomes) {
      if (outcome.request.unitId === undefined || !byRef.has(outcome.request.refNo)) continue;
      winners.set(outcome.request.unitId, [...(winners.get(outcome.request.unitId) ?? []), outcome.request.refNo]);
    }
    for (const [unitId, refs] of winners) expect(refs, `unit ${unitId}`).toHaveLength(1);

    // Every sale of the file is whole: lines sum to its total, channels (when any) to what was paid.
    expect(
      db
        .prepare(
          `select s.id from cash_sales s
            where s.total_amount_cents <> coalesce((select sum(line_total_cents) from cash_sale_lines l where l.sale_id = s.id), -1)
               or (exists (select 1 from cash_sale_channels c where c.sale_id = s.id)
                   and s.amount_paid_cents <> (select sum(amount_cents) from cash_sale_channels c where c.sale_id = s.id))`,
        )
        .all(),
    ).toEqual([]);

    // Units: sold <=> exactly one live line names it, and it is the line the unit points to.
    expect(
      db.prepare(`select item_spec_id, count(*) as n from cash_sale_lines where item_spec_id is not null group by item_spec_id having n > 1`).all(),
    ).toEqual([]);
    expect(
      db
        .prepare(
          `select u.id, u.status, u.sold_line_id, l.id as line_id from item_specs u left join cash_sale_lines l on l.item_spec_id = u.id
            where (u.status = 'in_stock' and (l.id is not null or u.sold_line_id is not null))
               or (u.status = 'sold' and (l.id is null or u.sold_line_id is not l.id))`,
        )
        .all(),
    ).toEqual([]);
    // A unit of the round is sold exactly when one of the requests for it is in the store.
    const unitSaved = new Map<number, boolean>();
    for (const { request } of outcomes) {
      if (request.unitId !== undefined) unitSaved.set(request.unitId, (unitSaved.get(request.unitId) ?? false) || byRef.has(request.refNo));
    }
    const statusOf = db.prepare('select status from item_specs where id = ?');
    for (const [unitId, saved] of unitSaved) expect((statusOf.get(unitId) as { status: string }).status, `unit ${unitId}`).toBe(saved ? 'sold' : 'in_stock');
    // A request refused as "already sold" lost to the other request for its unit.
    for (const { request, status } of outcomes) if (status === 405) expect(unitSaved.get(request.unitId!), request.refNo).toBe(true);

    // Receipt numbers: R000001..receipt_seq per company, each once; the sale count agrees.
    for (const { id, receipt_seq } of db.prepare('select id, receipt_seq from companies').all() as { id: number; receipt_seq: number }[]) {
      const numbers = (db.prepare('select receipt_no from cash_sales where company_id = ?').all(id) as { receipt_no: string }[]).map((r) => r.receipt_no);
      expect(
        numbers.every((n) => /^R\d{6,}$/.test(n)),
        `company ${id} receipt format`,
      ).toBe(true);
      const sorted = numbers.map((n) => Number(n.slice(1))).sort((a, b) => a - b);
      expect(sorted.length, `company ${id} sales vs receipt_seq`).toBe(receipt_seq);
      expect(
        sorted.every((n, i) => n === i + 1),
        `company ${id} receipts have gaps or duplicates`,
      ).toBe(true);
      const stats = db.prepare('select count from cash_sale_stats where company_id = ?').get(id) as { count: number } | undefined;
      expect(stats?.count ?? 0, `company ${id} maintained sale count`).toBe(numbers.length);
    }
    return { committedWithoutAnswer };
  } finally {
    db.close();
  }
}

describe('saves survive SIGKILL of the server', () => {
  KILL_POINTS.forEach((point, round) => {
    it(`killed after ${point * 100}% of the answers: acknowledged sales are whole, nothing partial, no unit sold twice, receipts gapless`, async () => {
      const requests = rounds[round]!;
      const killAfter = Math.max(1, Math.floor(requests.length * point));
      server = await startStandalone(dbFile);
      const outcomes = await sendAndKill(server.url, requests, killAfter, server);
      expect(await server.exited).toBe('SIGKILL');
      server = undefined;

      const answered = outcomes.filter((o) => o.status !== undefined);
      expect(answered.length).toBeGreaterThanOrEqual(killAfter);
      expect(requests.length - killAfter).toBeGreaterThan(CONNECTIONS);
      // The crash hit the middle of the batch: some requests never got an answer.
      expect(answered.length).toBeLessThan(requests.length);

      // Restart on the same file: it opens, and serves every acknowledged sale.
      server = await startStandalone(dbFile);
      const saved = answered.filter((o) => o.status === 200);
      for (const companyId of [1, 2] as const) {
        const response = await fetch(new URL(`/api/inventorycashsale/list?companyId=${companyId}`, server.url), {
          headers: { authorization: `Bearer ${tokens[companyId]}` },
        });
        expect(response.status).toBe(200);
        const list = ((await response.json()) as { list: { id: number; receiptNo: string; refNo: string }[] }).list;
        const listed = new Map(list.map((r) => [r.id, r]));
        for (const outcome of saved.filter((o) => o.request.companyId === companyId)) {
          expect(listed.get(outcome.body!.id!), outcome.request.refNo).toMatchObject({ receiptNo: outcome.body!.receiptNo, refNo: outcome.request.refNo });
        }
      }
      // The sequence goes on from where the crash left it.
      const before = new Database(dbFile, { readonly: true });
      const seq = (before.prepare('select receipt_seq from companies where id = 2').get() as { receipt_seq: number }).receipt_seq;
      before.close();
      const probe = rounds[round]!.find((r) => r.companyId === 2 && r.unitId === undefined)!;
      const after = await fetch(new URL(SAVE, server.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[2]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...probe.body, refNo: `PROBE-${round}` }),
      });
      expect(after.status).toBe(200);
      expect(((await after.json()) as { receiptNo: string }).receiptNo).toBe(`R${String(seq + 1).padStart(6, '0')}`);
      expect(await stopStandalone(server)).toBe(0);
      server = undefined;

      const { committedWithoutAnswer } = checkStore(outcomes);
      const count = (status: number) => outcomes.filter((o) => o.status === status).length;
      console.log(
        `kill at ${point * 100}%: ${requests.length} saves sent, ${count(200)} answered 200, ${count(405)} refused (unit raced), ` +
          `${requests.length - answered.length} unanswered, of which ${committedWithoutAnswer} committed`,
      );
    });
  });
});
