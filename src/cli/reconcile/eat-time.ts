/**
 * East Africa Time, the time of the M-Pesa portal's statements: three hours ahead of UTC all
 * year (no summer time), so a fixed offset says it exactly, whatever zone the machine is in.
 */
import { CliUsageError } from '../usage-error.js';

const EAT_OFFSET_MS = 3 * 3_600_000;

/** Epoch ms of a wall-clock time in East Africa Time; undefined when it is no calendar time. */
export function eatEpoch(y: number, month: number, d: number, h = 0, mi = 0, s = 0): number | undefined {
  const wall = Date.UTC(y, month - 1, d, h, mi, s);
  const back = new Date(wall);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  return wall - EAT_OFFSET_MS;
}

/** The first millisecond of a day (YYYY-MM-DD) in East Africa Time; a usage error naming the flag otherwise. */
export function eatDayStart(text: string, flag: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const start = match ? eatEpoch(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
  if (start === undefined) throw new CliUsageError(`${flag} ${text}: expected a date as YYYY-MM-DD, e.g. 2026-10-01`);
  return start;
}

/** "2026-10-31 18:42:09": the time as the statement writes it. */
export function eatText(epochMs: number): string {
  return new Date(epochMs + EAT_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
