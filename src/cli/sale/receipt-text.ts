/**
 * A sale's receipt as fixed-width text for thermal printers: 32 characters a line for 58 mm
 * paper, 48 for 80 mm. Pure: the same receipt always gives the same text, and the PDF receipt
 * is this text set in a monospaced font.
 */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { formatCents } from '../output/money-text.js';
import { fromCents, roundToCents } from '../../domain/money.js';
import { TAX_NUMBER_LABEL } from '../../domain/company-identity.js';

export type ReceiptWidth = 32 | 48;

export interface ReceiptLine {
  name: string;
  qty: number;
  /** Unit price charged. */
  price: number;
  discount: number;
  /** Percent. */
  taxRate: number;
  /** 1: the price includes the tax; 0: the tax is added. */
  taxIncExc: 0 | 1;
  taxAmount: number;
  lineTotal: number;
  /** "IMEI 356...", "S/N ..." of the serialised unit the line sold, where known. */
  identifiers: string[];
}

export interface ReceiptPayment {
  /** The channel's name, e.g. "M-Pesa till 512345". */
  name: string;
  /** CASH, MPESA or CHECK, where known. */
  method?: string;
  amount: number;
  referenceNo?: string | null;
  /** Cash handed over when more than the amount; the difference is the change. */
  tendered?: number | null;
}

export interface Receipt {
  companyName?: string;
  /** The company's tax registration number (e.g. KRA PIN), printed under its name. */
  companyTaxNumber?: string | null;
  /** ISO 4217 code printed with the total; unknown (another server) prints the total alone. */
  currency?: string | null;
  /** The shop's own phone, else (a shop with none) the company's. */
  phone?: string | null;
  shopName?: string;
  /** Where the sale was made: the shop's own address, else (a shop with none) the company's. */
  address?: string | null;
  receiptNo: string;
  saleId: number;
  /** Epoch ms. */
  issueDate: number;
  /** IANA zone the date is shown in: the company's. */
  timeZone: string;
  cashier?: string;
  customer?: string | null;
  customerPhone?: string | null;
  refNo?: string | null;
  notes?: string | null;
  lines: ReceiptLine[];
  subTotal: number;
  totalDiscount: number;
  totalTax: number;
  totalAmount: number;
  amountPaid: number;
  balance: number;
  paymentMethod?: string | null;
  /** The payments, where known (the interface's sale list does not carry them; the local server does). */
  payments?: ReceiptPayment[];
  /** A word when the lines could not all be found, printed instead of pretending. */
  linesNote?: string;
}

/** The receipt, one string per printed line, none longer than `width`. */
export function receiptLines(receipt: Receipt, width: ReceiptWidth): string[] {
  const out: string[] = [];
  const rule = (char: string) => out.push(char.repeat(width));
  const pair = (label: string, value: string) => out.push(twoColumns(label, value, width));
  const money = (amount: number) => formatCents(roundToCents(amount));

  const taxNumber = receipt.companyTaxNumber ? `${TAX_NUMBER_LABEL} ${receipt.companyTaxNumber}` : undefined;
  for (const heading of [receipt.companyName, taxNumber, receipt.shopName, receipt.address, receipt.phone ? `Tel ${receipt.phone}` : undefined]) {
    if (heading) for (const part of wrap(heading, width)) out.push(centre(part, width));
  }
  rule('=');
  pair('RECEIPT', receipt.receiptNo);
  pair('Date', format(receipt.issueDate, 'yyyy-MM-dd HH:mm', { in: tz(receipt.timeZone) }));
  pair('Sale', String(receipt.saleId));
  if (receipt.cashier) pair('Served by', receipt.cashier);
  if (receipt.customer) pair('Customer', receipt.customer);
  if (receipt.customerPhone) pair('Phone', receipt.customerPhone);
  rule('-');

  for (const line of receipt.lines) {
    out.push(...wrap(line.name, width));
    for (const identifier of line.identifiers) out.push(...wrap(identifier, width - 2).map((part) => `  ${part}`));
    pair(`  ${quantityText(line.qty)} x ${money(line.price)}`, formatCents(grossOf(line)));
    if (roundToCents(line.discount) !== 0) pair('  Discount', `-${money(line.discount)}`);
  }
  if (receipt.linesNote) out.push(...wrap(receipt.linesNote, width));
  rule('-');

  pair('Subtotal', money(receipt.subTotal));
  if (roundToCents(receipt.totalDiscount) !== 0) pair('Discount', `-${money(receipt.totalDiscount)}`);
  for (const [label, amount] of taxRows(receipt)) pair(label, money(amount));
  // The currency once, on the figure the customer pays: on every line it would crowd 32 columns.
  pair(receipt.currency ? `TOTAL ${receipt.currency}` : 'TOTAL', money(receipt.totalAmount));
  rule('-');

  const payments = receipt.payments?.filter((p) => roundToCents(p.amount) !== 0) ?? [];
  if (payments.length > 0) {
    for (const payment of payments) {
      pair(paymentLabel(payment), money(payment.amount));
      if (payment.referenceNo) out.push(...wrap(`Ref ${payment.referenceNo}`, width - 2).map((part) => `  ${part}`));
      const tendered = payment.tendered === null || payment.tendered === undefined ? 0 : roundToCents(payment.tendered);
      if (tendered > roundToCents(payment.amount)) {
        pair('  Tendered', formatCents(tendered));
        pair('  Change', formatCents(tendered - roundToCents(payment.amount)));
      }
    }
    if (payments.length > 1) pair('Amount paid', money(receipt.amountPaid));
  } else {
    pair(`Paid${receipt.paymentMethod ? ` (${receipt.paymentMethod})` : ''}`, money(receipt.amountPaid));
  }
  pair(roundToCents(receipt.balance) > 0 ? 'Balance due' : 'Balance', money(receipt.balance));
  rule('-');

  if (receipt.refNo) pair('Ref no', receipt.refNo);
  if (receipt.notes) out.push(...wrap(receipt.notes, width));
  out.push(centre('Thank you', width));
  return out;
}

