/**
 * Composing a sale with a person at the terminal: header ids from the flags or the profile (else
 * picked from the company's lists), the customer, lines found by typing an IMEI, serial, name or
 * code, running totals after each line, payments over channels with the last one defaulting to
 * what remains (the rest is credit), and a confirmation. Everything it needs is passed in, so a
 * scripted prompter can drive it in tests.
 */
import type { PaymentMethod, SaveCashSaleBody } from '../../contract/cash-sale.js';
import { PAYMENT_METHODS } from '../../contract/enums.js';
import type { Loose } from '../../client/validate.js';
import type { ItemCatalogSpecRecord } from '../../contract/receipt.js';
import type { ReferenceData, ReferencePaymentChannel, ReferenceProduct } from '../../contract/reference-data.js';
import { fromCents, toCents } from '../../domain/money.js';
import type { TaxIncExc } from '../../domain/sale-line.js';
import type { Choice, Prompter } from '../io/prompter.js';
import { formatCents } from '../output/money-text.js';
import { composeSale, draftTotals, lineAmounts, paidCents, type DraftLine, type DraftPayment, type SaleHeader } from './sale-draft.js';

/** A unit in stock as the receipt list gives it; any field but `id` may be missing from another server. */
export type StockUnit = Loose<ItemCatalogSpecRecord> & { id: number };

export interface InteractiveSaleDeps {
  prompter: Prompter;
  /** A message for the person (stderr). */
  say: (message: string) => void;
  companyId: number;
  /** From the flags, else the profile. */
  defaults: { retailShopId?: number; cashbookId?: number; userId?: number };
  /** The local server's lists; undefined when the server has none (ids are asked for). */
  refs?: ReferenceData;
  /** Units in stock; a failure (service unreachable) leaves items to be entered by hand. */
  units: () => Promise<readonly StockUnit[]>;
  newKey: () => string;
}

export interface ComposedSale {
  body: SaveCashSaleBody;
  idempotencyKey: string;
  lines: DraftLine[];
  payments: DraftPayment[];
}

type Pick_ = { kind: 'done' } | { kind: 'unit'; unit: StockUnit } | { kind: 'product'; product: ReferenceProduct } | { kind: 'manual' };

const MAX_CHOICES = 40;
const money = (amount: number) => formatCents(toCents(amount));
const moneyCents = (cents: number) => formatCents(cents);

/** The composed sale, or undefined when the person declined to save it. */
export async function composeSaleInteractively(deps: InteractiveSaleDeps): Promise<ComposedSale | undefined> {
  const { prompter, say, refs } = deps;
  const idempotencyKey = deps.newKey();
  const retailShopId = await pickId(deps, 'Shop', deps.defaults.retailShopId, refs?.shops.map((s) => ({ id: s.id, name: s.name, description: s.location ?? undefined })));
  const cashbookId = await pickId(deps, 'Cashbook', deps.defaults.cashbookId, refs?.cashbooks.map((c) => ({ id: c.id, name: `${c.name} (${c.code})` })));
  const userId = await pickId(deps, 'Sales person', deps.defaults.userId, refs?.users.map((u) => ({ id: u.id, name: u.name, description: u.role })));
  const issuedTo = (await prompter.text('Customer name', { default: 'Walk-in customer' })).trim();
  const phone = (await prompter.text('Customer phone (- for none)', { default: '-', validate: (v) => (v.trim().length <= 50 ? true : 'at most 50 characters') })).trim();

  let stock: readonly StockUnit[] = [];
  let manualOnly = false;
  try {
    stock = await deps.units();
  } catch (error) {
    manualOnly = true;
    say(`could not load the units in stock (${(error as Error).message}); enter items by product id`);
  }

  // Units at the sale's own shop first: those are the ones on the counter.
  const atShop = (unit: StockUnit) => (unit.shopId === retailShopId ? 0 : 1);
  stock = [...stock].sort((a, b) => atShop(a) - atShop(b));
  const lines = await addLines(deps, stock, refs?.products ?? [], manualOnly || !refs);
  const totals = draftTotals(lines);
  const payments = await takePayments(deps, totals.totalAmountCents);
  const fallbackMethod = payments.length === 0 ? await methodWhenUnpaid(prompter) : 'CASH';

  const header: SaleHeader = {
    companyId: deps.companyId,
    retailShopId,
    cashbookId,
    userId,
    issuedTo,
    issuedToPhone: phone === '-' ? '' : phone,
    refNo: `POS-${retailShopId}-${idempotencyKey.slice(0, 8)}`,
    notes: '',
  };
  const body = composeSale(header, lines, payments, fallbackMethod);
  for (const line of summary(lines, payments, totals.totalAmountCents)) say(line);
  const paid = paidCents(payments);
  const balance = totals.totalAmountCents - paid;
  const ok = await prompter.confirm(
    `Save this sale? Total ${moneyCents(totals.totalAmountCents)}, paid ${moneyCents(paid)}${balance > 0 ? `, ${moneyCents(balance)} on credit` : ''}`,
    { default: true },
  );
  return ok ? { body, idempotencyKey, lines, payments } : undefined;
}

