/**
 * Walks a collection page by page (`--all`), yielding one record (or, from walkPageLists, one
 * page of records) at a time, reading one page ahead: memory holds at most two pages and the
 * identities of the last few pages' records, whatever the length of the list.
 *
 * Exactly once while the data moves. Against a server that names where its page ended (the
 * bundled server's `X-Next-After` header) the next page is asked for after that record (a
 * keyset reading): records that existed when the walk started each come once, whatever is
 * saved meanwhile. Against any other server of the interface (offset paging), each page after
 * the first starts one record early, at the last record already taken (the anchor): found
 * where it was, the pages join; found later, records were added before it and the repeats are
 * skipped (a record is yielded at most once, by identity, while its repeat comes within
 * RECALL_PAGES pages: every repeat that saves at the front or a step back can cause); not found, records before it
 * were removed and the walk steps back until it finds it again. A walk that cannot rejoin its
 * pages, or that ends with fewer records than the server counted, fails in `strict` mode
 * rather than passing for complete.
 *
 * Only the records `counts` accepts count toward the envelope's `count` (the cash sale list
 * may mix sale item records into its pages: they are passed on, but are not sales).
 */
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from '../contract/index.js';
import { UsageError } from './errors.js';
import { RecentIdentities } from './recent-identities.js';

/**
 * What `start` means to the server: a record offset (the default) or a page index. The
 * interface does not say, so it is set per profile.
 */
export type PagingStyle = 'offset' | 'page';

export type WalkEndReason =
  /** every record the count announced was yielded */
  | 'complete'
  /** the caller's max was reached */
  | 'max'
  /** a page came back empty before the count was reached */
  | 'empty-page'
  /** a page came back shorter than asked for, where that means the end */
  | 'short-page'
  /** a page repeated the previous one */
  | 'repeated-page';

export interface WalkSummary {
  reason: WalkEndReason;
  /** Records yielded that count toward `count`. */
  done: number;
  /** Records the walk expected: the count from `start` on, bounded by max. */
  total: number;
  /** The count the server reported last. */
  count: number;
  pages: number;
}

export interface WalkOptions<T = unknown> {
  pageSize?: number;
  /** The first `start` sent, in the style's unit (a record offset, or a page index). */
  start?: number;
  /** Stop after this many records. */
  max?: number;
  style?: PagingStyle;
  /** A record's identity, for yielding it once; default its numeric `id`, else its JSON text. */
  identity?: (record: T) => string | number;
  /** Whether a record counts toward the envelope's `count`; default every record. */
  counts?: (record: T) => boolean;
  /** Fail (WalkIncompleteError) instead of ending quietly when the walk cannot be complete. */
  strict?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Told how the walk ended, so a caller can say that records are missing. */
  onEnd?: (summary: WalkSummary) => void;
}

export interface PageOf<T> {
  count: number;
  list: T[];
  /** What `start` means to the server, when it states it. */
  readonly pagingStyle?: PagingStyle;
  /** Where this page ended, as the server names it, to ask for the next page after it. */
  nextAfter?: string;
}

const MEANING: Record<PagingStyle, string> = { offset: 'a record offset', page: 'a page index' };

/** A walk refused because `start` means something else to the server: the message names the setting. */
function wrongStyle(style: PagingStyle, why: string): UsageError {
  const other: PagingStyle = style === 'offset' ? 'page' : 'offset';
  const fix = `\`shopprop config set pagingStyle ${other}\`${other === 'offset' ? ' (or `shopprop config unset pagingStyle`)' : ''}`;
  return new UsageError(`${why}, so start is not ${MEANING[style]} as the setting pagingStyle ${style} says: ${fix}, then run it again`);
}

/** Whether a page begins with a record of the page before it (the pages overlap). */
function overlaps(previous: readonly unknown[], first: unknown): boolean {
  const id = (record: unknown) => (record !== null && typeof record === 'object' ? (record as { id?: unknown }).id : undefined);
  const firstId = id(first);
  if (typeof firstId === 'number' || typeof firstId === 'string') return previous.some((record) => id(record) === firstId);
  const text = JSON.stringify(first);
  return previous.some((record) => JSON.stringify(record) === text);
}

