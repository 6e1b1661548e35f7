/**
 * Where a command's data goes: stdout, or `--output FILE`.
 *
 * - A regular file (or a new one) is written whole or not at all: into a temp file created
 *   exclusively and without following links (O_EXCL | O_NOFOLLOW, so nothing planted at its
 *   name can redirect the write) in the same directory, renamed over FILE when complete, and
 *   removed on any failure and on exit (Ctrl-C and SIGTERM exit through process.exit); one
 *   left by a writer killed outright is removed by the next write to FILE (temp-beside.ts).
 * - A FIFO, a character or block device, a socket (`/dev/stdout`, `/dev/null`, a named pipe)
 *   and `-` are streams: written directly, never replaced by a regular file.
 * - A symbolic link writes its target (the same rules applied to what it points at); the link
 *   stays.
 * - A missing directory or a directory as FILE is a usage error (exit 2) naming it.
 * - An existing regular file is replaced only with --force or a yes at the terminal
 *   (replace-consent.ts).
 */
import { closeSync, createWriteStream, lstatSync, readlinkSync, realpathSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import type { CommandContext } from './context.js';
import { createTempBeside, settleTemp } from './output/temp-beside.js';
import { consentToReplace } from './replace-consent.js';
import { CliUsageError } from './usage-error.js';

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

/**
 * Where `-o FILE` really writes: a regular file to replace atomically, a stream to write
 * directly, or one of this process's descriptors (/dev/stdout -> /proc/self/fd/1: written
 * through the descriptor, since a socket cannot be opened by that name).
 */
type Destination = { kind: 'file'; path: string } | { kind: 'stream'; path: string } | { kind: 'fd'; fd: number };

const OWN_DESCRIPTOR = /^\/(?:proc\/self|dev)\/fd\/(\d+)$/;

const MAX_LINKS = 40;

/** Follows FILE (through any links) to what it names, refusing what cannot be written. */
export function resolveDestination(file: string): Destination {
  let path = file;
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    const own = OWN_DESCRIPTOR.exec(path);
    if (own) return { kind: 'fd', fd: Number(own[1]) };
    let stats: Stats;
    try {
      stats = lstatSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      requireDirectory(file, dirname(path));
      return { kind: 'file', path };
    }
    if (stats.isSymbolicLink()) {
      // A link to a stream (e.g. /dev/stdout -> /proc/self/fd/1 -> pipe:[…]) is opened through
      // the link itself, since its target may have no name.
      const target = readlinkSync(path);
      const next = isAbsolute(target) ? target : resolve(dirname(path), target);
      if (OWN_DESCRIPTOR.test(next)) {
        path = next;
        continue;
      }
      const followed = statOrUndefined(path);
      if (followed && !followed.isFile() && !followed.isDirectory()) return { kind: 'stream', path };
      if (followed?.isFile()) return { kind: 'file', path: realpathSync(path) };
      path = next;
      continue;
    }
    if (stats.isDirectory()) throw new CliUsageError(`-o ${file}: ${path === file ? 'it' : path} is a directory; give a file name`);
    if (stats.isFile()) return { kind: 'file', path };
    return { kind: 'stream', path };
  }
  throw new CliUsageError(`-o ${file}: too many levels of symbolic links`);
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function requireDirectory(file: string, directory: string): void {
  const stats = statOrUndefined(directory);
  if (!stats) throw new CliUsageError(`-o ${file}: the directory ${directory} does not exist`);
  if (!stats.isDirectory()) throw new CliUsageError(`-o ${file}: ${directory} is not a directory`);
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
  const destination = resolveDestination(file);
  if (destination.kind === 'fd' && destination.fd === 1) return openOutput(context, '-');
  if (destination.kind === 'fd' || destination.kind === 'stream') {
    const stream =
      destination.kind === 'fd' ? createWriteStream('', { fd: destination.fd, autoClose: false }) : createWriteStream(destination.path, { flags: 'w' });
    return {
      stream,
      toFile: true,
      isTTY: false,
      async commit() {
        stream.end();
        await finished(stream);
      },
      async abort() {
        stream.destroy();
      },
    };
  }
  const { temp, fd } = createTempBeside(destination.path);
  const stream = createWriteStream('', { fd, autoClose: true });
  return {
    stream,
    toFile: true,
    isTTY: false,
    async commit() {
      stream.end();
      await finished(stream);
      await rename(temp, destination.path);
      settleTemp(temp);
    },
    async abort() {
      // A write still queued fails with ERR_STREAM_DESTROYED: the file is being given up anyway.
      stream.on('error', () => undefined);
      stream.destroy();
      await rm(temp, { force: true });
      settleTemp(temp);
    },
  };
}

/**
 * Resolves when FILE may be written: not an existing regular file, or one the user agreed to
 * replace (--force, or a yes at the terminal). Commands call it before their requests, so the
 * question comes before the work; the writers below call it again.
 */
export async function checkOutputFile(context: CommandContext, file: string | undefined): Promise<void> {
  if (file === undefined || file === '-') return;
  const destination = resolveDestination(file);
  if (destination.kind === 'file') await consentToReplace(context, file, destination.path);
}

/** Runs `write` against the output target, committing on success and cleaning up on failure. */
export async function withOutput<T>(context: CommandContext, write: (target: OutputTarget) => Promise<T>, file?: string): Promise<T> {
  await checkOutputFile(context, file ?? context.globals.output);
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

export interface WholeFileOptions {
  /**
   * The file is the command's own download, named by it in a directory given for downloads
   * (`statements --pdf DIR`): an earlier copy is replaced without asking.
   */
  refresh?: boolean;
}

/** Writes bytes to `file` whole or not at all, by the same rules as `-o FILE`. */
export async function writeWholeFile(context: CommandContext, file: string, data: Uint8Array, options: WholeFileOptions = {}): Promise<void> {
  if (!options.refresh) await checkOutputFile(context, file);
  const destination = resolveDestination(file);
  if (destination.kind === 'fd') {
    writeFileSync(destination.fd, data);
    return;
  }
  if (destination.kind === 'stream') {
    await writeFile(destination.path, data);
    return;
  }
  const { temp, fd } = createTempBeside(destination.path);
  try {
    // Through the descriptor made with O_EXCL | O_NOFOLLOW: nothing swapped in at the name can redirect it.
    try {
      writeFileSync(fd, data);
    } finally {
      closeSync(fd);
    }
    await rename(temp, destination.path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  } finally {
    settleTemp(temp);
  }
}
