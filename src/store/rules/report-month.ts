/** The month a report is for: the one asked for, or the current month in the company's zone. */
import { currentMonth, monthRange, type MonthRange } from '../../domain/month-range.js';
import type { CompanySettings } from '../company-profile.js';
import type { Clock } from '../property-store.js';
import { notFoundError } from './service-error.js';

/** The company as read, or a refusal (404) when there is none. */
export function companyOrThrow<T extends CompanySettings>(company: T | undefined, companyId: number): T {
  if (!company) throw notFoundError(`no company ${companyId}`);
  return company;
}

/** A missing month or year is the current one in the company's zone. */
export function reportMonth(company: CompanySettings, month: number | undefined, year: number | undefined, clock: Clock): MonthRange {
  const current = currentMonth(clock, company.timeZone);
  return monthRange(year ?? current.year, month ?? current.month, company.timeZone);
}