/** Fetches a page: `after` is the previous page's `nextAfter` when the server gave one. */
export type FetchPage<T> = (start: number, limit: number, after?: string) => Promise<PageOf<T>>;

/** A walk that cannot be complete: the server's data moved in a way the walk cannot repair, or its pages ended short. */
export class WalkIncompleteError extends Error {
  override readonly name = 'WalkIncompleteError';
}

/** Pages a walk steps back, at most, to find its anchor again. */
const MAX_STEP_BACK_PAGES = 4;
/** Pages read past the first count while the count grows (records added ahead of the walk). */
const MAX_PAGES_PAST_COUNT = 2;
/**
 * Pages of identities remembered: more than a walk steps back, and more than a page of
 * repeats pushed along by saves at the front; an export's memory does not grow with its rows.
 */
const RECALL_PAGES = MAX_STEP_BACK_PAGES + 4;

/** The walk one record at a time; the page after next is asked for when the last record is taken. */
export async function* walkPages<T>(fetchPage: FetchPage<T>, options: WalkOptions<T> = {}): AsyncGenerator<T, WalkSummary, undefined> {
  const pages = walkPageLists(fetchPage, options);
  for (;;) {
    const next = await pages.next();
    if (next.done) return next.value;
    for (const record of next.value) yield record;
  }
}

