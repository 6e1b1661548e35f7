/** One small valid cash sale with fixed ids, for the CLI against a scripted server (which checks nothing). */
import type { SaveCashSaleBody } from '../../src/contract/cash-sale.js';

/** One cable for 100.00 paid in cash, no tax. */
export function smallCashSale(refNo: string): SaveCashSaleBody {
  return {
    issuedTo: 'Walk-in',
    issuedToPhone: '0700000000',
    amountPaid: 100,
    paymentMethod: 'CASH',
    transactionType: 'CASH',
    refNo,
    notes: '',
    cashbookId: 1,
    totalTax: 0,
    subTotal: 100,
    totalAmount: 100,
    userId: 3,
    retailShopId: 1,
    companyId: 1,
    totalDiscount: 0,
    itemIssuesDto: [
      {
        item: 'cable',
        itemProductId: 1,
        buyingPrice: 100,
        unitCost: 0,
        qty: 1,
        discount: 0,
        taxIncExc: 1,
        taxRateId: null,
        taxRate: 0,
        taxAmount: 0,
        lineTotal: 100,
      },
    ],
    channelsDto: [{ channelId: 1, referenceNo: '', amount: 100 }],
  };
}
