/**
 * The words for a serialised unit that is already sold, naming the sale that sold it:
 * "unit 77 (IMEI 352123450010535) is already sold: receipt R000123, 2026-11-24 14:05, by
 * Grace Wairimu at Moi Avenue shop". The date is in the company's time zone, as on the receipt.
 */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import type { LookedUpUnit } from '../contract/unit-lookup.js';

export function soldUnitText(unit: LookedUpUnit, timeZone: string): string {
  const name = unit.imei1 ? `IMEI ${unit.imei1}` : unit.serialNo ? `S/N ${unit.serialNo}` : undefined;
  const which = `unit ${unit.id}${name ? ` (${name})` : ''}`;
  if (!unit.sale) return `${which} is not in stock (${unit.status})`;
  const when = format(unit.sale.issueDate, 'yyyy-MM-dd HH:mm', { in: tz(timeZone) });
  return `${which} is already sold: receipt ${unit.sale.receiptNo}, ${when}${unit.sale.soldBy ? `, by ${unit.sale.soldBy}` : ''}${unit.sale.shop ? ` at ${unit.sale.shop}` : ''}`;
}
