/**
 * The receipt of a sale, from what the lists return and (when the local server has them) the
 * company's reference lists: names of the company, shop and sales person, and the IMEI or serial
 * number of each unit sold. Pure.
 */
import { UNSAFE_CHARACTERS } from '../../client/unsafe-characters.js';
import type { ReferenceData } from '../../contract/reference-data.js';
import type { SalePayment } from '../../contract/sale-payments.js';
import { roundToCents } from '../../domain/money.js';
import type { FoundLine, FoundSale, SaleLines } from './find-sale.js';
import type { Receipt, ReceiptLine, ReceiptPayment } from './receipt-text.js';

/** `payments`: the sale's payments from the local server; undefined where the server has none to give. */
export function buildReceipt(sale: FoundSale, found: SaleLines, refs: ReferenceData | undefined, timeZone: string, payments?: readonly SalePayment[]): Receipt {
  return cleanText(receiptOf(sale, found, refs, timeZone, payments));
}

// ESC/POS printers act on control bytes (ESC, GS: cut the paper, open the drawer, change the code
// page), and a terminal on escape sequences: none of the text from the server may carry one.
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/** Every text field of the receipt without control characters; tabs and line breaks become spaces. */
export function cleanText<T>(value: T): T {
  if (typeof value === 'string') return value.replace(LINE_BREAKS, ' ').replace(UNSAFE_CHARACTERS, '') as T;
  if (Array.isArray(value)) return value.map(cleanText) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, cleanText(field)])) as T;
  }
  return value;
}

function receiptOf(sale: FoundSale, found: SaleLines, refs: ReferenceData | undefined, timeZone: string, payments?: readonly SalePayment[]): Receipt {
  const units = new Map((refs?.units ?? []).map((u) => [u.id, u]));
  const lines = found.lines.map((line): ReceiptLine => {
    const unit = line.invItemSpecsId ? units.get(line.invItemSpecsId) : undefined;
    const identifiers: string[] = [];
    if (unit?.imei1) identifiers.push(`IMEI ${unit.imei1}`);
    if (unit?.imei2) identifiers.push(`IMEI2 ${unit.imei2}`);
    if (unit?.serialNo && unit.serialNo !== unit.imei1) identifiers.push(`S/N ${unit.serialNo}`);
    if (!unit && line.invItemSpecsId) identifiers.push(`unit ${line.invItemSpecsId}`);
    return {
      name: line.itemName ?? `product ${line.itemProductId ?? '?'}`,
      qty: line.qty ?? 0,
      price: line.buyingPrice ?? 0,
      discount: line.discount ?? 0,
      taxRate: line.taxRate ?? 0,
      taxIncExc: line.taxIncExc === '0' ? 0 : 1,
      taxAmount: line.taxAmount ?? 0,
      lineTotal: line.lineTotal ?? 0,
      identifiers,
    };
  });
  const totalAmount = sale.totalAmount ?? 0;
  const shop = refs?.shops.find((s) => s.id === sale.retailShopId);
  return {
    companyName: refs?.company.name,
    companyTaxNumber: refs?.company.taxNumber,
    currency: refs?.company.currency,
    shopName: shop?.name ?? (sale.retailShopId ? `Shop ${sale.retailShopId}` : undefined),
    // A chain's shops are each at their own address and phone: the company's are the receipt's only for a shop with none.
    address: shop?.location || refs?.company.address,
    phone: shop?.phone || refs?.company.phone,
    receiptNo: sale.receiptNo ?? `sale ${sale.id}`,
    saleId: sale.id,
    issueDate: sale.issueDate ?? 0,
    timeZone: refs?.company.timeZone ?? timeZone,
    cashier: refs?.users.find((u) => u.id === sale.userId)?.name,
    customer: sale.issuedTo,
    customerPhone: sale.issuedToPhone,
    refNo: sale.refNo,
    notes: sale.notes,
    lines,
    subTotal: sale.subTotal ?? 0,
    totalDiscount: sale.totalDiscount ?? 0,
    totalTax: sale.totalTax ?? 0,
    totalAmount,
    amountPaid: sale.amountPaid ?? 0,
    balance: sale.balance ?? totalAmount - (sale.amountPaid ?? 0),
    paymentMethod: sale.paymentMethod,
    payments: payments?.map((p): ReceiptPayment => ({ name: p.name, method: p.method, amount: p.amount, referenceNo: p.referenceNo, tendered: p.tendered })),
    linesNote: linesNote(found.lines, found.matchedBy, totalAmount),
  };
}

/** Says so when the lines found do not make up the sale, rather than printing a receipt that does not add up. */
function linesNote(lines: readonly FoundLine[], matchedBy: SaleLines['matchedBy'], totalAmount: number): string | undefined {
  if (matchedBy === 'none' || lines.length === 0) return "(the sale's lines could not be found)";
  const sum = lines.reduce((s, l) => s + roundToCents(l.lineTotal ?? 0), 0);
  if (sum !== roundToCents(totalAmount)) return '(the lines found do not add up to the total)';
  return undefined;
}
