/**
 * Reads the local dates and times of an import file (domain/month-range.ts parseLocalDateTime)
 * with the zone's rules applied once per day or hour instead of once per row: applying them is
 * slow (tens of µs), and a file of 600,000 receipts names a few thousand hours. A time is its
 * hour's start plus its minutes and seconds when the hour runs exactly 59 minutes from :00 to
 * :59 (no change of offset within it); an hour with a change is read in full, as is anything
 * that is not a date and time. The same answer as parseLocalDateTime for every text.
 */
import { parseLocalDateTime } from '../../domain/month-range.js';

/** How many texts (days, hours, irregular times) are kept before the memory is emptied. */
const KEPT = 4096;

export function localTimeReader(timeZone: string): (text: string) => number | undefined {
  const known = new Map<string, number | undefined>();
  const parsed = (text: string): number | undefined => {
    if (known.has(text)) return known.get(text);
    if (known.size >= KEPT) known.clear();
    const ms = parseLocalDateTime(text, timeZone);
    known.set(text, ms);
    return ms;
  };
  return (text) => {
    const time = /^(\d{4}-\d{2}-\d{2}[T ]\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
    if (!time) return parsed(text);
    const [minute, second] = [Number(time[2]), Number(time[3] ?? 0)];
    if (minute > 59 || second > 59) return undefined;
    const start = parsed(`${time[1]}:00`);
    const last = parsed(`${time[1]}:59`);
    if (start === undefined || last === undefined || last - start !== 59 * 60_000) return parsed(text);
    return start + minute * 60_000 + second * 1000;
  };
}
