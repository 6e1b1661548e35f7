/**
 * A cashier never loses a sale to the interface: in a pseudo-terminal against the local store,
 * a sold phone's IMEI is answered with the receipt that sold it; a phone sold at another till
 * while the sale is on the summary is refused by the server, the cashier is back at the summary
 * with the reason, removes the line and saves the rest under the same Idempotency-Key.
 */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/sqlite/open-db.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { demoHome } from '../helpers/demo-store.js';
import { KEY, spawnPty } from '../helpers/pty-cli.js';
import { readRows } from '../helpers/read-store.js';
import { companyRefs, saleBody, unitLine, unitsInStock, type CompanyRefs, type UnitRef } from '../helpers/sale-fixtures.js';

const { dir: home, db } = demoHome();

let refs: CompanyRefs;
let phone: UnitRef;
let sold: { imei1: string; receiptNo: string; issueDate: number; user: string; shop: string };

beforeAll(async () => {
  const store = await openStore(db);
  try {
    refs = companyRefs(store, 1);
    phone = unitsInStock(store, 1, 1, 3)[0]!;
    sold = store.sqlite
      .prepare(
        `select u.imei1, s.receipt_no as receiptNo, s.issue_date as issueDate, usr.name as user, sh.name as shop
           from item_specs u join cash_sale_lines l on l.id = u.sold_line_id join cash_sales s on s.id = l.sale_id
           join users usr on usr.id = s.user_id join retail_shops sh on sh.id = s.retail_shop_id
          where u.company_id = 1 and u.status = 'sold' and u.imei1 is not null order by u.id limit 1`,
      )
      .get() as typeof sold;
  } finally {
    await store.close();
  }
}, 60_000);

function salesOf(refNoLike: string): { id: number; receipt_no: string; total: number; lines: number; key: string }[] {
  return readRows(
    db,
    'select s.id, s.receipt_no, s.total_amount_cents as total, (select count(*) from cash_sale_lines l where l.sale_id = s.id) as lines, s.idempotency_key as key from cash_sales s where s.ref_no like ?',
    refNoLike,
  );
}

describe('a refused sale at the terminal', () => {
  it('names the receipt of a sold IMEI, and brings a refused sale back to the summary to fix and save', async () => {
    const term = spawnPty(
      ['--db', db, 'sale', 'save', '--company', '1', '--shop', String(refs.shopId), '--cashbook', String(refs.cashbookId), '--user', String(refs.userId)],
      { home },
    );
    // A prompt's text drawn since the last keys typed is the signal to type (a prompt listens
    // from its first render). A prompt asked again is waited for as `? text`: its answered copy
    // (`✔ text`) is drawn first.
    const ready = (text: string | RegExp) => term.waitForNext(text, 20_000);
    try {
      await ready('Customer name');
      term.type(KEY.enter);
      await ready('Customer phone');
      term.type(KEY.enter);

      await ready('Add an item');
      term.type(sold.imei1);
      const when = format(sold.issueDate, 'yyyy-MM-dd HH:mm', { in: tz('Africa/Nairobi') });
      await ready(`not in stock, sold on receipt ${sold.receiptNo}`);
      term.type(KEY.enter);
      await ready(`is already sold: receipt ${sold.receiptNo}, ${when}, by ${sold.user} at ${sold.shop}`);
      await ready('? Add an item');

      term.type(phone.imei1);
      await ready(new RegExp(`❯ [^\\n]*IMEI ${phone.imei1}`));
      term.type(KEY.enter);
      await ready('Discount on this line');
      term.type(KEY.enter);
      await ready('Add another item');
      term.type('usb-c cable');
      await ready(/choose Done usb-c cable\s*\n❯ USB-C cable 1m \(/);
      term.type(KEY.enter);
      await ready('Quantity');
      term.type(KEY.enter);
      await ready('Unit price');
      term.type(KEY.enter);
      await ready('Discount on this line');
      term.type(KEY.enter);
      await ready('Done: go to payment (2 lines');
      term.type(KEY.enter);
      await ready('Paid by (total');
      term.type(KEY.up + KEY.enter); // the last choice: leave it on credit
      await ready('Payment method to record');
      term.type(KEY.enter);
      await ready('What next?');

      // Meanwhile the same phone is sold at another till.
      const other = await runInProcess(['--db', db, 'sale', 'save', '--file', '-'], {
        home,
        input: JSON.stringify(saleBody(refs, [unitLine(phone)], { over: { refNo: 'OTHER-TILL' } })),
      });
      expect(other.code, other.stderr).toBe(0);
      const [otherSale] = salesOf('OTHER-TILL');

      term.type(KEY.enter); // Save
      await ready('the service refused the sale; nothing was saved. Fix it here and save again:');
      await ready(`is already sold: receipt ${otherSale!.receipt_no}`);
      await ready('? What next?');
      // Save, Add an item, Change line 1, Change line 2, Remove line 1 (the phone).
      term.type(KEY.down.repeat(4));
      await ready(/❯ Remove line 1: /);
      term.type(KEY.enter);
      await ready('? What next?');
      term.type(KEY.enter); // Save what is left
      await ready(/receipt R\d{6}\s+sale \d+/);
      expect(await term.exited).toBe(0);
    } finally {
      term.kill();
    }
    const [, receiptNo] = /receipt (R\d{6})\s+sale (\d+)/.exec(term.screen())!;
    const saved = salesOf('POS-%').filter((s) => s.receipt_no === receiptNo);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ lines: 1, total: 45_000 });
  }, 90_000);
});
