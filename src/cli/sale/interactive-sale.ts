/**
 * Composing a sale with a person at the terminal: header ids from the flags or the profile (else
 * picked from the company's lists), the customer, lines found by typing an IMEI, serial, name or
 * code, running totals after each line, payments over channels with the last one defaulting to
 * what remains (the rest is credit; cash above it gives change), then a summary where lines,
 * payments and the customer can be changed before saving. Every answer is checked as it is
 * typed, with the server's own rules; a sale the server still refuses comes back to the summary
 * with the reasons. Everything it needs is passed in, so a scripted prompter can drive it.
 */
import type { PaymentMethod, SaveCashSaleBody } from '../../contract/cash-sale.js';
import { PAYMENT_METHODS } from '../../contract/enums.js';
import { errorKindOf } from '../../contract/error-kinds.js';
import type { Loose } from '../../client/validate.js';
import type { ItemCatalogSpecRecord } from '../../contract/receipt.js';
import type { ReferenceData, ReferencePaymentChannel, ReferenceProduct } from '../../contract/reference-data.js';
import { fromCents, toCents } from '../../domain/money.js';
import type { TaxIncExc } from '../../domain/sale-line.js';
import type { Choice, Prompter } from '../io/prompter.js';
import { readDiscount } from '../io/amount-text.js';
import { formatCents } from '../output/money-text.js';
import { checkSale } from '../../domain/sale-check.js';
import { soldUnitText } from '../../domain/sold-unit-text.js';
import type { LookedUpUnit } from '../../contract/unit-lookup.js';
import { customerNameRule, customerPhoneRule, itemNameRule, mpesaCodeOf, mpesaCodeRule, paymentReferenceRule } from './field-rules.js';
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
  /** Units with this IMEI or serial number, sold or not (the local server); undefined where the server cannot say. */
  lookUpUnit?: (identifier: string) => Promise<readonly LookedUpUnit[] | undefined>;
  /** Units sold in sales kept offline, not yet sent: said as such when their IMEI or serial is typed. */
  soldHere?: readonly UnitSoldHere[];
  /** Sends the sale chosen to be saved; a refusal comes back to the summary. Absent: the sale is returned as composed. */
  submit?: (sale: ComposedSale) => Promise<SubmitOutcome>;
}

export interface UnitSoldHere {
  unit: StockUnit;
  /** The kept sale's number in the outbox, and its customer. */
  outboxId: number;
  issuedTo: string;
}

export interface ComposedSale {
  body: SaveCashSaleBody;
  idempotencyKey: string;
  lines: DraftLine[];
  payments: DraftPayment[];
}

type Pick_ =
  | { kind: 'done' }
  | { kind: 'notInStock'; text: string }
  | { kind: 'unit'; unit: StockUnit }
  | { kind: 'product'; product: ReferenceProduct }
  | { kind: 'manual' };

const MAX_CHOICES = 40;
const money = (amount: number) => formatCents(toCents(amount));
const moneyCents = (cents: number) => formatCents(cents);

/** What became of a sale sent from the summary: saved (or kept), or refused with the reasons. */
export type SubmitOutcome = { done: true } | { done: false; reasons: string[] };

/**
 * The composed sale once the person chose to save it and `submit` (when given) took it; or
 * undefined when the person cancelled it. A refusal brings the person back to the summary with
 * the reasons and the sale as it was, to fix and send again.
 */
export async function composeSaleInteractively(deps: InteractiveSaleDeps): Promise<ComposedSale | undefined> {
  const { prompter, say, refs } = deps;
  const idempotencyKey = deps.newKey();
  const retailShopId = await pickId(
    deps,
    'Shop',
    deps.defaults.retailShopId,
    refs?.shops.map((s) => ({ id: s.id, name: s.name, description: s.location ?? undefined })),
  );
  const cashbookId = await pickId(
    deps,
    'Cashbook',
    deps.defaults.cashbookId,
    refs?.cashbooks.map((c) => ({ id: c.id, name: `${c.name} (${c.code})` })),
  );
  const userId = await pickId(
    deps,
    'Sales person',
    deps.defaults.userId,
    refs?.users.map((u) => ({ id: u.id, name: u.name, description: u.role })),
  );
  const customer = await askCustomer(prompter, { issuedTo: 'Walk-in customer', issuedToPhone: '' });

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
  const catalog: Catalog = { stock, products: refs?.products ?? [], manual: manualOnly || !refs };
  const draft: Draft = { customer, lines: [], payments: [] };
  await addLines(deps, catalog, draft.lines);
  draft.payments = await takePayments(deps, draftTotals(draft.lines).totalAmountCents, []);
  const fallbackMethod = draft.payments.length === 0 && draftTotals(draft.lines).totalAmountCents > 0 ? await methodWhenUnpaid(prompter) : 'CASH';
  const compose = (): ComposedSale => {
    const header: SaleHeader = {
      companyId: deps.companyId,
      retailShopId,
      cashbookId,
      userId,
      issuedTo: draft.customer.issuedTo,
      issuedToPhone: draft.customer.issuedToPhone,
      refNo: `POS-${retailShopId}-${idempotencyKey.slice(0, 8)}`,
      notes: '',
    };
    return { body: composeSale(header, draft.lines, draft.payments, fallbackMethod), idempotencyKey, lines: draft.lines, payments: draft.payments };
  };
  return reviewSale(deps, catalog, draft, compose);
}

