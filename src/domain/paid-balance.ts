/**
 * Paid-and-balance arithmetic of one tenancy for month M (DOMAIN.md "Paid and balance").
 * Inputs are the tenancy's ledger totals in cents: charged and paid in M, and before M.
 *
 * The interface has no paidRentTaxPrev / paidSrvcTaxPrev fields, so paidRentPrev and
 * paidSrvcPrev hold what was paid before M including tax; that keeps
 * rentBalBf = rentWoTaxPrev + rentTaxPrev - paidRentPrev exact.
 */
import type { Cents } from './money.js';

/** What the store aggregates per tenancy (all cents). */
export interface LedgerTotals {
  rentWoTax: Cents;
  rentTax: Cents;
  srvcWoTax: Cents;
  srvcTax: Cents;
  paidRent: Cents;
  paidRentTax: Cents;
  paidSrvc: Cents;
  paidSrvcTax: Cents;
  rentWoTaxPrev: Cents;
  rentTaxPrev: Cents;
  srvcWoTaxPrev: Cents;
  srvcTaxPrev: Cents;
  /** Paid before M to rent and rent tax (and rent paid in advance). */
  paidRentPrev: Cents;
  /** Paid before M to service and service tax. */
  paidSrvcPrev: Cents;
  /** Other dues (with their tax) charged in M, and before M. */
  odnsCharged: Cents;
  odnsChargedPrev: Cents;
  /** Receipts' parts booked to other dues: in M, and before M. */
  odnsPaid: Cents;
  odnsPaidPrev: Cents;
  /** The part of odnsPaid that cleared other dues charged before M. */
  odnsPaidArrears: Cents;
}

export const ZERO_TOTALS: Readonly<LedgerTotals> = Object.freeze({
  rentWoTax: 0,
  rentTax: 0,
  srvcWoTax: 0,
  srvcTax: 0,
  paidRent: 0,
  paidRentTax: 0,
  paidSrvc: 0,
  paidSrvcTax: 0,
  rentWoTaxPrev: 0,
  rentTaxPrev: 0,
  srvcWoTaxPrev: 0,
  srvcTaxPrev: 0,
  paidRentPrev: 0,
  paidSrvcPrev: 0,
  odnsCharged: 0,
  odnsChargedPrev: 0,
  odnsPaid: 0,
  odnsPaidPrev: 0,
  odnsPaidArrears: 0,
});

export interface PaidBalanceFigures extends LedgerTotals {
  rentBalBf: Cents;
  srvcBalBf: Cents;
  totalBf: Cents;
  rentBalCf: Cents;
  srvcBalCf: Cents;
  totalCf: Cents;
  /** Other dues owed at the start of M. */
  odnsBalBf: Cents;
  /** Other dues owed at the end of M. */
  odnsBalCf: Cents;
}

export function paidBalanceFigures(t: LedgerTotals): PaidBalanceFigures {
  const rentBalBf = t.rentWoTaxPrev + t.rentTaxPrev - t.paidRentPrev;
  const srvcBalBf = t.srvcWoTaxPrev + t.srvcTaxPrev - t.paidSrvcPrev;
  const rentBalCf = rentBalBf + t.rentWoTax + t.rentTax - t.paidRent - t.paidRentTax;
  const srvcBalCf = srvcBalBf + t.srvcWoTax + t.srvcTax - t.paidSrvc - t.paidSrvcTax;
  const odnsBalBf = t.odnsChargedPrev - t.odnsPaidPrev;
  // Field by field rather than {...t}: one object shape for the ~10k rows of a report.
  return {
    rentWoTax: t.rentWoTax,
    rentTax: t.rentTax,
    srvcWoTax: t.srvcWoTax,
    srvcTax: t.srvcTax,
    paidRent: t.paidRent,
    paidRentTax: t.paidRentTax,
    paidSrvc: t.paidSrvc,
    paidSrvcTax: t.paidSrvcTax,
    rentWoTaxPrev: t.rentWoTaxPrev,
    rentTaxPrev: t.rentTaxPrev,
    srvcWoTaxPrev: t.srvcWoTaxPrev,
    srvcTaxPrev: t.srvcTaxPrev,
    paidRentPrev: t.paidRentPrev,
    paidSrvcPrev: t.paidSrvcPrev,
    odnsCharged: t.odnsCharged,
    odnsChargedPrev: t.odnsChargedPrev,
    odnsPaid: t.odnsPaid,
    odnsPaidPrev: t.odnsPaidPrev,
    odnsPaidArrears: t.odnsPaidArrears,
    rentBalBf,
    srvcBalBf,
    totalBf: rentBalBf + srvcBalBf,
    rentBalCf,
    srvcBalCf,
    totalCf: rentBalCf + srvcBalCf,
    odnsBalBf,
    odnsBalCf: odnsBalBf + t.odnsCharged - t.odnsPaid,
  };
}

/** A unit with no tenancy in M: all zeros (the row says VACANT). */
export function vacantFigures(): PaidBalanceFigures {
  return paidBalanceFigures(ZERO_TOTALS);
}
