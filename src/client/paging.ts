/**
 * Walks a collection page by page (`--all`), yielding one record (or, from walkPageLists, one
 * page of records) at a time, reading one page ahead: memory holds at most two pages. The walk
 * ends when the first page's `count` is reached, and also, so that a
 * misbehaving server cannot keep it going, at an empty page, a page repeating the one before
 * (a server that ignores `start`), a count that shrinks, or the caller's `max`.
 */
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from '../contract/index.js';
import { UsageError } from './errors.js';

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
  /** Records yielded. */
  done: number;
  /** Records the walk expected: the count from `start` on, bounded by max. */
  total: number;
  /** The count the server reported last. */
  count: number;
  pages: number;
}

export interface WalkOptions {
  pageSize?: number;
  /** The first `start` sent, in the style's unit (a record offset, or a page index). */
  start?: number;
  /** Stop after this many records. */
  max?: number;
  style?: PagingStyle;
  onProgress?: (done: number, total: number) => void;
  /** Told how the walk ended, so a caller can say that records are missing. */
  onEnd?: (summary: WalkSummary) => void;
}

export interface PageOf<T> {
  count: number;
  list: T[];
  /** What `start` means to the server, when it states it. */
  readonly pagingStyle?: PagingStyle;
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

/** The walk one record at a time; the page after next is asked for when the last record is taken. */
export async function* walkPages<T>(
  fetchPage: (start: number, limit: number) => Promise<PageOf<T>>,
  options: WalkOptions = {},
): AsyncGenerator<T, WalkSummary, undefined> {
  const pages = walkPageLists(fetchPage, options);
  for (;;) {
    const next = await pages.next();
    if (next.done) return next.value;
    for (const record of next.value) yield record;
  }
}

/**
 * The walk one page at a time: each yielded list holds the page's records that the walk
 * takes, so a consumer can format and write a page as a whole.
 */
export async function* walkPageLists<T>(
  fetchPage: (start: number, limit: number) => Promise<PageOf<T>>,
  options: WalkOptions = {},
): AsyncGenerator<T[], WalkSummary, undefined> {
  const { pageSize = DEFAULT_PAGE_SIZE, start = 0, max, style = 'offset' } = options;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new UsageError(`page size must be a whole number from 1 to ${MAX_PAGE_SIZE} (got ${pageSize})`);
  }
  if (!Number.isInteger(start) || start < 0) throw new UsageError(`start must be a whole number from 0 (got ${start})`);
  if (max !== undefined && (!Number.isInteger(max) || max < 0)) {
    throw new UsageError(`max must be a whole number from 0 (got ${max})`);
  }
  const cap = max ?? Infinity;
  const firstOffset = style === 'offset' ? start : start * pageSize;

  let position = start;
  let count = Infinity;
  let expected = Infinity;
  let done = 0;
  let pages = 0;
  let previousFirst: string | undefined;
  let previousList: readonly T[] = [];

  const end = (reason: WalkEndReason): WalkSummary => {
    const summary = { reason, done, total: Math.min(expected, cap), count: Number.isFinite(count) ? count : done, pages };
    options.onEnd?.(summary);
    return summary;
  };

  if (cap === 0) return end('max');
  // The same limit on every page (a server may seek from where the last page ended); only
  // offset paging may shorten it for the caller's max, page indexes need a fixed size.
  const limitAfter = (taken: number) => (style === 'offset' ? Math.min(pageSize, cap - taken) : pageSize);
  let limit = limitAfter(0);
  let next = fetchPage(position, limit);
  for (;;) {
    const page = await next;
    pages++;
    const reported = Number.isFinite(page.count) && page.count >= 0 ? page.count : Infinity;
    // The first count is the target; a later, smaller one lowers it, a larger one is ignored
    // so that records added during the walk cannot keep it going.
    if (pages === 1 || reported < count) {
      count = reported;
      expected = Math.max(0, count - firstOffset);
    }
    if (pages === 1 && page.pagingStyle !== undefined && page.pagingStyle !== style) {
      throw wrongStyle(style, `the service says start is ${MEANING[page.pagingStyle]}`);
    }
    const list = page.list;
    if (list.length === 0) return end(done >= expected ? 'complete' : 'empty-page');
    const first = JSON.stringify(list[0]);
    if (pages > 1 && first === previousFirst) return end('repeated-page');
    // Page indexes sent to a server that reads offsets: each page starts inside the one before,
    // every record would be read again and again, so the walk is refused.
    if (style === 'page' && pages > 1 && overlaps(previousList, list[0])) throw wrongStyle(style, `page ${pages} repeats records of page ${pages - 1}`);
    previousFirst = first;
    previousList = list;

    const take = Math.min(list.length, cap - done, expected - done);
    done += take;
    const ending = walkEnd(done, cap, expected, list.length < limit, style);
    if (ending === undefined) {
      // Read one page ahead: the next page is on its way while this one is written, so a
      // server in another process or thread works in parallel with the output. Its failure
      // is reported when the walk reaches it, not as an unhandled rejection meanwhile.
      position += style === 'offset' ? list.length : 1;
      limit = limitAfter(done);
      next = fetchPage(position, limit);
      next.catch(() => undefined);
    }
    yield take === list.length ? list : list.slice(0, take);
    options.onProgress?.(done, Math.min(expected, cap));
    if (ending !== undefined) return end(ending);
  }
}

/**
 * Why the walk ends after a page, if it does. A short offset page may only mean the server
 * caps the page size: go on while the count says there is more. A short page of indexed
 * pages, or without a count, is the last.
 */
function walkEnd(done: number, cap: number, expected: number, shortPage: boolean, style: PagingStyle): WalkEndReason | undefined {
  if (done >= cap) return 'max';
  if (done >= expected) return 'complete';
  if (shortPage && (style === 'page' || !Number.isFinite(expected))) return 'short-page';
  return undefined;
}
