/**
 * What the outbox tests of a file share: a scripted HTTP server on 127.0.0.1 (started before the
 * first test, closed after the last), a fresh user home per run (its own config and outbox), and
 * one small valid cash sale.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { SaveCashSaleBody } from '../../src/contract/cash-sale.js';
import { startServer, type TestServer } from '../client/http-fixture.js';
import { makeTempDir } from './temp-dir.js';

/** One cable for 100.00 paid in cash: valid as it stands. */
export function smallCashSale(refNo: string): SaveCashSaleBody {
  return {
    issuedTo: 'Walk-in', issuedToPhone: '0700000000', amountPaid: 100, paymentMethod: 'CASH', transactionType: 'CASH', refNo, notes: '',
    cashbookId: 1, totalTax: 0, subTotal: 100, totalAmount: 100, userId: 3, retailShopId: 1, companyId: 1, totalDiscount: 0,
    itemIssuesDto: [{ item: 'cable', itemProductId: 1, buyingPrice: 100, unitCost: 0, qty: 1, discount: 0, taxIncExc: 1, taxRateId: null, taxRate: 0, taxAmount: 0, lineTotal: 100 }],
    channelsDto: [{ channelId: 1, referenceNo: '', amount: 100 }],
  };
}

export interface OutboxFixture {
  /** The scripted server (from the first test on). */
  server(): TestServer;
  /** A fresh user home. */
  newHome(): string;
}

export function outboxFixture(): OutboxFixture {
  const temp = makeTempDir();
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
    temp.remove();
  });
  return {
    server() {
      if (!server) throw new Error('the fixture server starts before the first test');
      return server;
    },
    newHome: () => mkdtempSync(join(temp.dir, 'home-')),
  };
}
