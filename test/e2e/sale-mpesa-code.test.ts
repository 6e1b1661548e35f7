/**
 * A sale's M-Pesa code with the built binary on the local store: at a terminal (a
 * pseudo-terminal) a code not of M-Pesa's form is asked for again and one typed in lower case
 * is taken in capitals; piped, a malformed code is refused (exit 2, the field named) and a code
 * the terminal's sale used is refused naming that sale's receipt (409, exit 2), nothing saved.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { demoHome } from '../helpers/demo-store.js';
import { KEY, spawnPty } from '../helpers/pty-cli.js';
import { readRows } from '../helpers/read-store.js';
import { runCli } from '../helpers/run-cli.js';
import { accessoryLine, companyRefs, saleBody, type CompanyRefs } from '../helpers/sale-fixtures.js';

const { dir: home, db } = demoHome();
let refs: CompanyRefs;

beforeAll(async () => {
  const store = await openStore(db);
  try {
    refs = companyRefs(store, 1);
  } finally {
    await store.close();
  }
}, 60_000);

const salesCount = () => readRows<{ n: number }>(db, 'select count(*) as n from cash_sales')[0]!.n;

/** A sale paid wholly by M-Pesa with the code, as a file piped to `sale save --file -`. */
const paidByMpesa = (code: string, refNo: string) => {
  const body = saleBody(refs, [accessoryLine(refs)], { over: { refNo, paymentMethod: 'MPESA', transactionType: 'MPESA' } });
  body.channelsDto = [{ channelId: refs.channels.MPESA, referenceNo: code, amount: body.amountPaid }];
  return JSON.stringify(body);
};

describe('the M-Pesa code of a sale', () => {
  it('is asked for again at the terminal until it fits, taken in capitals; the same code piped again is refused naming the receipt', async () => {
    const term = spawnPty(['--db', db, 'sale', 'save', '--company', '1', '--shop', '1'], { home });
    const ready = (text: string | RegExp) => term.waitForNext(text);
    try {
      await ready('Customer name');
      term.type(`Amina Wanjiru${KEY.enter}`);
      await ready('Customer phone');
      term.type(`0722000111${KEY.enter}`);
      await ready('Add an item');
      term.type('usb-c cable');
      await ready(/❯ USB-C cable 1m \(/);
      term.type(KEY.enter);
      await ready('Quantity');
      term.type(KEY.enter);
      await ready('Unit price');
      term.type(KEY.enter);
      await ready('Discount on this line');
      term.type(KEY.enter);
      await ready('Done: go to payment (1 line');
      term.type(KEY.enter);
      await ready('Paid by (total');
      term.type(KEY.down);
      await ready(/❯ M-Pesa till 512345 \(MPESA\)/);
      term.type(KEY.enter);
      await ready('Amount by M-Pesa');
      term.type(KEY.enter);
      await ready('M-Pesa transaction code');
      term.type(`abc${KEY.enter}`);
      await ready('an M-Pesa code is ten letters and digits, e.g. SJ41H7QW2Z (this is 3 characters)');
      term.type(`${KEY.backspace.repeat(3)}sk12ab34cd${KEY.enter}`);
      await ready('What next?');
      expect(term.screen()).toContain('by M-Pesa till 512345 (SK12AB34CD)');
      term.type(KEY.enter); // Save
      await ready(/receipt R\d{6}\s+sale \d+/);
      expect(await term.exited).toBe(0);
    } finally {
      term.kill();
    }
    const [, receiptNo, saleId] = /receipt (R\d{6})\s+sale (\d+)/.exec(term.screen())!;
    expect(readRows(db, 'select c.reference_no, c.mpesa_code from cash_sale_channels c where c.sale_id = ?', Number(saleId))).toEqual([
      { reference_no: 'SK12AB34CD', mpesa_code: 'SK12AB34CD' },
    ]);

    const before = salesCount();
    const again = await runCli(['--db', db, 'sale', 'save', '--file', '-'], { home, input: paidByMpesa('SK12AB34CD', 'PIPED-AGAIN') });
    expect(again.code, again.stderr).toBe(2);
    // The local store's refusal in its own words: no HTTP status, since no request went over a network.
    expect(again.stderr).toContain('cash sale save failed: ');
    expect(again.stderr).not.toContain('HTTP');
    expect(again.stderr).toContain(`M-Pesa code SK12AB34CD was already used by receipt ${receiptNo} (sale ${saleId})`);
    expect(salesCount()).toBe(before);
  }, 90_000);

  it("piped: a code not of M-Pesa's form is refused naming the field; a fresh code is saved", async () => {
    const before = salesCount();
    const bad = await runCli(['--db', db, 'sale', 'save', '--file', '-'], { home, input: paidByMpesa('abc', 'PIPED-BAD') });
    expect(bad.code, bad.stderr).toBe(2);
    expect(bad.stderr).toContain('channelsDto[0].referenceNo: "abc" is not an M-Pesa transaction code');
    expect(salesCount()).toBe(before);

    const good = await runCli(['--db', db, 'sale', 'save', '--file', '-'], { home, input: paidByMpesa('QX98ZT54LM', 'PIPED-GOOD') });
    expect(good.code, good.stderr).toBe(0);
    expect(salesCount()).toBe(before + 1);
  }, 60_000);
});