/** The receipt as text: its lines, each ended by a newline. */
export function receiptText(receipt: Receipt, width: ReceiptWidth): string {
  return receiptLines(receipt, width)
    .map((line) => `${line}\n`)
    .join('');
}

const METHOD_NAMES: Record<string, string> = { CASH: 'Cash', MPESA: 'M-Pesa', CHECK: 'Cheque' };

/** "Cash", "M-Pesa till 512345": the channel's name, with its method when the name does not say it. */
export function paymentLabel(payment: Pick<ReceiptPayment, 'name' | 'method'>): string {
  const method = payment.method ? (METHOD_NAMES[payment.method] ?? payment.method) : undefined;
  const said = !method || payment.name.toLowerCase().includes(method.toLowerCase()) || payment.name.toUpperCase() === payment.method;
  return said ? payment.name : `${payment.name} (${method})`;
}

/** p*q of a line in cents, recovered from what the line list carries: lineTotal + discount (- tax when added). */
function grossOf(line: ReceiptLine): number {
  const total = roundToCents(line.lineTotal);
  const discount = roundToCents(line.discount);
  const tax = roundToCents(line.taxAmount);
  return line.taxIncExc === 1 ? total + discount : total - tax + discount;
}

/**
 * Tax by rate and kind: tax included in prices is part of the total already, tax added is on top
 * of it; a receipt says which. Falls back to one row when the lines do not account for the total.
 */
function taxRows(receipt: Receipt): [string, number][] {
  const groups = new Map<string, number>();
  let sum = 0;
  for (const line of receipt.lines) {
    const cents = roundToCents(line.taxAmount);
    if (cents === 0) continue;
    const label = `Tax ${rateText(line.taxRate)}% ${line.taxIncExc === 1 ? 'incl.' : 'added'}`;
    groups.set(label, (groups.get(label) ?? 0) + cents);
    sum += cents;
  }
  if (sum !== roundToCents(receipt.totalTax) || receipt.linesNote)
    return roundToCents(receipt.totalTax) === 0 && groups.size === 0 ? [] : [['Tax', receipt.totalTax]];
  return [...groups].map(([label, cents]) => [label, fromCents(cents)]);
}

function rateText(rate: number): string {
  return Number.isInteger(rate) ? String(rate) : String(Number(rate.toFixed(2)));
}

function quantityText(qty: number): string {
  return Number.isInteger(qty) ? String(qty) : String(Number(qty.toFixed(3)));
}

/** Label on the left, value on the right; a label too long for the line is cut, the value never. */
export function twoColumns(label: string, value: string, width: number): string {
  const room = width - value.length - 1;
  if (room <= 0) return value.slice(0, width);
  const cut = label.length > room ? label.slice(0, room) : label;
  return `${cut}${' '.repeat(width - cut.length - value.length)}${value}`;
}

export function centre(text: string, width: number): string {
  const cut = text.slice(0, width);
  return `${' '.repeat(Math.floor((width - cut.length) / 2))}${cut}`;
}

/** Breaks text into lines of at most `width`, at spaces where it can, inside words where it must. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    if (!word) continue;
    let rest = word;
    if (current && current.length + 1 + rest.length <= width) {
      current += ` ${rest}`;
      continue;
    }
    if (current) lines.push(current);
    while (rest.length > width) {
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    current = rest;
  }
  if (current) lines.push(current);
  return lines;
}
