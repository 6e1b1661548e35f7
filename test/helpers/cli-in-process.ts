/**
 * Runs a shopprop command in this process, from the source, with its own streams, environment
 * and clock: the command's logic in milliseconds, no build and no child process. What only a
 * real process shows (signals, exit on a closed pipe, start-up, the built bundle) stays with
 * the spawned tests (run-cli.ts).
 */
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CliIO } from '../../src/cli/cli-io.js';
import type { CommandModule } from '../../src/cli/lazy-action.js';
import { cliEnv, type CliEnvironment, type CliResult } from './run-cli.js';

const COMMANDS = fileURLToPath(new URL('../../src/cli/commands', import.meta.url));

// Defined by the build (scripts/build.mjs); the source needs it to exist.
(globalThis as Record<string, unknown>).__SHOPPROP_VERSION__ = '0.0.0-test';

const loadCommand = (id: string) => import(/* @vite-ignore */ pathToFileURL(join(COMMANDS, `${id}.ts`)).href) as Promise<CommandModule<unknown>>;

export interface InProcessOptions extends CliEnvironment {
  /** What stdin holds (a pipe: never a TTY). */
  input?: string | Uint8Array;
  /** A stream to read instead of `input` (e.g. one that is never written to and never ends). */
  stdin?: Readable;
  /** The clock commands read (epoch ms); the real one by default. */
  now?: () => number;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  /** Called with each piece of stderr as it is written (to wait on what a command says). */
  onStderr?: (text: string) => void;
}

export interface InProcessResult extends CliResult {
  code: number;
  /** stdout as bytes, for binary output. */
  stdoutBytes: Buffer;
}

/** A stream that keeps everything written to it. */
export function collector(onText?: (text: string) => void): { stream: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      chunks.push(buffer);
      onText?.(buffer.toString('utf8'));
      done();
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks) };
}

export async function runInProcess(args: string[], options: InProcessOptions): Promise<InProcessResult> {
  const { main } = await import('../../src/cli/main.js');
  const stdout = collector();
  const stderr = collector(options.onStderr);
  const io: CliIO = {
    terminal: {
      stdout: stdout.stream,
      stderr: stderr.stream,
      stdin: options.stdin ?? Readable.from(options.input === undefined ? [] : [Buffer.from(options.input)]),
      stdoutIsTTY: options.stdoutIsTTY ?? false,
      stderrIsTTY: options.stderrIsTTY ?? false,
      stdinIsTTY: false,
    },
    env: cliEnv(options),
    now: options.now ?? Date.now,
  };
  const code = await main(['node', 'shopprop', ...args], loadCommand, io);
  return { code, stdout: stdout.bytes().toString('utf8'), stderr: stderr.bytes().toString('utf8'), stdoutBytes: stdout.bytes() };
}
