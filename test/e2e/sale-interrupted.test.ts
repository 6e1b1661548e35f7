/**
 * Ctrl-C at a sale's summary, in a pseudo-terminal with the built binary on the demo: once, it
 * asks what Cancel asks ("Discard this sale?"); no goes back to the summary with the sale as it
 * was, yes leaves it unsaved (exit 1, "not saved"); Ctrl-C at that question leaves (exit 130).
 * Nothing is saved either way.
 */
import { describe, expect, it } from 'vitest';
import { demoHome } from '../helpers/demo-store.js';
import { KEY, spawnPty, type PtySession } from '../helpers/pty-cli.js';
import { readRows } from '../helpers/read-store.js';

const { dir: home, db } = demoHome();
const salesNow = () => readRows<{ n: number }>(db, 'select count(*) as n from cash_sales')[0]!.n;

/** A sale of one cable, at its summary ("What next?"). */
async function atSummary(): Promise<PtySession> {
  const term = spawnPty(['--db', db, 'sale', 'save', '--company', '1', '--shop', '1'], { home });
  const ready = (text: string | RegExp) => term.waitForNext(text);
  await ready('Customer name');
  term.type(`Lucy Akinyi${KEY.enter}`);
  await ready('Customer phone');
  term.type(KEY.enter);
  await ready('Add an item');
  term.type('usb-c cable');
  await ready(/usb-c cable\s*\n❯ USB-C cable 1m \(/);
  term.type(KEY.enter);
  await ready('Quantity');
  term.type(KEY.enter);
  await ready('Unit price');
  term.type(KEY.enter);
  await ready('Discount on this line');
  term.type(KEY.enter);
  await ready('Done: go to payment');
  term.type(KEY.enter);
  await ready('Paid by (total');
  term.type(KEY.enter);
  await ready('Cash received');
  term.type(KEY.enter);
  await ready('What next?');
  return term;
}

describe('Ctrl-C at the summary of a sale', () => {
  it('asks whether to discard it; no goes back to the summary, yes leaves it unsaved', async () => {
    const before = salesNow();
    const term = await atSummary();
    try {
      term.type(KEY.ctrlC);
      await term.waitForNext('Discard this sale?');
      term.type(`n${KEY.enter}`);
      await term.waitForNext(/Save the sale: total [\d,]+\.\d\d/);
      await term.waitForNext('What next?');
      term.type(KEY.ctrlC);
      await term.waitForNext('Discard this sale?');
      term.type(`y${KEY.enter}`);
      await term.waitForNext('not saved');
      expect(await term.exited).toBe(1);
    } finally {
      term.kill();
    }
    expect(salesNow()).toBe(before);
  }, 60_000);

  it('leaves on a second Ctrl-C, at the question, with exit 130', async () => {
    const before = salesNow();
    const term = await atSummary();
    try {
      term.type(KEY.ctrlC);
      await term.waitForNext('Discard this sale?');
      term.type(KEY.ctrlC);
      expect(await term.exited).toBe(130);
    } finally {
      term.kill();
    }
    expect(salesNow()).toBe(before);
  }, 60_000);
});