interface Catalog {
  stock: readonly StockUnit[];
  products: readonly ReferenceProduct[];
  manual: boolean;
}

interface Customer {
  issuedTo: string;
  issuedToPhone: string;
}

interface Draft {
  customer: Customer;
  lines: DraftLine[];
  payments: DraftPayment[];
}

type Next =
  | { kind: 'save' }
  | { kind: 'add' }
  | { kind: 'editLine'; index: number }
  | { kind: 'removeLine'; index: number }
  | { kind: 'addPayment' }
  | { kind: 'removePayment'; index: number }
  | { kind: 'customer' }
  | { kind: 'cancel' };

/**
 * The summary, and what the person does next: save, add or change a line, take or remove a
 * payment, change the customer, or cancel. Saving checks the sale with the server's own rules
 * first; a refusal (the local check's or the server's) is said and the summary comes back.
 */
async function reviewSale(deps: InteractiveSaleDeps, catalog: Catalog, draft: Draft, compose: () => ComposedSale): Promise<ComposedSale | undefined> {
  const { prompter, say } = deps;
  for (;;) {
    const totalCents = draftTotals(draft.lines).totalAmountCents;
    for (const line of summary(draft.lines, draft.payments, totalCents, draft.customer)) say(line);
    const paid = paidCents(draft.payments);
    const overpaid = paid > totalCents;
    const balance = totalCents - paid;
    const choices: Choice<Next>[] = [];
    if (draft.lines.length > 0 && !overpaid) {
      choices.push({
        name: `Save the sale: total ${moneyCents(totalCents)}, paid ${moneyCents(paid)}${balance > 0 ? `, ${moneyCents(balance)} on credit` : ''}`,
        value: { kind: 'save' },
      });
    }
    choices.push({ name: 'Add an item', value: { kind: 'add' } });
    draft.lines.forEach((line, index) => {
      choices.push({ name: `Change line ${index + 1}: ${line.qty} x ${line.item}`, value: { kind: 'editLine', index } });
    });
    draft.lines.forEach((line, index) => choices.push({ name: `Remove line ${index + 1}: ${line.item}`, value: { kind: 'removeLine', index } }));
    if (balance > 0) choices.push({ name: `Take a payment (${moneyCents(balance)} to pay)`, value: { kind: 'addPayment' } });
    draft.payments.forEach((payment, index) =>
      choices.push({ name: `Remove payment ${index + 1}: ${money(payment.amount)} by ${payment.name}`, value: { kind: 'removePayment', index } }),
    );
    choices.push({ name: `Change the customer (${draft.customer.issuedTo})`, value: { kind: 'customer' } });
    choices.push({ name: 'Cancel: do not save this sale', value: { kind: 'cancel' } });
    if (overpaid) say(`  the payments (${moneyCents(paid)}) are more than the total (${moneyCents(totalCents)}): remove a payment and take it again`);

    let next: Next | undefined;
    try {
      next = await prompter.select('What next?', choices, { default: choices[0]!.value });
      switch (next.kind) {
        case 'save': {
          const composed = compose();
          const problems = checkSale(composed.body).problems;
          if (problems.length > 0) {
            say('this sale cannot be saved yet:');
            for (const problem of problems) say(`  - ${problem.message}`);
            break;
          }
          if (!deps.submit) return composed;
          const outcome = await deps.submit(composed);
          if (outcome.done) return composed;
          say('the service refused the sale; nothing was saved. Fix it here and save again:');
          for (const reason of outcome.reasons) say(`  - ${reason}`);
          break;
        }
        case 'add':
          await addLines(deps, catalog, draft.lines);
          break;
        case 'editLine':
          await editLine(deps, draft.lines[next.index]!);
          break;
        case 'removeLine':
          draft.lines.splice(next.index, 1);
          break;
        case 'addPayment':
          draft.payments = await takePayments(deps, totalCents, draft.payments);
          break;
        case 'removePayment':
          draft.payments.splice(next.index, 1);
          break;
        case 'customer':
          draft.customer = await askCustomer(prompter, draft.customer);
          break;
        case 'cancel':
          if (await prompter.confirm('Discard this sale?', { default: false })) return undefined;
          break;
      }
    } catch (error) {
      // Ctrl-C at the summary, or in what it led to, asks as Cancel does: the sale is not lost
      // to one key pressed by mistake. Ctrl-C again, at this question, leaves.
      // A save interrupted may have reached the service: never asked whether to discard it.
      if (errorKindOf(error) !== 'interrupted' || next?.kind === 'save') throw error;
      say('');
      if (await prompter.confirm('Discard this sale?', { default: false })) return undefined;
    }
  }
}