function defaultIdentity(record: unknown): string | number {
  const id = (record as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : JSON.stringify(record);
}

/**
 * The walk one page at a time: each yielded list holds the page's records that the walk
 * takes, so a consumer can format and write a page as a whole.
 */
export async function* walkPageLists<T>(fetchPage: FetchPage<T>, options: WalkOptions<T> = {}): AsyncGenerator<T[], WalkSummary, undefined> {
  const { pageSize = DEFAULT_PAGE_SIZE, start = 0, max, style = 'offset', strict = false } = options;
  const identity = options.identity ?? defaultIdentity;
  const counts = options.counts;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new UsageError(`page size must be a whole number from 1 to ${MAX_PAGE_SIZE} (got ${pageSize})`);
  }
  if (!Number.isInteger(start) || start < 0) throw new UsageError(`start must be a whole number from 0 (got ${start})`);
  if (max !== undefined && (!Number.isInteger(max) || max < 0)) {
    throw new UsageError(`max must be a whole number from 0 (got ${max})`);
  }
  const cap = max ?? Infinity;
  const firstOffset = style === 'offset' ? start : start * pageSize;

  let firstExpected = Infinity;
  let expected = Infinity;
  let lastCount = Infinity;
  let done = 0;
  let pages = 0;
  let pagesPastCount = 0;
  let previousFirst: string | number | undefined;
  const seen = new RecentIdentities(pageSize * RECALL_PAGES);
  let previousList: readonly T[] = [];

  const end = (reason: WalkEndReason): WalkSummary => {
    const summary = { reason, done, total: Math.min(expected, cap), count: Number.isFinite(lastCount) ? lastCount : done, pages };
    if (strict && reason !== 'complete' && reason !== 'max' && done < Math.min(expected, cap)) {
      throw new WalkIncompleteError(
        `the list ended after ${done} of ${Math.min(expected, cap)} records (${ENDINGS[reason]}); nothing was left out silently: run it again, or ask the service's owner`,
      );
    }
    options.onEnd?.(summary);
    return summary;
  };

  if (cap === 0) return end('max');
  // The same limit on every page (a server may seek from where the last page ended); only
  // offset paging may shorten it for the caller's max, page indexes need a fixed size.
  const limitAfter = (taken: number) => (style === 'offset' ? Math.min(pageSize, cap - taken) : pageSize);

  /** Where the next page starts: the server's offset after the last record taken. */
  let position = start;
  let limit = limitAfter(0);
  let asked = { start: position, limit, overlap: false };
  let next = fetchPage(position, limit);
  let anchor: string | number | undefined;
  let stepBacks = 0;
  for (;;) {
    const page = await next;
    pages++;
    const list = page.list;
    if (pages === 1 && page.pagingStyle !== undefined && page.pagingStyle !== style) {
      throw wrongStyle(style, `the service says start is ${MEANING[page.pagingStyle]}`);
    }
    // Page indexes sent to a server that reads offsets: each page starts inside the one before,
    // every record would be read again and again, so the walk is refused.
    if (style === 'page' && pages > 1 && list.length > 0 && overlaps(previousList, list[0]))
      throw wrongStyle(style, `page ${pages} repeats records of page ${pages - 1}`);
    previousList = list;
    const reported = Number.isFinite(page.count) && page.count >= 0 ? page.count : Infinity;
    lastCount = reported;
    if (pages === 1) firstExpected = Math.max(0, reported - firstOffset);
    // The target: the latest count, but never below what was there at the start unless it
    // shrank (records removed), nor chased past the first count for ever.
    expected = Math.max(0, reported - firstOffset);

    const first = list.length > 0 ? identity(list[0]!) : undefined;
    // A page (not the first, and not the start of the list) opening with the previous page's
    // first record: the server ignores `start`.
    if (pages > 1 && first !== undefined && first === previousFirst && (asked.start > 0 || !asked.overlap)) return end('repeated-page');
    previousFirst = first;

    let from = 0;
    if (asked.overlap) {
      const at = list.findIndex((record) => identity(record) === anchor);
      if (at < 0 && list.length > 0 && !list.every((record) => seen.has(identity(record)))) {
        // The anchor is not where it was, nor later: records before it were removed (or it
        // was). Step back a page and look again; what was taken already is not taken twice.
        if (asked.start === 0 || ++stepBacks > MAX_STEP_BACK_PAGES) {
          if (!strict) return end('repeated-page');
          throw new WalkIncompleteError(
            `the list changed while it was read: records before offset ${asked.start} were removed or reordered, and which ones were missed cannot be told; run it again`,
          );
        }
        asked = { start: Math.max(0, asked.start - asked.limit + 1), limit: asked.limit, overlap: true };
        next = fetchPage(asked.start, asked.limit);
        continue;
      }
      from = at < 0 ? 0 : at + 1;
      if (at >= 0) stepBacks = 0;
    }
    const taken: T[] = [];
    for (let i = from; i < list.length && done < cap; i++) {
      const record = list[i]!;
      const key = identity(record);
      if (seen.has(key)) continue;
      seen.add(key);
      taken.push(record);
      if (!counts || counts(record)) done++;
    }
    const newRecords = list.length - from;
    if (list.length > 0) anchor = identity(list[list.length - 1]!);
    const nextPosition = asked.start + list.length;

    let ending: WalkEndReason | undefined;
    if (done >= cap) ending = 'max';
    else if (newRecords <= 0) ending = done >= Math.min(expected, firstExpected) ? 'complete' : 'empty-page';
    else if (done >= expected) ending = 'complete';
    else if (done >= firstExpected && ++pagesPastCount > MAX_PAGES_PAST_COUNT) ending = 'complete';
    else if (list.length < asked.limit && (style === 'page' || !Number.isFinite(expected))) ending = 'short-page';

    if (ending === undefined) {
      // Read one page ahead: the next page is on its way while this one is written, so a
      // server in another process or thread works in parallel with the output. Its failure
      // is reported when the walk reaches it, not as an unhandled rejection meanwhile.
      limit = limitAfter(done);
      if (style === 'page') {
        position += 1;
        asked = { start: position, limit, overlap: false };
        next = fetchPage(position, limit);
      } else if (page.nextAfter !== undefined) {
        position = nextPosition;
        asked = { start: position, limit, overlap: false };
        next = fetchPage(position, limit, page.nextAfter);
      } else {
        // One record more than the page, to take a whole page besides the anchor.
        position = nextPosition;
        asked = { start: position - 1, limit: Math.min(MAX_PAGE_SIZE, limit + 1), overlap: true };
        next = fetchPage(asked.start, asked.limit);
      }
      next.catch(() => undefined);
    }
    if (taken.length > 0) {
      yield taken;
      options.onProgress?.(done, Math.min(expected, cap));
    }
    if (ending !== undefined) return end(ending);
  }
}

const ENDINGS: Record<WalkEndReason, string> = {
  complete: 'complete',
  max: 'the limit asked for',
  'empty-page': 'a page came back empty before the count was reached',
  'short-page': 'a page came back short',
  'repeated-page': 'a page repeated the one before: the server may not support paging',
};
