/**
 * A paged collection (envelope with count and list) printed as one page, or, with --all, as
 * every page streamed one page at a time (each page formatted and written whole, then dropped),
 * the heap kept from growing with the rows (output/steady-heap.ts).
 */
import type { FetchPage } from '../client/paging.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../contract/common.js';
import type { CommandContext } from './context.js';
import { emitList } from './emit-list.js';
import type { ColumnSet } from './output/columns/types.js';
import { steadyHeap } from './output/steady-heap.js';
import { progress } from './progress.js';

export interface CollectionRequest<T> {
  /** `after`: where the previous page ended, when the server named it (a keyset reading). */
  fetchPage: FetchPage<T>;
  /** A record's identity, so that --all yields it once; default its id. */
  identity?: (record: T) => string | number;
  /** Whether a record counts toward the envelope's count (the cash sale list may mix in sale lines). */
  counts?: (record: T) => boolean;
  columns: ColumnSet;
  all?: boolean;
  start?: number;
  limit?: number;
  totals?: boolean;
  /** Lines above a table saying what it is of. */
  heading?: readonly string[];
}

export async function emitCollection<T extends object>(context: CommandContext, request: CollectionRequest<T>): Promise<number> {
  if (!request.all) {
    const page = await request.fetchPage(request.start ?? 0, request.limit ?? DEFAULT_PAGE_SIZE);
    const offset = request.start ?? 0;
    return emitList(context, {
      records: page.list,
      columns: request.columns,
      totals: request.totals,
      heading: request.heading,
      count: () => Math.max(0, page.count - offset),
    });
  }
  const { walkPageLists } = await import('../client/paging.js');
  const settings = await context.settings();
  const meter = progress(context, 'fetched');
  const heap = steadyHeap();
  let expected: number | undefined;
  const pages = walkPageLists(request.fetchPage, {
    pageSize: request.limit ?? MAX_PAGE_SIZE,
    start: request.start ?? 0,
    style: settings.pagingStyle ?? 'offset',
    identity: request.identity,
    counts: request.counts,
    // An export is whole or fails: never a short or doubled file passing for complete.
    strict: true,
    onProgress: (done, total) => {
      heap.page();
      meter.update(done, total);
    },
    onEnd: (summary) => {
      expected = summary.total;
    },
  });
  try {
    return await emitList(context, {
      records: { pages },
      columns: request.columns,
      totals: request.totals,
      heading: request.heading,
      count: () => expected,
      endProgress: () => meter.done(),
    });
  } finally {
    meter.done();
    heap.end();
  }
}