interface Listed {
  id: number;
  name: string;
  description?: string;
}

/** The default if there is one; else the only entry, a pick from the list, or (no list) the id typed in. */
async function pickId(deps: InteractiveSaleDeps, what: string, fallback: number | undefined, list: Listed[] | undefined): Promise<number> {
  if (fallback !== undefined) return fallback;
  if (list && list.length === 1) {
    deps.say(`${what}: ${list[0]!.name}`);
    return list[0]!.id;
  }
  if (list && list.length > 1) {
    return deps.prompter.select(what, list.map((entry): Choice<number> => ({ name: entry.name, value: entry.id, description: entry.description })));
  }
  return deps.prompter.positiveInteger(`${what} id`);
}

async function addLines(deps: InteractiveSaleDeps, stock: readonly StockUnit[], products: readonly ReferenceProduct[], manual: boolean): Promise<DraftLine[]> {
  const { prompter, say } = deps;
  const lines: DraftLine[] = [];
  for (;;) {
    const taken = new Set(lines.map((l) => l.invItemSpecsId).filter((id) => id !== undefined));
    const pick = await prompter.search<Pick_>(
      lines.length === 0 ? 'Add an item (type an IMEI, serial, name or code)' : 'Add another item, or choose Done',
      async (term) => itemChoices(term, stock.filter((u) => !taken.has(u.id)), products, lines, manual),
    );
    if (pick.kind === 'done') return lines;
    const line = pick.kind === 'unit' ? await unitLine(deps, pick.unit) : pick.kind === 'product' ? await productLine(deps, pick.product) : await manualLine(deps);
    const gross = lineAmounts({ ...line, discount: 0 }).grossCents;
    line.discount = gross > 0 ? await prompter.money('Discount on this line', { default: 0, max: fromCents(gross) }) : 0;
    lines.push(line);
    const totals = draftTotals(lines);
    say(
      `  ${lines.length} ${lines.length === 1 ? 'line' : 'lines'}: subtotal ${moneyCents(totals.subTotalCents)}, discount ${moneyCents(totals.totalDiscountCents)}, ` +
        `tax ${moneyCents(totals.totalTaxCents)}, total ${moneyCents(totals.totalAmountCents)}`,
    );
  }
}

