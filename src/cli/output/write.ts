/**
 * Writing with backpressure: when the stream's buffer is full the producer waits for `drain`,
 * so a slow reader (a pipe into `less`, a network share) holds it back instead of memory
 * growing.
 */

const CLOSED = 'output closed before all data was written';

type Destroyable = NodeJS.WritableStream & { destroyed?: boolean; errored?: Error | null };

/** Writes a chunk, waiting for the stream to drain when its buffer is full. */
export async function writeChunk(out: NodeJS.WritableStream, chunk: string): Promise<void> {
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

/**
 * Writes one chunk per record and resolves to the number of records. Records of an async
 * source are written as each arrives, so output keeps pace with a slow service. A sync source
 * (an array, a page in memory) has nothing to wait for, so its chunks are joined into writes
 * of about 64 KB: one write per record costs more than formatting the record.
 */
export async function pump(
  records: AsyncIterable<object> | Iterable<object>,
  out: NodeJS.WritableStream,
  toChunk: (record: object, index: number) => string,
): Promise<number> {
  let count = 0;
  if (Symbol.iterator in records) {
    let batch = '';
    for (const record of records) {
      batch += toChunk(record, count);
      count += 1;
      if (batch.length >= BATCH_CHARS) {
        if (!out.write(batch)) await drained(out);
        batch = '';
      }
    }
    if (batch !== '' && !out.write(batch)) await drained(out);
    return count;
  }
  for await (const record of records) {
    if (!out.write(toChunk(record, count))) await drained(out);
    count += 1;
  }
  return count;
}
