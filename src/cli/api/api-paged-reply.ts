/**
 * `shopprop api --paginate`: every page's records as one JSON array (the same records `sale
 * list --all --format json` gives for the sale list, as the service sent them), one record a
 * line with --format ndjson, or a table, CSV or xlsx; written a page at a time, so a long list
 * never waits whole in memory.
 */
import type { CommandContext } from '../context.js';
import { emitList } from '../emit-list.js';
import { steadyHeap } from '../output/steady-heap.js';
import { withOutput } from '../output-target.js';
import { progress } from '../progress.js';
import { columnsOf, flatRecord, knownColumns } from './api-columns.js';
import type { ApiPaging } from './api-pages.js';
import { apiFormat, headText } from './api-reply.js';

export async function writePages(context: CommandContext, path: string, paging: ApiPaging, include: boolean): Promise<void> {
  const format = apiFormat(context);
  const { walkPageLists } = await import('../../client/paging.js');
  const settings = await context.settings();
  const meter = progress(context, 'fetched');
  const heap = steadyHeap();
  let expected: number | undefined;
  const pages = walkPageLists(paging.fetchPage, {
    pageSize: paging.pageSize,
    start: paging.start,
    style: settings.pagingStyle ?? 'offset',
    ...paging.walk,
    // Whole or failed: never a short or doubled list passing for complete.
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
    // The first page decides the table's columns and gives -i its head.
    const first = await pages.next();
    const firstRecords = first.done ? [] : first.value;
    const response = paging.firstResponse();
    if (include && response) context.terminal.stdout.write(headText(response));
    async function* all(): AsyncGenerator<object[]> {
      if (first.done) return;
      yield first.value;
      for await (const page of pages) yield page;
    }
    if (format === 'json' || format === 'ndjson') {
      await withOutput(context, async (target) => {
        const pretty = format === 'json' && target.isTTY;
        let written = 0;
        for await (const page of all()) {
          const text = page.map((record) => {
            const one = pretty ? `  ${JSON.stringify(record, null, 2).replace(/\n/g, '\n  ')}` : JSON.stringify(record);
            return format === 'ndjson' ? `${one}\n` : `${written++ === 0 ? '[\n' : ',\n'}${one}`;
          });
          if (!target.stream.write(text.join(''))) await new Promise((resolve) => target.stream.once('drain', resolve));
        }
        meter.done();
        if (format === 'json') target.stream.write(written === 0 ? '[]\n' : '\n]\n');
      });
      return;
    }
    const known = knownColumns(path);
    const flat = async function* () {
      for await (const page of all()) yield known ? page : page.map(flatRecord);
    };
    await emitList(context, {
      records: { pages: flat() },
      columns: known ?? columnsOf(firstRecords.map(flatRecord)),
      count: () => expected,
      endProgress: () => meter.done(),
    });
  } finally {
    meter.done();
    heap.end();
  }
}
