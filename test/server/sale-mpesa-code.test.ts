/**
 * A sale's M-Pesa code over real HTTP, on both backends: a code not of M-Pesa's form is refused
 * (405 naming the field), a code another sale of the company used is refused (409 naming that
 * sale's receipt), also when two saves send it at the same moment; the sale that holds a code
 * may be saved again with it, and a save sent again under its Idempotency-Key is no conflict.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveCashSaleBody } from '../../src/contract/cash-sale.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { usePostgres } from '../helpers/postgres.js';
import { accessoryLine, companyRefs, saleBody, type CompanyRefs } from '../helpers/sale-fixtures.js';

const postgres = usePostgres();
const SAVE = '/api/inventorycashsale/save';

/** A fresh code for each test, so the tests of a file do not meet each other's codes. */
let codeSeq = 0;
const newCode = () => `SK${String(Date.now() % 1e6).padStart(6, '0')}${String(++codeSeq).padStart(2, '0')}`;

describe.each(BACKENDS)('on %s', (backend) => {
  let server: TestServer;
  let cashier: string;
  let refs: CompanyRefs;
  beforeAll(async () => {
    server = await startTestServer({ backend, postgres });
    cashier = server.tokenFor(1, 'cashier');
    refs = companyRefs(server.seeded, 1);
  });
  afterAll(async () => server.close());

  /** One accessory paid 100.00 in cash and the rest by M-Pesa with the code. */
  const paidByMpesa = (code: string, r: CompanyRefs = refs): SaveCashSaleBody => {
    const body = saleBody(r, [accessoryLine(r, 2)]);
    body.channelsDto = [
      { channelId: r.channels.CASH, referenceNo: '', amount: 100 },
      { channelId: r.channels.MPESA, referenceNo: code, amount: Math.round(body.amountPaid * 100 - 10_000) / 100 },
    ];
    return body;
  };
  const save = (body: unknown, headers?: Record<string, string>, token = cashier) => server.request('POST', SAVE, { token, body, headers });
  const salesCount = async () => Number((await server.rows<{ n: number }>('select count(*) as n from cash_sales'))[0]!.n);
  const receiptOf = async (id: number) => (await server.rows<{ receipt_no: string }>('select receipt_no from cash_sales where id = ?', id))[0]!.receipt_no;

  it("refuses a code not of M-Pesa's form, in lower case, or missing (405 naming the field); a cash reference is not checked", async () => {
    const before = await salesCount();
    for (const [code, words] of [
      ['abc', '"abc" is not an M-Pesa transaction code (ten capital letters and digits'],
      ['sj41h7qw2z', '"sj41h7qw2z" is not an M-Pesa transaction code'],
      ['SJ41H7QW2ZX', '"SJ41H7QW2ZX" is not an M-Pesa transaction code'],
      ['', 'an M-Pesa payment needs its transaction code'],
    ] as const) {
      const refused = await save(paidByMpesa(code));
      expect(refused.status, code).toBe(405);
      expect(refused.body.message).toContain(`channelsDto[1].referenceNo: ${words}`);
    }
    expect(await salesCount()).toBe(before);
    const cash = saleBody(refs, [accessoryLine(refs)]);
    cash.channelsDto![0]!.referenceNo = 'abc';
    expect((await save(cash)).status).toBe(200);
  });

  it('refuses a code another sale used (409 naming its receipt); per company; the sale itself may be saved again with it', async () => {
    const code = newCode();
    const first = await save(paidByMpesa(code));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await salesCount();

    const again = await save(paidByMpesa(code));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(again.body.message).toContain(
      `channelsDto[1].referenceNo: M-Pesa code ${code} was already used by receipt ${first.body.receiptNo} (sale ${first.body.id})`,
    );
    expect(await salesCount()).toBe(before);

    // The sale that holds the code, updated with its own code again: no conflict, the receipt kept.
    const update = await save({ ...paidByMpesa(code), id: first.body.id, notes: 'corrected' });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect(update.body.receiptNo).toBe(first.body.receiptNo);
    expect((await save(paidByMpesa(code))).status).toBe(409);

    // Another company may hold the same code (codes are checked per company).
    const refs2 = companyRefs(server.seeded, 2);
    const other = await save(paidByMpesa(code, refs2), undefined, server.tokenFor(2, 'cashier'));
    expect(other.status, JSON.stringify(other.body)).toBe(200);

    // One sale naming one code twice is refused as input.
    const newOne = newCode();
    const twice = saleBody(refs, [accessoryLine(refs, 2)]);
    twice.channelsDto = [
      { channelId: refs.channels.MPESA, referenceNo: newOne, amount: 100 },
      { channelId: refs.channels.MPESA, referenceNo: newOne, amount: Math.round(twice.amountPaid * 100 - 10_000) / 100 },
    ];
    const refusedTwice = await save(twice);
    expect(refusedTwice.status).toBe(405);
    expect(refusedTwice.body.message).toContain(`channelsDto[1].referenceNo: ${newOne} is already the code of channelsDto[0]`);
  });

  it('answers a save sent again under its Idempotency-Key with the first sale, not a conflict', async () => {
    const body = paidByMpesa(newCode());
    const key = randomUUID();
    const first = await save(body, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    const replay = await save(body, { 'Idempotency-Key': key });
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ id: first.body.id, receiptNo: first.body.receiptNo });
  });

  it('two saves of one code at the same moment: exactly one is saved, the other is refused naming its receipt', async () => {
    for (let round = 0; round < 3; round++) {
      const code = newCode();
      const before = await salesCount();
      const answers = await Promise.all([save(paidByMpesa(code)), save(paidByMpesa(code)), save(paidByMpesa(code))]);
      const saved = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status !== 200);
      expect(saved.map((a) => a.status)).toEqual([200]);
      expect(refused.map((a) => a.status)).toEqual([409, 409]);
      const receipt = await receiptOf(saved[0]!.body.id);
      for (const answer of refused) expect(answer.body.message).toContain(`M-Pesa code ${code} was already used by receipt ${receipt}`);
      expect(await salesCount()).toBe(before + 1);
      const held = await server.rows<{ n: number }>('select count(*) as n from cash_sale_channels where company_id = 1 and reference_no = ?', code);
      expect(Number(held[0]!.n)).toBe(1);
    }
  });
});
