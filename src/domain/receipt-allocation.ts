/**
 * How a tenant's receipts are booked against the tenancy's charges (DOMAIN.md "Ledger"). The
 * ledger is the truth: allocations are a function of the tenancy's dated events alone, derived
 * by replaying them in date order (replayTenancy), never of the order they were imported in.
 *
 * - events in date order; on one date charges before receipts (a charge is dated the first
 *   millisecond of its day, a receipt at or after it), ties by id;
 * - a receipt pays the open charges, oldest first (by charge date); within one date rent
 *   before service before other dues;
 * - a charge is paid with its tax: a part payment splits between the charge and its tax in
 *   proportion to the charge's own amount and tax (the tax part rounded half away from zero);
 *   the payment that clears the charge takes the exact remainder;
 * - what is left after every open charge is rent paid in advance: an allocation without a
 *   charge, booked as rent in the receipt's month. Each later charge consumes that credit when
 *   it is raised (charges of one date: rent first), with the same split; no allocation is
 *   written then: the money counted as paid when it came in.
 */
import { multiplyDivideRounded, type Cents } from './money.js';

export type ChargeKind = 'rent' | 'service' | 'other';
export type AllocationPart = 'rent' | 'rent_tax' | 'service' | 'service_tax' | 'other';

export interface OpenCharge {
  chargeId: number;
  kind: ChargeKind;
  chargeDate: number;
  serviceId: number | null;
  /** Still unpaid, without tax. */
  amountDue: Cents;
  /** Still unpaid tax. */
  taxDue: Cents;
  /** The charge as raised, without tax and its tax (default: the dues, an unpaid charge). */
  amount?: Cents;
  tax?: Cents;
}

export interface Allocation {
  /** null: rent paid in advance. */
  chargeId: number | null;
  part: AllocationPart;
  amount: Cents;
  /** Date of the charge paid (null for an advance): lets reports tell arrears from current dues. */
  chargeDate: number | null;
  serviceId: number | null;
}

const KIND_ORDER: Record<ChargeKind, number> = { rent: 0, service: 1, other: 2 };

/** Oldest first; rent, then service, then other dues; then by id for a stable order. */
export function compareCharges(a: OpenCharge, b: OpenCharge): number {
  return a.chargeDate - b.chargeDate || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.chargeId - b.chargeId;
}

/**
 * Splits a payment between a charge and its tax in proportion to the charge as raised
 * (`amount` and `tax`, default the dues): tax part round(payment x tax / (amount + tax)), kept
 * within what is still due of each. A payment of the whole due takes the exact remainder.
 */
export function splitPayment(payment: Cents, amountDue: Cents, taxDue: Cents, amount: Cents = amountDue, tax: Cents = taxDue): { amount: Cents; tax: Cents } {
  const due = amountDue + taxDue;
  if (payment >= due) return { amount: amountDue, tax: taxDue };
  if (due <= 0 || payment <= 0) return { amount: 0, tax: 0 };
  let taxPart = Math.min(multiplyDivideRounded(payment, tax, amount + tax), taxDue);
  // Earlier part payments may have rounded the tax down: the charge's own part is never overpaid.
  if (payment - taxPart > amountDue) taxPart = payment - amountDue;
  return { amount: payment - taxPart, tax: taxPart };
}

/** Pays `payment` (at most the due) of a charge; returns the parts and the charge after it. */
function pay(charge: OpenCharge, payment: Cents): { paid: { amount: Cents; tax: Cents }; after: OpenCharge } {
  const paid = splitPayment(payment, charge.amountDue, charge.taxDue, charge.amount ?? charge.amountDue, charge.tax ?? charge.taxDue);
  return { paid, after: { ...charge, amountDue: charge.amountDue - paid.amount, taxDue: charge.taxDue - paid.tax } };
}

const PARTS: Record<ChargeKind, [AllocationPart, AllocationPart]> = {
  rent: ['rent', 'rent_tax'],
  service: ['service', 'service_tax'],
  other: ['other', 'other'],
};

export interface ReceiptAllocation {
  allocations: Allocation[];
  /** The open charges after the receipt (paid ones removed), in allocation order. */
  open: OpenCharge[];
  /** Cents booked as rent paid in advance. */
  advance: Cents;
}

/**
 * Allocates a receipt of `amount` cents dated `receiptDate` to the open charges.
 * Pure: returns new open charges rather than changing the given ones.
 */
export function allocateReceipt(open: readonly OpenCharge[], amount: Cents, receiptDate: number): ReceiptAllocation {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`a receipt amount must be positive cents, not ${amount}`);
  const allocations: Allocation[] = [];
  const remaining: OpenCharge[] = [];
  let left = amount;
  for (const charge of [...open].sort(compareCharges)) {
    if (left === 0 || charge.chargeDate > receiptDate) {
      remaining.push(charge);
      continue;
    }
    const { paid, after } = pay(charge, left);
    left -= paid.amount + paid.tax;
    pushParts(allocations, charge, paid);
    if (after.amountDue + after.taxDue > 0) remaining.push(after);
  }
  if (left > 0) allocations.push({ chargeId: null, part: 'rent', amount: left, chargeDate: null, serviceId: null });
  return { allocations, open: remaining, advance: left };
}

