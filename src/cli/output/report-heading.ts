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
  const today = { year: Number(format(now, 'yyyy', { in: tz(timeZone) })), month: Number(format(now, 'M', { in: tz(timeZone) })) };
  const month = scope.month ?? today.month;
  const year = scope.year ?? today.year;
  parts.push(`${MONTHS[month - 1] ?? `month ${month}`} ${year}`);
  return parts.join(' · ');
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
