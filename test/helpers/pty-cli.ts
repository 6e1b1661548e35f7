/**
 * Runs the built `shopprop` in a pseudo-terminal (@lydell/node-pty: node-pty with its binaries
 * prebuilt in registry packages, so installing needs no compiler), as a person at a terminal would:
 * wait for a prompt's text, type an answer, read the screen.
 */
import * as pty from '@lydell/node-pty';
import { BIN, cliEnv, type CliEnvironment } from './run-cli.js';

export interface PtySession {
  /** Everything the terminal showed so far, escape sequences removed. */
  screen(): string;
  /** Resolves when the screen contains the text; rejects after the timeout. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /**
   * Resolves when what the terminal drew since keys were last typed contains the text: the next
   * prompt, never a copy of its text drawn earlier; rejects after the timeout.
   */
  waitForNext(text: string | RegExp, timeoutMs?: number): Promise<void>;
  type(keys: string): void;
  exited: Promise<number>;
  /** The exit code and the signal that ended the process, if one did (0 when none). */
  ended: Promise<{ exitCode: number; signal: number }>;
  kill(): void;
}

export const KEY = { enter: '\r', down: '\x1b[B', up: '\x1b[A', ctrlC: '\x03', backspace: '\x7f' };

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][AB012]|\x1b[=>]/g;

/** `size`: the terminal's columns and rows; default 120 x 40. */
export function spawnPty(args: string[], options: CliEnvironment, size: { cols: number; rows: number } = { cols: 120, rows: 40 }): PtySession {
  const term = pty.spawn(process.execPath, [BIN, ...args], {
    name: 'xterm-256color',
    cols: size.cols,
    rows: size.rows,
    env: cliEnv(options) as Record<string, string>,
  });
  let output = '';
  /** Where the output stood when keys were last typed. */
  let typedAt = 0;
  const waiters = new Set<() => void>();
  term.onData((data) => {
    output += data;
    for (const check of waiters) check();
  });
  const ended = new Promise<{ exitCode: number; signal: number }>((resolve) =>
    term.onExit(({ exitCode, signal }) => resolve({ exitCode, signal: signal ?? 0 })),
  );
  const exited = ended.then(({ exitCode }) => exitCode);
  const screen = () => output.replace(ANSI, '');
  const waitOn = (text: string | RegExp, timeoutMs: number, from: number) =>
    new Promise<void>((resolve, reject) => {
      const shown = () => output.slice(from).replace(ANSI, '');
      const matches = () => (typeof text === 'string' ? shown().includes(text) : text.test(shown()));
      if (matches()) return resolve();
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for ${String(text)}; screen:\n${screen()}`));
      }, timeoutMs);
      const check = () => {
        if (matches()) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
      };
      waiters.add(check);
    });
  return {
    screen,
    waitFor: (text, timeoutMs = 15_000) => waitOn(text, timeoutMs, 0),
    waitForNext: (text, timeoutMs = 15_000) => waitOn(text, timeoutMs, typedAt),
    type(keys) {
      typedAt = output.length;
      term.write(keys);
    },
    exited,
    ended,
    kill() {
      term.kill();
    },
  };
}
