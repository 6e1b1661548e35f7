/**
 * `sale outbox delete` at a terminal asks first, naming the sale; "no" keeps it, "yes" deletes
 * it. The built CLI in a pseudo-terminal.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Outbox } from '../../src/cli/sale/outbox-store.js';
import type { SaveCashSaleBody } from '../../src/contract/cash-sale.js';
import { spawnPty } from '../helpers/pty-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

const SALE: SaveCashSaleBody = {
  issuedTo: 'Njeri',
  issuedToPhone: '',
  amountPaid: 1250,
  paymentMethod: 'CASH',
  transactionType: 'CASH',
  refNo: 'DEL-1',
  notes: '',
  cashbookId: 1,
  totalTax: 0,
  subTotal: 1250,
  totalAmount: 1250,
  userId: 3,
  retailShopId: 1,
  companyId: 1,
  totalDiscount: 0,
  itemIssuesDto: [
    {
      item: 'cable',
      itemProductId: 1,
      buyingPrice: 1250,
      unitCost: 0,
      qty: 1,
      discount: 0,
      taxIncExc: 1,
      taxRateId: null,
      taxRate: 0,
      taxAmount: 0,
      lineTotal: 1250,
    },
  ],
};

describe('sale outbox delete at a terminal', () => {
  it('asks, naming the customer and total; no keeps the sale, yes deletes it', async () => {
    const file = join(temp.dir, 'data', 'outbox.db');
    const outbox = await Outbox.open(file);
    outbox.add({ idempotencyKey: 'k-del-1', target: 'http://127.0.0.1:9', body: SALE, createdAt: 1, reason: 'down' });
    outbox.close();
    const args = ['--base-url', 'http://127.0.0.1:9', 'sale', 'outbox', 'delete', '1'];

    const no = spawnPty(args, { home: temp.dir });
    await no.waitFor('Delete sale #1 to Njeri, total 1,250.00');
    no.type('n\r');
    await no.waitFor('not deleted');
    expect(await no.exited).toBe(0);
    const still = await Outbox.open(file);
    expect(still.count()).toBe(1);
    still.close();

    const yes = spawnPty(args, { home: temp.dir });
    await yes.waitFor('It will never be sent.');
    yes.type('y\r');
    await yes.waitFor('deleted sale #1 to Njeri');
    expect(await yes.exited).toBe(0);
    const after = await Outbox.open(file);
    expect(after.count()).toBe(0);
    after.close();
  }, 60_000);
});