/** What the search shows for the typed term: matching units, then products; "Done" while nothing is typed. */
export function itemChoices(
  term: string | undefined,
  stock: readonly StockUnit[],
  products: readonly ReferenceProduct[],
  lines: readonly DraftLine[],
  manual: boolean,
): Choice<Pick_>[] {
  const words = (term ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (...fields: (string | null | undefined)[]) => {
    const haystack = fields.filter(Boolean).join(' ').toLowerCase();
    return words.every((w) => haystack.includes(w));
  };
  const choices: Choice<Pick_>[] = [];
  if (lines.length > 0 && words.length === 0) {
    const total = draftTotals(lines).totalAmountCents;
    choices.push({ name: `Done: go to payment (${lines.length} ${lines.length === 1 ? 'line' : 'lines'}, total ${moneyCents(total)})`, value: { kind: 'done' } });
  }
  for (const unit of stock) {
    if (choices.length >= MAX_CHOICES) break;
    if (!matches(unit.itemName, unit.itemCode, unit.serialNo, unit.imei1, unit.imei2, unit.color)) continue;
    const id = unit.imei1 ? `IMEI ${unit.imei1}` : unit.serialNo ? `S/N ${unit.serialNo}` : `unit ${unit.id}`;
    choices.push({
      name: `${unit.itemName ?? `unit ${unit.id}`}  ${id}  ${money(unit.salePrice ?? 0)}`,
      value: { kind: 'unit', unit },
      description: [unit.serialNo && `serial ${unit.serialNo}`, unit.imei2 && `IMEI2 ${unit.imei2}`, unit.color, unit.shop ?? unit.warehouse].filter(Boolean).join(' · '),
    });
  }
  for (const product of products) {
    if (choices.length >= MAX_CHOICES) break;
    if (!matches(product.name, product.code)) continue;
    choices.push({ name: `${product.name} (${product.code})  ${money(product.price)}`, value: { kind: 'product', product }, description: 'sold by quantity' });
  }
  if (manual) choices.push({ name: 'Other item: enter its product id and price', value: { kind: 'manual' } });
  return choices;
}

async function unitLine(deps: InteractiveSaleDeps, unit: StockUnit): Promise<DraftLine> {
  const productId = unit.itemProductId ?? unit.itemSpecId ?? (await deps.prompter.positiveInteger(`Product id of unit ${unit.id}`));
  const tax =
    unit.taxRate !== undefined && unit.taxRate !== null && (unit.taxIncExc === 0 || unit.taxIncExc === 1)
      ? { taxRateId: unit.taxRateId ?? null, taxRate: unit.taxRate, taxIncExc: unit.taxIncExc as TaxIncExc }
      : await askTax(deps);
  return {
    item: unit.itemName ?? `unit ${unit.id}`,
    itemProductId: productId,
    invItemSpecsId: unit.id,
    identifier: unit.imei1 ? `IMEI ${unit.imei1}` : unit.serialNo ? `S/N ${unit.serialNo}` : undefined,
    buyingPrice: unit.salePrice ?? (await deps.prompter.money('Price')),
    unitCost: unit.purchasePrice ?? 0,
    qty: 1,
    discount: 0,
    ...tax,
  };
}

async function productLine(deps: InteractiveSaleDeps, product: ReferenceProduct): Promise<DraftLine> {
  const qty = await askQuantity(deps.prompter);
  const price = await deps.prompter.money('Unit price', { default: product.price });
  return {
    item: product.name,
    itemProductId: product.id,
    buyingPrice: price,
    unitCost: product.cost,
    qty,
    discount: 0,
    taxRateId: product.taxRateId,
    taxRate: product.taxRate,
    taxIncExc: product.taxIncExc,
  };
}

async function manualLine(deps: InteractiveSaleDeps): Promise<DraftLine> {
  const { prompter } = deps;
  const itemProductId = await prompter.positiveInteger('Product id');
  const item = (await prompter.text('Item name')).trim();
  const qty = await askQuantity(prompter);
  const buyingPrice = await prompter.money('Unit price');
  const unitCost = await prompter.money('Unit cost', { default: 0 });
  return { item, itemProductId, qty, buyingPrice, unitCost, discount: 0, ...(await askTax(deps)) };
}

async function askQuantity(prompter: Prompter): Promise<number> {
  const text = await prompter.text('Quantity', {
    default: '1',
    validate: (value) => (/^\s*\d+(\.\d{1,3})?\s*$/.test(value) && Number(value) > 0 ? true : 'a quantity above 0 with at most 3 decimals, e.g. 2 or 0.5'),
  });
  return Number(text.trim());
}

async function askTax(deps: InteractiveSaleDeps): Promise<{ taxRateId: number | null; taxRate: number; taxIncExc: TaxIncExc }> {
  const { prompter, refs } = deps;
  let taxRateId: number | null = null;
  let taxRate: number;
  if (refs && refs.taxRates.length > 0) {
    const rate = await prompter.select('Tax rate', refs.taxRates.map((r) => ({ name: `${r.name} (${r.rate}%)`, value: r })));
    taxRateId = rate.id;
    taxRate = rate.rate;
  } else {
    const text = await prompter.text('Tax rate in percent', {
      default: '16',
      validate: (value) => (/^\s*\d{1,3}(\.\d{1,2})?\s*$/.test(value) && Number(value) <= 100 ? true : 'a percentage from 0 to 100, e.g. 16'),
    });
    taxRate = Number(text.trim());
  }
  const taxIncExc = await prompter.select<TaxIncExc>('Is the tax in the price?', [
    { name: 'Price includes tax', value: 1 },
    { name: 'Tax is added to the price', value: 0 },
  ]);
  return { taxRateId, taxRate, taxIncExc };
}

type PaymentPick = { kind: 'channel'; channel: ReferencePaymentChannel } | { kind: 'method'; method: PaymentMethod } | { kind: 'credit' };

/** Payments until the total is covered or the person leaves the rest on credit. */
async function takePayments(deps: InteractiveSaleDeps, totalCents: number): Promise<DraftPayment[]> {
  const { prompter, refs } = deps;
  const payments: DraftPayment[] = [];
  let remaining = totalCents;
  while (remaining > 0) {
    const choices: Choice<PaymentPick>[] = refs?.paymentChannels.length
      ? refs.paymentChannels.map((channel) => ({ name: `${channel.name} (${channel.method})`, value: { kind: 'channel', channel } }))
      : PAYMENT_METHODS.map((method) => ({ name: method, value: { kind: 'method', method } }));
    choices.push({ name: `Nothing ${payments.length ? 'more ' : ''}now: leave ${moneyCents(remaining)} on credit`, value: { kind: 'credit' } });
    const pick = await prompter.select(payments.length === 0 ? `Paid by (total ${moneyCents(totalCents)})` : `Paid by (remaining ${moneyCents(remaining)})`, choices);
    if (pick.kind === 'credit') break;
    const method = pick.kind === 'channel' ? pick.channel.method : pick.method;
    const name = pick.kind === 'channel' ? pick.channel.name : pick.method;
    const amount = await prompter.money(`Amount by ${name}`, { default: fromCents(remaining), max: fromCents(remaining) });
    const cents = toCents(amount);
    if (cents === 0) continue;
    const referenceNo = method === 'CASH' ? '' : (await prompter.text(method === 'MPESA' ? 'M-Pesa transaction code' : 'Cheque number', { validate: (v) => (v.trim().length <= 100 ? true : 'at most 100 characters') })).trim();
    payments.push({ channelId: pick.kind === 'channel' ? pick.channel.id : undefined, name, method, amount, referenceNo });
    remaining -= cents;
  }
  return payments;
}

/** A sale wholly on credit still names a payment method (the interface requires one). */
async function methodWhenUnpaid(prompter: Prompter): Promise<PaymentMethod> {
  return prompter.select('Payment method to record for the credit', PAYMENT_METHODS.map((method) => ({ name: method, value: method })), { default: 'CASH' });
}

/** The sale as the person confirms it. */
export function summary(lines: readonly DraftLine[], payments: readonly DraftPayment[], totalCents: number): string[] {
  const out = ['', 'Sale:'];
  for (const line of lines) {
    const amounts = lineAmounts(line);
    out.push(`  ${line.qty} x ${line.item}${line.identifier ? ` (${line.identifier})` : ''}  ${moneyCents(amounts.lineTotalCents)}${line.discount ? ` after ${money(line.discount)} discount` : ''}`);
  }
  const totals = draftTotals(lines);
  out.push(`  subtotal ${moneyCents(totals.subTotalCents)}, discount ${moneyCents(totals.totalDiscountCents)}, tax ${moneyCents(totals.totalTaxCents)}, total ${moneyCents(totalCents)}`);
  for (const payment of payments) out.push(`  paid ${money(payment.amount)} by ${payment.name}${payment.referenceNo ? ` (${payment.referenceNo})` : ''}`);
  const balance = totalCents - paidCents(payments);
  if (balance > 0) out.push(`  balance ${moneyCents(balance)} on credit`);
  return out;
}