async function askCustomer(prompter: Prompter, current: Customer): Promise<Customer> {
  const issuedTo = (await prompter.text('Customer name', { default: current.issuedTo, validate: customerNameRule })).trim();
  const phone = (await prompter.text('Customer phone (- for none)', { default: current.issuedToPhone || '-', validate: customerPhoneRule })).trim();
  return { issuedTo, issuedToPhone: phone === '-' ? '' : phone };
}

/** A line's quantity (not a unit's: that is one), price and discount, asked again with the current values as defaults. */
async function editLine(deps: InteractiveSaleDeps, line: DraftLine): Promise<void> {
  if (line.invItemSpecsId === undefined) line.qty = await askQuantity(deps.prompter, line.qty);
  line.buyingPrice = await askMoney(deps.prompter, 'Unit price', { default: line.buyingPrice });
  line.discount = 0;
  line.discount = await askDiscount(deps.prompter, line);
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
    return deps.prompter.select(
      what,
      list.map((entry): Choice<number> => ({ name: entry.name, value: entry.id, description: entry.description })),
    );
  }
  return deps.prompter.positiveInteger(`${what} id`);
}

/** Adds lines until the person chooses Done. */
async function addLines(deps: InteractiveSaleDeps, catalog: Catalog, lines: DraftLine[]): Promise<void> {
  const { prompter, say } = deps;
  for (;;) {
    const taken = new Set(lines.map((l) => l.invItemSpecsId).filter((id) => id !== undefined));
    const pick = await prompter.search<Pick_>(
      lines.length === 0 ? 'Add an item (type an IMEI, serial, name or code)' : 'Add another item, or choose Done',
      async (term) => {
        const choices = itemChoices(
          term,
          catalog.stock.filter((u) => !taken.has(u.id)),
          catalog.products,
          lines,
          catalog.manual,
        );
        return choices.some((c) => c.value.kind === 'unit' || c.value.kind === 'product') ? choices : [...(await notInStock(deps, term)), ...choices];
      },
    );
    if (pick.kind === 'done') return;
    if (pick.kind === 'notInStock') {
      say(`  ${pick.text}`);
      continue;
    }
    const line =
      pick.kind === 'unit' ? await unitLine(deps, pick.unit) : pick.kind === 'product' ? await productLine(deps, pick.product) : await manualLine(deps);
    line.discount = await askDiscount(prompter, line);
    lines.push(line);
    const totals = draftTotals(lines);
    say(
      `  ${lines.length} ${lines.length === 1 ? 'line' : 'lines'}: subtotal ${moneyCents(totals.subTotalCents)}, discount ${moneyCents(totals.totalDiscountCents)}, ` +
        `tax ${moneyCents(totals.totalTaxCents)}, total ${moneyCents(totals.totalAmountCents)}`,
    );
  }
}

/**
 * What the search says when no unit in stock matches a typed IMEI or serial number: the unit
 * exists but was sold (which receipt, when, by whom), rather than "No results".
 */
