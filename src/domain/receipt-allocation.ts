/**
 * How a tenant's receipt is booked against the tenancy's charges (DOMAIN.md "Ledger"):
 *
 * - open charges are paid oldest first (by charge date); within one date rent before service
 *   before other dues;
 * - a charge is paid with its tax: a part payment splits between the charge and its tax in
 *   proportion (rounded half away from zero, the tax part), so tax is never left behind or
 *   paid ahead of its charge;
 * - only charges dated on or before the receipt are open to it: a receipt does not pay a
 *   charge that has not been raised yet;
 * - what is left after every open charge is rent paid in advance: an allocation without a
 *   charge, booked as rent. Later rent charges consume that credit (without new allocations:
 *   the money was already counted as paid when it came in).
 */
import { divideRounded, type Cents } from './money.js';

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

/** Splits a payment of at most amountDue + taxDue between the charge and its tax, in proportion. */
export function splitPayment(payment: Cents, amountDue: Cents, taxDue: Cents): { amount: Cents; tax: Cents } {
  const due = amountDue + taxDue;
  if (payment >= due) return { amount: amountDue, tax: taxDue };
  if (due <= 0 || payment <= 0) return { amount: 0, tax: 0 };
  const tax = divideRounded(payment * taxDue, due);
  return { amount: payment - tax, tax };
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
    const paid = splitPayment(left, charge.amountDue, charge.taxDue);
    left -= paid.amount + paid.tax;
    pushParts(allocations, charge, paid);
    const after = { ...charge, amountDue: charge.amountDue - paid.amount, taxDue: charge.taxDue - paid.tax };
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
 * Rent paid in advance (`credit` cents) consumed by open rent charges, oldest first.
 * Returns the open charges left and the credit not yet used.
 */
export function applyAdvance(open: readonly OpenCharge[], credit: Cents): { open: OpenCharge[]; credit: Cents } {
  let left = credit;
  const remaining: OpenCharge[] = [];
  for (const charge of [...open].sort(compareCharges)) {
    if (left <= 0 || charge.kind !== 'rent') {
      remaining.push(charge);
      continue;
    }
    const used = splitPayment(left, charge.amountDue, charge.taxDue);
    left -= used.amount + used.tax;
    const after = { ...charge, amountDue: charge.amountDue - used.amount, taxDue: charge.taxDue - used.tax };
    if (after.amountDue + after.taxDue > 0) remaining.push(after);
  }
  return { open: remaining, credit: left };
}

/** A charge as raised, and what has been allocated to it so far. */
export interface ChargeWithPayments {
  chargeId: number;
  kind: ChargeKind;
  chargeDate: number;
  serviceId: number | null;
  amount: Cents;
  tax: Cents;
  /** Allocated to the charge itself (amount part). */
  paidAmount: Cents;
  /** Allocated to its tax. */
  paidTax: Cents;
}

/**
 * The open charges of a tenancy from its stored ledger: each charge less what was allocated
 * to it, then the advance credit (all advance allocations) consumed by rent charges.
 * Equivalent, in every balance, to having applied the credit as each charge was raised.
 */
export function openChargesOf(charges: readonly ChargeWithPayments[], advanceReceived: Cents): { open: OpenCharge[]; credit: Cents } {
  const open: OpenCharge[] = [];
  for (const c of charges) {
    const amountDue = c.amount - c.paidAmount;
    const taxDue = c.tax - c.paidTax;
    if (amountDue + taxDue > 0) {
      open.push({ chargeId: c.chargeId, kind: c.kind, chargeDate: c.chargeDate, serviceId: c.serviceId, amountDue, taxDue });
    }
  }
  return applyAdvance(open, advanceReceived);
}

/**
 * A tenancy's running ledger for replaying events in date order (demo data, bulk import):
 * raise charges and receive receipts; advance credit is consumed as rent charges come.
 */
export class TenancyLedger {
  private open: OpenCharge[] = [];
  private credit: Cents = 0;

  constructor(initial?: { open: OpenCharge[]; credit: Cents }) {
    if (initial) {
      this.open = [...initial.open];
      this.credit = initial.credit;
    }
  }

  raise(charge: OpenCharge): void {
    const applied = applyAdvance([...this.open, charge], this.credit);
    this.open = applied.open;
    this.credit = applied.credit;
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
