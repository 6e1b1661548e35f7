/**
 * Where a command's data goes: stdout, or `--output FILE`. A file is written beside its final
 * name and renamed into place only when complete, so a failed export never leaves half a file
 * where a whole one is expected.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import type { CommandContext } from './context.js';

export interface OutputTarget {
  stream: NodeJS.WritableStream;
  /** A file was asked for (data is not going to the terminal). */
  toFile: boolean;
  /** Whether the data lands on a terminal. */
  isTTY: boolean;
  /** Finish: flush, and move the file into place. */
  commit(): Promise<void>;
  /** Give up: remove the partial file. */
  abort(): Promise<void>;
}

export function openOutput(context: CommandContext, file = context.globals.output): OutputTarget {
  if (file === undefined || file === '-') {
    return {
      stream: context.terminal.stdout,
      toFile: false,
      isTTY: context.terminal.stdoutIsTTY,
      commit: async () => undefined,
      abort: async () => undefined,
    };
  }
  const partial = `${file}.partial-${process.pid}`;
  const stream = createWriteStream(partial, { mode: 0o644 });
  return {
    stream,
    toFile: true,
    isTTY: false,
    async commit() {
      stream.end();
      await finished(stream);
      await rename(partial, file);
    },
    async abort() {
      // A write still queued fails with ERR_STREAM_DESTROYED: the file is being given up anyway.
      stream.on('error', () => undefined);
      stream.destroy();
      await rm(partial, { force: true });
    },
  };
}

/** Runs `write` against the output target, committing on success and cleaning up on failure. */
export async function withOutput<T>(context: CommandContext, write: (target: OutputTarget) => Promise<T>, file?: string): Promise<T> {
  const target = openOutput(context, file);
  try {
    const result = await write(target);
    await target.commit();
    return result;
  } catch (error) {
    await target.abort();
    throw error;
  }
}

/** Writes bytes to `file` whole or not at all: beside it first, then renamed into place. */
export async function writeWholeFile(file: string, data: Uint8Array): Promise<void> {
  const partial = `${file}.partial-${process.pid}`;
  try {
    await writeFile(partial, data);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