async function notInStock(deps: InteractiveSaleDeps, term: string | undefined): Promise<Choice<Pick_>[]> {
  const identifier = (term ?? '').trim();
  if (identifier.length < 5 || /\s/.test(identifier)) return [];
  const keptHere = (deps.soldHere ?? [])
    .filter(({ unit }) => [unit.imei1, unit.imei2, unit.serialNo].includes(identifier))
    .map(({ unit, outboxId, issuedTo }): Choice<Pick_> => {
      const text = `${unit.itemName ?? `unit ${unit.id}`} was sold to ${issuedTo} in sale #${outboxId}, kept offline and not sent yet (\`shopprop sale outbox show ${outboxId}\`)`;
      return { name: `${unit.itemName ?? `unit ${unit.id}`}: not in stock, sold in sale #${outboxId} kept offline`, value: { kind: 'notInStock', text } };
    });
  if (keptHere.length > 0 || !deps.lookUpUnit) return keptHere;
  const units = await deps.lookUpUnit(identifier).catch(() => undefined);
  const timeZone = deps.refs?.company.timeZone ?? 'Africa/Nairobi';
  return (units ?? [])
    .filter((unit) => unit.status !== 'in_stock')
    .map((unit) => ({
      name: `${unit.itemName}: not in stock${unit.sale ? `, sold on receipt ${unit.sale.receiptNo}` : ''}`,
      value: { kind: 'notInStock', text: soldUnitText(unit, timeZone) },
    }));
}

/** The discount on a line: an amount or a percentage of its price x quantity (`10%`). */
async function askDiscount(prompter: Prompter, line: DraftLine): Promise<number> {
  const gross = lineAmounts({ ...line, discount: 0 }).grossCents;
  if (gross <= 0) return 0;
  const answer = await prompter.text('Discount on this line (an amount, or a percentage like 10%)', {
    default: line.discount ? money(line.discount) : '0',
    validate: (value) => {
      const reading = readDiscount(value, gross);
      return 'problem' in reading ? reading.problem : true;
    },
  });
  const reading = readDiscount(answer, gross);
  return 'cents' in reading ? fromCents(reading.cents) : 0;
}

