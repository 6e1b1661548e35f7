/**
 * The customer's phone at the terminal, with the built binary on the demo: what is no phone
 * number is asked again, saying what is taken; a number typed as people type it is saved in
 * one form (E.164).
 */
import { expect, it } from 'vitest';
import { demoHome } from '../helpers/demo-store.js';
import { KEY, spawnPty } from '../helpers/pty-cli.js';
import { readRows } from '../helpers/read-store.js';

const { dir: home, db } = demoHome();

it("asks again for what is no phone number (a Kenyan or another country's), and saves +256 772 123456 as +256772123456", async () => {
  const term = spawnPty(['--db', db, 'sale', 'save', '--company', '1', '--shop', '1'], { home });
  const ready = (text: string | RegExp) => term.waitForNext(text);
  try {
    await ready('Customer name');
    term.type(`Lucy Akinyi${KEY.enter}`);
    await ready('Customer phone');
    // A refusal is drawn twice (with the error, then ready again): each wait names the value
    // refused, so the second drawing of one refusal is never taken for the next.
    term.type(`${KEY.backspace}abc${KEY.enter}`);
    await ready(/abc\s*\n> this is not a phone number \(e\.g\. 0712 345 678, \+254 712 345678/);
    // A UK mobile number a digit short is no number either.
    term.type(`${KEY.backspace.repeat(3)}+44 7911 12345${KEY.enter}`);
    await ready(/\+44 7911 12345\s*\n> this is not a phone number/);
    term.type(`${KEY.backspace.repeat(14)}+256 772 123456${KEY.enter}`);
    await ready('Add an item');
    term.type('usb-c cable');
    await ready(/usb-c cable\s*\n❯ USB-C cable 1m \(/);
    term.type(KEY.enter);
    for (const prompt of ['Quantity', 'Unit price', 'Discount on this line', 'Done: go to payment', 'Paid by (total', 'Cash received', 'What next?']) {
      await ready(prompt);
      term.type(KEY.enter);
    }
    await ready(/receipt (R\d{6})/);
    expect(await term.exited).toBe(0);
  } finally {
    term.kill();
  }
  const receiptNo = /receipt (R\d{6})/.exec(term.screen())![1];
  expect(readRows<{ phone: string }>(db, 'select issued_to_phone as phone from cash_sales where receipt_no = ?', receiptNo)).toEqual([
    { phone: '+256772123456' },
  ]);
}, 60_000);
