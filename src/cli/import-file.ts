/**
 * An import file opened as the store reads it (store/import-source.ts): its bytes streamed from
 * disk and decoded a chunk at a time (import-text.ts), never held whole, with the bytes read
 * shown as progress on a terminal. A byte order mark names the file's encoding, whatever
 * --encoding says (unless it names none we know).
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { ImportSource } from '../store/import-source.js';
import { canonicalEncoding, encodingOfMark } from './byte-order-mark.js';
import type { CommandContext } from './context.js';
import { decodingStream, ImportEncodingError } from './import-text.js';
import { progress } from './progress.js';
import { CliUsageError } from './usage-error.js';

export interface ImportFile {
  source: ImportSource;
  /** Ends the progress line (call when the import is over, done or refused). */
  done(): void;
}

function unreadable(file: string, error: unknown): CliUsageError {
  return new CliUsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
}

/** The file's first bytes (as many as a byte order mark takes). */
async function firstBytes(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(3);
    const { bytesRead } = await handle.read(head, 0, 3, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function openImportFile(context: CommandContext, file: string, encodingOption: string | undefined): Promise<ImportFile> {
  let size: number;
  let head: Buffer;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw Object.assign(new Error('a directory'), { code: 'EISDIR' });
    size = info.size;
    head = await firstBytes(file);
  } catch (error) {
    throw unreadable(file, error);
  }
  const marked = encodingOfMark(head);
  const named = canonicalEncoding(encodingOption ?? 'utf-8');
  const encoding = marked !== undefined && named !== undefined ? marked : (encodingOption ?? 'utf-8');
  if (marked !== undefined && named !== undefined && marked !== named) {
    context.say(`${file} starts with a ${marked.toUpperCase()} byte order mark, so it is read as ${marked}, not ${encodingOption ?? 'utf-8'}`);
  }
  try {
    decodingStream(encoding); // an unknown encoding is refused before the store is opened
  } catch (error) {
    if (error instanceof ImportEncodingError) throw new CliUsageError(`${file}: ${error.message}`);
    throw error;
  }
  const shown = progress(context, `reading ${file}: bytes`);
  return {
    source: {
      open() {
        const bytes = createReadStream(file, { highWaterMark: 256 * 1024 });
        const text = decodingStream(encoding);
        bytes.on('error', (error) => text.destroy(unreadable(file, error)));
        bytes.on('data', () => shown.update(bytes.bytesRead, size));
        return bytes.pipe(text);
      },
    },
    done: () => shown.done(),
  };
}

/** An encoding error met while the file was read, as the usage error that names the file. */
export function importFileError(file: string, error: unknown): unknown {
  return error instanceof ImportEncodingError ? new CliUsageError(`${file}: ${error.message}`) : error;
}