/** An amount typed with or without thousands separators (`10,000`, `10 000`), at most `max`. */
async function askMoney(prompter: Prompter, message: string, options: { default?: number; max?: number } = {}): Promise<number> {
  return prompter.money(message, options);
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
    choices.push({
      name: `Done: go to payment (${lines.length} ${lines.length === 1 ? 'line' : 'lines'}, total ${moneyCents(total)})`,
      value: { kind: 'done' },
    });
  }
  for (const unit of stock) {
    if (choices.length >= MAX_CHOICES) break;
    if (!matches(unit.itemName, unit.itemCode, unit.serialNo, unit.imei1, unit.imei2, unit.color)) continue;
    const id = unit.imei1 ? `IMEI ${unit.imei1}` : unit.serialNo ? `S/N ${unit.serialNo}` : `unit ${unit.id}`;
    choices.push({
      name: `${unit.itemName ?? `unit ${unit.id}`}  ${id}  ${money(unit.salePrice ?? 0)}`,
      value: { kind: 'unit', unit },
      description: [unit.serialNo && `serial ${unit.serialNo}`, unit.imei2 && `IMEI2 ${unit.imei2}`, unit.color, unit.shop ?? unit.warehouse]
        .filter(Boolean)
        .join(' · '),
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
    buyingPrice: unit.salePrice ?? (await askMoney(deps.prompter, 'Price')),
    unitCost: unit.purchasePrice ?? 0,
    qty: 1,
    discount: 0,
    ...tax,
  };
}

async function productLine(deps: InteractiveSaleDeps, product: ReferenceProduct): Promise<DraftLine> {
  const qty = await askQuantity(deps.prompter);
  const price = await askMoney(deps.prompter, 'Unit price', { default: product.price });
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
  const item = (await prompter.text('Item name', { validate: itemNameRule })).trim();
  const qty = await askQuantity(prompter);
  const buyingPrice = await askMoney(prompter, 'Unit price');
  const unitCost = await askMoney(prompter, 'Unit cost', { default: 0 });
  return { item, itemProductId, qty, buyingPrice, unitCost, discount: 0, ...(await askTax(deps)) };
}

async function askQuantity(prompter: Prompter, current = 1): Promise<number> {
  const text = await prompter.text('Quantity', {
    default: String(current),
    validate: (value) => (/^\s*\d+(\.\d{1,3})?\s*$/.test(value) && Number(value) > 0 ? true : 'a quantity above 0 with at most 3 decimals, e.g. 2 or 0.5'),
  });
  return Number(text.trim());
}

async function askTax(deps: InteractiveSaleDeps): Promise<{ taxRateId: number | null; taxRate: number; taxIncExc: TaxIncExc }> {
  const { prompter, refs } = deps;
  let taxRateId: number | null = null;
  let taxRate: number;
  if (refs && refs.taxRates.length > 0) {
    const rate = await prompter.select(
      'Tax rate',
      refs.taxRates.map((r) => ({ name: `${r.name} (${r.rate}%)`, value: r })),
    );
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

/**
 * Payments until the total is covered or the person leaves the rest on credit. Cash may be more
 * than what is due: the amount paid is what was due, and the rest is change, said at once and
 * printed on the receipt.
 */
async function takePayments(deps: InteractiveSaleDeps, totalCents: number, already: readonly DraftPayment[]): Promise<DraftPayment[]> {
  const { prompter, refs, say } = deps;
  const payments: DraftPayment[] = [...already];
  let remaining = totalCents - paidCents(payments);
  while (remaining > 0) {
    const choices: Choice<PaymentPick>[] = refs?.paymentChannels.length
      ? refs.paymentChannels.map((channel) => ({ name: `${channel.name} (${channel.method})`, value: { kind: 'channel', channel } }))
      : PAYMENT_METHODS.map((method) => ({ name: method, value: { kind: 'method', method } }));
    choices.push({ name: `Nothing ${payments.length ? 'more ' : ''}now: leave ${moneyCents(remaining)} on credit`, value: { kind: 'credit' } });
    const pick = await prompter.select(
      payments.length === 0 ? `Paid by (total ${moneyCents(totalCents)})` : `Paid by (remaining ${moneyCents(remaining)})`,
      choices,
    );
    if (pick.kind === 'credit') break;
    const method = pick.kind === 'channel' ? pick.channel.method : pick.method;
    const name = pick.kind === 'channel' ? pick.channel.name : pick.method;
    const cash = method === 'CASH';
    const handed = toCents(
      await askMoney(prompter, cash ? `Cash received (due ${moneyCents(remaining)})` : `Amount by ${name}`, {
        default: fromCents(remaining),
        max: cash ? undefined : fromCents(remaining),
      }),
    );
    if (handed === 0) continue;
    const cents = Math.min(handed, remaining);
    if (handed > cents) say(`  change: ${moneyCents(handed - cents)}`);
    const referenceNo = cash
      ? ''
      : method === 'MPESA'
        ? mpesaCodeOf(await prompter.text('M-Pesa transaction code', { validate: mpesaCodeRule }))
        : (await prompter.text('Cheque number', { validate: paymentReferenceRule })).trim();
    const payment: DraftPayment = { channelId: pick.kind === 'channel' ? pick.channel.id : undefined, name, method, amount: fromCents(cents), referenceNo };
    if (handed > cents) payment.tendered = fromCents(handed);
    payments.push(payment);
    remaining -= cents;
  }
  return payments;
}

/** A sale wholly on credit still names a payment method (the interface requires one). */
async function methodWhenUnpaid(prompter: Prompter): Promise<PaymentMethod> {
  return prompter.select(
    'Payment method to record for the credit',
    PAYMENT_METHODS.map((method) => ({ name: method, value: method })),
    { default: 'CASH' },
  );
}

/** The sale as the person reviews it: numbered lines and payments, totals, change and credit. */
export function summary(lines: readonly DraftLine[], payments: readonly DraftPayment[], totalCents: number, customer?: Customer): string[] {
  const out = ['', `Sale${customer ? ` to ${customer.issuedTo}${customer.issuedToPhone ? ` (${customer.issuedToPhone})` : ''}` : ''}:`];
  lines.forEach((line, index) => {
    const amounts = lineAmounts(line);
    out.push(
      `  ${index + 1}. ${line.qty} x ${line.item}${line.identifier ? ` (${line.identifier})` : ''}  ${moneyCents(amounts.lineTotalCents)}${line.discount ? ` after ${money(line.discount)} discount` : ''}`,
    );
  });
  if (lines.length === 0) out.push('  (no items yet)');
  const totals = draftTotals(lines);
  out.push(
    `  subtotal ${moneyCents(totals.subTotalCents)}, discount ${moneyCents(totals.totalDiscountCents)}, tax ${moneyCents(totals.totalTaxCents)}, total ${moneyCents(totalCents)}`,
  );
  payments.forEach((payment, index) => {
    const change = payment.tendered !== undefined ? toCents(payment.tendered) - toCents(payment.amount) : 0;
    out.push(
      `  payment ${index + 1}: ${money(payment.amount)} by ${payment.name}${payment.referenceNo ? ` (${payment.referenceNo})` : ''}` +
        (change > 0 ? `, tendered ${money(payment.tendered!)}, change ${moneyCents(change)}` : ''),
    );
  });
  const balance = totalCents - paidCents(payments);
  if (balance > 0) out.push(`  balance ${moneyCents(balance)} on credit`);
  return out;
}
