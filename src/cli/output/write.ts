/**
 * Writes a chunk and, when the stream's buffer is full, waits for it to drain: a slow reader
 * (a pipe into `less`, a network share) holds the producer back instead of memory growing.
 * Rejects if the stream fails or closes meanwhile (a reader that went away), rather than
 * waiting for a drain that will never come.
 */
export async function writeChunk(out: NodeJS.WritableStream, chunk: string): Promise<void> {
  if (out.write(chunk)) return;
  const stream = out as NodeJS.WritableStream & { destroyed?: boolean; errored?: Error | null };
  if (stream.destroyed) throw stream.errored ?? new Error('output closed before all data was written');
  await new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onError = (error: Error) => settle(error);
    const onClose = () => settle(stream.errored ?? new Error('output closed before all data was written'));
    out.on('drain', onDrain);
    out.on('error', onError);
    out.on('close', onClose);
  });
}
