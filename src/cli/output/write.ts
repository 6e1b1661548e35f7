/**
 * Writing with backpressure: when the stream's buffer is full the producer waits for `drain`,
 * so a slow reader (a pipe into `less`, a network share) holds it back instead of memory
 * growing.
 */

const CLOSED = 'output closed before all data was written';

type Destroyable = NodeJS.WritableStream & { destroyed?: boolean; errored?: Error | null };

/** Writes a chunk, waiting for the stream to drain when its buffer is full. */
export async function writeChunk(out: NodeJS.WritableStream, chunk: string | Uint8Array): Promise<void> {
  if (!out.write(chunk)) await drained(out);
}

/**
 * Resolves on `drain`; rejects if the stream fails or closes first (a reader that went
 * away), rather than waiting for a drain that will never come.
 */
export function drained(out: NodeJS.WritableStream): Promise<void> {
  const stream = out as Destroyable;
  if (stream.destroyed) return Promise.reject(stream.errored ?? new Error(CLOSED));
  return new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onError = (error: Error) => settle(error);
    const onClose = () => settle(stream.errored ?? new Error(CLOSED));
    out.on('drain', onDrain);
    out.on('error', onError);
    out.on('close', onClose);
  });
}

const BATCH_CHARS = 64 * 1024;
/** Records formatted per call of a writer's formatter: one call per record costs more than the record. */
const GROUP_RECORDS = 64;

/** Records that arrive a page at a time (`--all`): each page is written as soon as it arrives. */
export interface RecordPages {
  readonly pages: AsyncIterable<readonly object[]>;
}

/** One record at a time (async or in memory), or pages of records. */
export type RecordSource = AsyncIterable<object> | Iterable<object> | RecordPages;

export function isRecordPages(source: RecordSource): source is RecordPages {
  return 'pages' in source && !(Symbol.iterator in source) && !(Symbol.asyncIterator in source);
}

/** Formats a group of records as one chunk; `index` is the number of records written before it. */
export type GroupFormatter = (records: readonly object[], index: number) => string;

/**
 * Writes the records and resolves to their number. Records of an async source are written as
 * each arrives, so output keeps pace with a slow service. A sync source (an array, a page in
 * memory) has nothing to wait for, so it is formatted in groups and written in chunks of about
 * 64 KB; a page of a paged source is written whole before the next page is asked for.
 */
export async function pump(records: RecordSource, out: NodeJS.WritableStream, format: GroupFormatter): Promise<number> {
  let count = 0;
  let batch = '';
  const writeBatch = async () => {
    if (batch !== '' && !out.write(batch)) await drained(out);
    batch = '';
  };
  const writeList = async (list: readonly object[]) => {
    for (let from = 0; from < list.length; from += GROUP_RECORDS) {
      const group = from === 0 && list.length <= GROUP_RECORDS ? list : list.slice(from, from + GROUP_RECORDS);
      batch += format(group, count);
      count += group.length;
      if (batch.length >= BATCH_CHARS) await writeBatch();
    }
  };
  if (isRecordPages(records)) {
    for await (const page of records.pages) {
      await writeList(page);
      await writeBatch();
    }
    return count;
  }
  if (Symbol.iterator in records) {
    let group: object[] = [];
    for (const record of records) {
      group.push(record);
      if (group.length === GROUP_RECORDS) {
        await writeList(group);
        group = [];
      }
    }
    await writeList(group);
    await writeBatch();
    return count;
  }
  for await (const record of records) {
    if (!out.write(format([record], count))) await drained(out);
    count += 1;
  }
  return count;
}
