/**
 * The line above a report's table saying what it is of: company, filters and period, e.g.
 * "Paid and balance · company 1 · property 3 · October 2026 (KES)". Pure.
 */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';

export interface PaidBalanceScope {
  companyId: number;
  zoneId?: number;
  fieldOfficerId?: number;
  propertyId?: number;
  month?: number;
  year?: number;
}

/** The month asked for, or (none given) the current month in the company's zone, as the service takes it. */
export function paidBalanceHeading(scope: PaidBalanceScope, timeZone: string, now: number): string {
  const parts = ['Paid and balance', `company ${scope.companyId}`];
  if (scope.zoneId !== undefined) parts.push(`zone ${scope.zoneId}`);
  if (scope.fieldOfficerId !== undefined) parts.push(`field officer ${scope.fieldOfficerId}`);
  if (scope.propertyId !== undefined) parts.push(`property ${scope.propertyId}`);
  parts.push(monthText(scope, timeZone, now));
  return parts.join(' · ');
}

export interface PayAdviceScope {
  companyId: number;
  propertyId: number;
  /** The landlord payment type asked for; the service's default (COMBINED) when absent. */
  type?: string;
  month?: number;
  year?: number;
}

/** "Pay advice · company 1 · property 3 · RENT_ONLY · October 2026". */
export function payAdviceHeading(scope: PayAdviceScope, timeZone: string, now: number): string {
  return ['Pay advice', `company ${scope.companyId}`, `property ${scope.propertyId}`, scope.type ?? 'COMBINED', monthText(scope, timeZone, now)].join(' · ');
}

function monthText(scope: { month?: number; year?: number }, timeZone: string, now: number): string {
  const today = { year: Number(format(now, 'yyyy', { in: tz(timeZone) })), month: Number(format(now, 'M', { in: tz(timeZone) })) };
  const month = scope.month ?? today.month;
  const year = scope.year ?? today.year;
  return `${MONTHS[month - 1] ?? `month ${month}`} ${year}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
