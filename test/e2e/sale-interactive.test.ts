/**
 * `shopprop sale save` at a terminal, driven key by key in a pseudo-terminal against the local
 * store with demo data, through to a receipt number; then the receipt printed from it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { demoHome } from '../helpers/demo-store.js';
import { KEY, spawnPty } from '../helpers/pty-cli.js';
import { readRows } from '../helpers/read-store.js';

const { dir: home, db } = demoHome();

beforeAll(async () => {
  // demo stores the company, shop, cashbook and user as defaults; without a user one is picked.
  expect((await runInProcess(['config', 'unset', 'userId'], { home })).code).toBe(0);
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const query = <T>(sql: string, ...params: unknown[]) => readRows<T>(db, sql, ...params);

describe('sale save at a terminal', () => {
  it('sells a phone found by its IMEI and a cable found by name, pays by cash, and prints the receipt number', async () => {
    const [unit] = query<{ id: number; imei1: string; name: string; price: number }>(
      `select u.id, u.imei1, p.name, u.sale_price_cents / 100.0 as price from item_specs u join item_products p on p.id = u.product_id
        where u.company_id = 1 and u.status = 'in_stock' and u.imei1 is not null order by u.id desc limit 1`,
    );
    const salesBefore = query<{ n: number }>('select count(*) as n from cash_sales')[0]!.n;

    const term = spawnPty(['--db', db, 'sale', 'save', '--company', '1', '--shop', '1'], { home });
    // A prompt listens for keys from the moment it draws itself (inquirer attaches its key
    // handlers in the same turn as its first render), so its text, drawn after the last keys
    // typed, is the signal to type. Text drawn earlier is not: keys typed between two prompts are lost.
    const ready = (text: string | RegExp) => term.waitForNext(text);
    try {
      await ready('Sales person');
      term.type(KEY.down + KEY.enter);
      await ready('Customer name');
      // A blank name is refused at the prompt (the server's rule), not after the sale is confirmed.
      term.type(`   ${KEY.enter}`);
      await ready("the customer's name cannot be blank");
      term.type(`${KEY.backspace.repeat(3)}Lucy Akinyi${KEY.enter}`);
      await ready('Customer phone');
      term.type(`0712345678${KEY.enter}`);

      await ready('Add an item');
      term.type(unit!.imei1);
      // Enter only once the list drawn under the whole term has the unit first (results arrive as keys are typed).
      await ready(new RegExp(`code\\) ${unit!.imei1}\\s*\\n❯ ${escape(unit!.name)}\\s+IMEI ${unit!.imei1}`));
      term.type(KEY.enter);
      await ready('Discount on this line');
      term.type(KEY.enter);
      await ready('1 line: subtotal');

      await ready('Add another item');
      term.type('usb-c cable');
      await ready(/choose Done usb-c cable\s*\n❯ USB-C cable 1m \(/);
      term.type(KEY.enter);
      await ready('Quantity');
      term.type(`${KEY.backspace}2${KEY.enter}`);
      await ready('Unit price');
      term.type(KEY.enter);
      await ready('Discount on this line');
      term.type(KEY.enter);
      await ready('2 lines: subtotal');

      await ready('Done: go to payment (2 lines');
      term.type(KEY.enter);
      await ready('Paid by (total');
      term.type(KEY.enter); // Cash, the first channel
      await ready('Cash received');
      // 1,000.00 more than due, typed with a thousands separator: the change is said at once.
      const tendered = (unit!.price + 900 + 1_000).toLocaleString('en-US');
      term.type(`${KEY.backspace.repeat(12)}${tendered}${KEY.enter}`);
      await ready('change: 1,000.00');
      await ready('What next?');
      term.type(KEY.enter); // Save, the first choice
      await ready(/receipt R\d{6}\s+sale \d+/);
      expect(await term.exited).toBe(0);
    } finally {
      term.kill();
    }

    const [, receiptNo, saleId] = /receipt (R\d{6})\s+sale (\d+)/.exec(term.screen())!;
    expect(query<{ n: number }>('select count(*) as n from cash_sales')[0]!.n).toBe(salesBefore + 1);
    const [sale] = query<{ receipt_no: string; issued_to: string; total: number; paid: number; balance: number; key: string | null; user_id: number }>(
      'select receipt_no, issued_to, total_amount_cents / 100.0 as total, amount_paid_cents / 100.0 as paid, balance_cents as balance, idempotency_key as key, user_id from cash_sales where id = ?',
      Number(saleId),
    );
    expect(sale).toMatchObject({ receipt_no: receiptNo, issued_to: 'Lucy Akinyi', total: unit!.price + 900, paid: unit!.price + 900, balance: 0 });
    expect(sale!.key).toMatch(/^[0-9a-f-]{36}$/);
    // The second sales person of the list was picked.
    const users = query<{ id: number }>("select id from users where company_id = 1 order by case role when 'cashier' then 0 else 1 end, id");
    expect(sale!.user_id).toBe(users[1]!.id);
    expect(query<{ status: string }>('select status from item_specs where id = ?', unit!.id)[0]!.status).toBe('sold');

    const printed = await runInProcess(['--db', db, 'receipt', 'print', saleId!, '--company', '1', '--width', '32'], { home });
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toContain(receiptNo);
    expect(printed.stdout).toContain(`IMEI ${unit!.imei1}`);
    expect(printed.stdout).toMatch(/2 x 450\.00\s+900\.00/);
    expect(printed.stdout).toContain('Lucy Akinyi');
    expect(printed.stdout).toMatch(/\n {2}Change\s+1,000\.00\n/);
    for (const line of printed.stdout.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(32);
  }, 60_000);

  it('refuses to prompt without a terminal and names the flag', async () => {
    const result = await runInProcess(['--db', db, 'sale', 'save', '--company', '1'], { home });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/missing --file/);
  });
});
