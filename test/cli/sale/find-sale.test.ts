import { describe, expect, it } from 'vitest';
import { findSale, findSaleLines, type FoundSale, type SaleLists } from '../../../src/cli/sale/find-sale.js';
import { buildReceipt } from '../../../src/cli/sale/receipt-model.js';
import type { CashSaleRecord, SaleItemRecord } from '../../../src/contract/cash-sale.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1);

function sale(id: number, at: number, over: Partial<CashSaleRecord> = {}): CashSaleRecord {
  return {
    id,
    issueDate: at,
    issuedTo: `customer ${id}`,
    issuedToPhone: '',
    amountPaid: 100,
    paymentMethod: 'CASH',
    transactionType: 'CASH',
    refNo: `POS-${id}`,
    receiptNo: `R${String(id).padStart(6, '0')}`,
    notes: '',
    companyId: 1,
    cashbookId: 1,
    retailShopId: 1,
    userId: 3,
    totalDiscount: 0,
    totalTax: 0,
    subTotal: 100,
    totalAmount: 100,
    balance: 0,
    ...over,
  };
}

function line(id: number, of: CashSaleRecord, over: Partial<SaleItemRecord> = {}): SaleItemRecord {
  return {
    id,
    itemName: `item ${id}`,
    itemProductId: 1,
    itemProductCatId: 1,
    invItemSpecsId: null,
    batchItemIssueId: null,
    buyingPrice: 50,
    originalBuyingPrice: 50,
    defaultBuyingPrice: 50,
    unitCost: 10,
    qty: 1,
    discount: 0,
    taxIncExc: '1',
    taxRateId: null,
    taxRate: 0,
    taxAmount: 0,
    lineTotal: 50,
    profit: 40,
    issuedTo: of.issuedTo,
    issuedToPhone: of.issuedToPhone,
    issueDate: of.issueDate,
    refNo: of.refNo,
    retailShopId: of.retailShopId,
    companyId: 1,
    userId: of.userId,
    ...over,
  };
}

/** Lists served newest first in pages, counting the requests. */
function lists(sales: CashSaleRecord[], lines: SaleItemRecord[]): SaleLists & { calls: string[] } {
  const calls: string[] = [];
  const newest = <T extends { issueDate: number; id: number }>(rows: T[]) => [...rows].sort((a, b) => b.issueDate - a.issueDate || b.id - a.id);
  return {
    calls,
    async listCashSales({ start, limit }) {
      calls.push(`sales ${start}`);
      return { count: sales.length, list: newest(sales).slice(start, start + limit) };
    },
    async listSaleItems(query) {
      calls.push(`items ${query.start} shop ${query.retailShopId}`);
      const rows = newest(lines).filter((l) => query.retailShopId === undefined || l.retailShopId === query.retailShopId);
      return { count: rows.length, list: rows.slice(query.start ?? 0, (query.start ?? 0) + (query.limit ?? 50)) };
    },
  };
}

const sales = Array.from({ length: 25 }, (_, i) => sale(i + 1, T0 + i * DAY));

describe('finding a sale for its receipt', () => {
  it("walks the company's sales newest first until the id turns up", async () => {
    const api = lists(sales, []);
    expect((await findSale(api, 1, 3, { pageSize: 10 }))?.receiptNo).toBe('R000003');
    // Each page after the first starts at the last sale already read (see paging.ts).
    expect(api.calls).toEqual(['sales 0', 'sales 9', 'sales 19']);
    expect(await findSale(lists(sales, []), 1, 99, { pageSize: 10 })).toBeUndefined();
  });

  it('takes the lines whose batchItemIssueId is the sale, and stops once the list is older than the sale', async () => {
    const target = sales[19]!;
    const neighbour = sales[20]!;
    const rows = [
      line(1, sales[0]!, { batchItemIssueId: 1 }),
      line(40, target, { batchItemIssueId: 20, lineTotal: 60 }),
      line(41, target, { batchItemIssueId: 20, lineTotal: 40 }),
      line(42, { ...neighbour, issueDate: target.issueDate }, { batchItemIssueId: 21 }),
      line(50, neighbour, { batchItemIssueId: 21 }),
    ];
    const api = lists(sales, rows);
    const found = await findSaleLines(api, 1, target as FoundSale, { pageSize: 2 });
    expect(found.matchedBy).toBe('batchItemIssueId');
    expect(found.lines.map((l) => l.id)).toEqual([40, 41]);
    // Pages: [50, 42], [42, 41, 40], [40, 1] (each from the last line read) -> the third page is
    // past the sale's moment and ends the walk.
    expect(api.calls).toEqual(['items 0 shop 1', 'items 1 shop 1', 'items 3 shop 1']);
  });

  it("falls back to the sale's own header when a server leaves batchItemIssueId empty", async () => {
    const target = sale(7, T0, { issuedTo: 'Jane', refNo: 'X-7' });
    const twin = sale(8, T0, { issuedTo: 'John', refNo: 'X-8' });
    const rows = [line(1, target), line(2, twin), line(3, target, { lineTotal: 50 })];
    const found = await findSaleLines(lists([target, twin], rows), 1, target as FoundSale);
    expect(found).toMatchObject({ matchedBy: 'header' });
    expect(found.lines.map((l) => l.id)).toEqual([1, 3]);
  });
});

describe('the receipt of a found sale', () => {
  const target = sale(20, T0, { totalAmount: 100, subTotal: 100 });
  const refs = {
    company: { id: 1, name: 'Demo Phones', timeZone: 'Africa/Nairobi', address: null, phone: null },
    shops: [{ id: 1, name: 'Moi Avenue shop', location: null }],
    cashbooks: [],
    users: [{ id: 3, name: 'Grace Wairimu', role: 'cashier' }],
    paymentChannels: [],
    taxRates: [],
    products: [],
    units: [{ id: 9, productId: 1, serialNo: 'SN9', imei1: '356805120010535', imei2: null, sold: true }],
  };

  it('names the shop, the sales person and the unit sold', () => {
    const lines = [line(40, target, { invItemSpecsId: 9, lineTotal: 60 }), line(41, target, { lineTotal: 40 })];
    const receipt = buildReceipt(target as FoundSale, { lines, matchedBy: 'batchItemIssueId' }, refs, 'UTC');
    expect(receipt).toMatchObject({
      companyName: 'Demo Phones',
      shopName: 'Moi Avenue shop',
      cashier: 'Grace Wairimu',
      timeZone: 'Africa/Nairobi',
      linesNote: undefined,
    });
    expect(receipt.lines[0]!.identifiers).toEqual(['IMEI 356805120010535', 'S/N SN9']);
    expect(receipt.lines[1]!.identifiers).toEqual([]);
  });

  it('says so when the lines are missing or do not add up, and works without reference data', () => {
    expect(buildReceipt(target as FoundSale, { lines: [], matchedBy: 'none' }, undefined, 'UTC')).toMatchObject({
      shopName: 'Shop 1',
      timeZone: 'UTC',
      linesNote: "(the sale's lines could not be found)",
    });
    const short = buildReceipt(target as FoundSale, { lines: [line(40, target, { lineTotal: 60, invItemSpecsId: 5 })], matchedBy: 'header' }, undefined, 'UTC');
    expect(short.linesNote).toBe('(the lines found do not add up to the total)');
    expect(short.lines[0]!.identifiers).toEqual(['unit 5']);
  });
});