function pushParts(allocations: Allocation[], charge: OpenCharge, paid: { amount: Cents; tax: Cents }): void {
  const [amountPart, taxPart] = PARTS[charge.kind];
  if (charge.kind === 'other') {
    if (paid.amount + paid.tax > 0) allocations.push(allocation(charge, amountPart, paid.amount + paid.tax));
    return;
  }
  if (paid.amount > 0) allocations.push(allocation(charge, amountPart, paid.amount));
  if (paid.tax > 0) allocations.push(allocation(charge, taxPart, paid.tax));
}

function allocation(charge: OpenCharge, part: AllocationPart, amount: Cents): Allocation {
  return { chargeId: charge.chargeId, part, amount, chargeDate: charge.chargeDate, serviceId: charge.serviceId };
}

/**
 * A tenancy's running ledger, fed its events in date order (replayTenancy, the demo): charges
 * are raised, consuming rent paid in advance, and receipts pay the open charges.
 */
export class TenancyLedger {
  private open: OpenCharge[] = [];
  private credit: Cents = 0;

  /** A new charge (unpaid): the advance credit pays what it can of it, with its tax. */
  raise(charge: OpenCharge): void {
    const raised = { ...charge, amount: charge.amount ?? charge.amountDue, tax: charge.tax ?? charge.taxDue };
    if (this.credit <= 0) {
      this.open.push(raised);
      return;
    }
    const { paid, after } = pay(raised, this.credit);
    this.credit -= paid.amount + paid.tax;
    if (after.amountDue + after.taxDue > 0) this.open.push(after);
  }

  receive(amount: Cents, receiptDate: number): Allocation[] {
    const result = allocateReceipt(this.open, amount, receiptDate);
    this.open = result.open;
    this.credit += result.advance;
    return result.allocations;
  }

  /** Unpaid charges (with tax) less unused advance credit. */
  balance(): Cents {
    return this.open.reduce((sum, c) => sum + c.amountDue + c.taxDue, 0) - this.credit;
  }

  openCharges(): readonly OpenCharge[] {
    return this.open;
  }

  advanceCredit(): Cents {
    return this.credit;
  }
}

/** A charge of the tenancy's ledger as raised. */
export interface LedgerCharge {
  chargeId: number;
  kind: ChargeKind;
  chargeDate: number;
  serviceId: number | null;
  amount: Cents;
  tax: Cents;
}

/** A receipt of the tenancy's ledger. */
export interface LedgerReceipt {
  receiptId: number;
  date: number;
  amount: Cents;
}

export interface ReplayedLedger {
  /** Each receipt's allocations, by receipt id (every receipt has an entry). */
  allocations: Map<number, Allocation[]>;
  /** Charges still open at the end, and the advance credit not yet consumed. */
  open: readonly OpenCharge[];
  credit: Cents;
}

/** The order events are replayed in: date; charges before receipts; charges rent, service, other; then id. */
type Event = { date: number; rank: number; id: number; charge?: LedgerCharge; receipt?: LedgerReceipt };

function compareEvents(a: Event, b: Event): number {
  return a.date - b.date || a.rank - b.rank || a.id - b.id;
}

function eventsOf(charges: readonly LedgerCharge[], receipts: readonly LedgerReceipt[]): Event[] {
  const events: Event[] = [];
  for (const charge of charges) events.push({ date: charge.chargeDate, rank: KIND_ORDER[charge.kind], id: charge.chargeId, charge });
  for (const receipt of receipts) events.push({ date: receipt.date, rank: 3, id: receipt.receiptId, receipt });
  return events.sort(compareEvents);
}

/**
 * True when every new event (as `isNew` tells) comes after every earlier-booked one in replay
 * order: the allocations already stored stay as they are, and only the new receipts need theirs.
 * Otherwise an event arrived late and the tenancy's allocations must be derived again.
 */
export function onlyAppended(
  charges: readonly LedgerCharge[],
  receipts: readonly LedgerReceipt[],
  isNew: (event: { charge?: LedgerCharge; receipt?: LedgerReceipt }) => boolean,
): boolean {
  let seenNew = false;
  for (const event of eventsOf(charges, receipts)) {
    if (isNew(event)) seenNew = true;
    else if (seenNew) return false;
  }
  return true;
}

/**
 * The allocations of every receipt of one tenancy, from its charges and receipts alone: the
 * same whatever order they are given in (the events are sorted here).
 */
export function replayTenancy(charges: readonly LedgerCharge[], receipts: readonly LedgerReceipt[]): ReplayedLedger {
  const events = eventsOf(charges, receipts);
  const ledger = new TenancyLedger();
  const allocations = new Map<number, Allocation[]>();
  for (const event of events) {
    if (event.charge) {
      const c = event.charge;
      ledger.raise({ chargeId: c.chargeId, kind: c.kind, chargeDate: c.chargeDate, serviceId: c.serviceId, amountDue: c.amount, taxDue: c.tax });
    } else {
      const r = event.receipt!;
      allocations.set(r.receiptId, ledger.receive(r.amount, r.date));
    }
  }
  return { allocations, open: ledger.openCharges(), credit: ledger.advanceCredit() };
}
