/** The address a receipt prints: the shop's own, or the company's for a shop that has none. */
import { describe, expect, it } from 'vitest';
import type { FoundSale } from '../../../src/cli/sale/find-sale.js';
import { buildReceipt } from '../../../src/cli/sale/receipt-model.js';
import { receiptText } from '../../../src/cli/sale/receipt-text.js';
import type { ReferenceData } from '../../../src/contract/reference-data.js';

const saleOf = (retailShopId: number) =>
  ({
    id: 9,
    issueDate: Date.UTC(2026, 10, 22, 7, 5),
    receiptNo: 'R000009',
    retailShopId,
    userId: 3,
    amountPaid: 100,
    paymentMethod: 'CASH',
    subTotal: 100,
    totalDiscount: 0,
    totalTax: 0,
    totalAmount: 100,
    balance: 0,
  }) as FoundSale;
const line = {
  id: 1,
  itemName: 'Charger',
  itemProductId: 1,
  batchItemIssueId: 9,
  buyingPrice: 100,
  qty: 1,
  discount: 0,
  taxIncExc: '1',
  taxRate: 0,
  taxAmount: 0,
  lineTotal: 100,
};
const refs = {
  company: { id: 1, name: 'Savanna Phones', address: 'Moi Avenue 12, Nairobi', phone: '0700', timeZone: 'Africa/Nairobi' },
  shops: [
    { id: 1, name: 'Mombasa Road shop', location: 'Panari Centre, Mombasa Road, Nairobi' },
    { id: 2, name: 'Town shop', location: null },
  ],
  cashbooks: [],
  users: [],
  paymentChannels: [],
  taxRates: [],
  products: [],
  units: [],
} as unknown as ReferenceData;

describe('the address on a receipt', () => {
  it("is the shop's own, not the company's", () => {
    const receipt = buildReceipt(saleOf(1), { lines: [line], matchedBy: 'batchItemIssueId' }, refs, 'UTC');
    expect(receipt.address).toBe('Panari Centre, Mombasa Road, Nairobi');
    expect(receiptText(receipt, 48)).not.toContain('Moi Avenue');
  });

  it("is the company's for a shop with no address of its own", () => {
    const receipt = buildReceipt(saleOf(2), { lines: [line], matchedBy: 'batchItemIssueId' }, refs, 'UTC');
    expect(receipt.address).toBe('Moi Avenue 12, Nairobi');
    expect(receiptText(receipt, 48)).toContain('Moi Avenue 12, Nairobi');
  });
});
