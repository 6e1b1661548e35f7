import { once } from 'node:events';

/**
 * Writes a chunk and, when the stream's buffer is full, waits for it to drain: a slow reader
 * (a pipe into `less`, a network share) holds the producer back instead of memory growing.
 */
export async function writeChunk(out: NodeJS.WritableStream, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}
