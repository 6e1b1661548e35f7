/**
 * Everything a CLI run takes from its process: the terminal streams, the environment and the
 * clock. bin/shopprop.js runs with the process's own; tests run commands in-process with their
 * own streams, environment and clock, so a command's logic is tested without spawning Node.
 */

export interface Terminal {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
  stdoutIsTTY: boolean;
  stdinIsTTY: boolean;
  stderrIsTTY: boolean;
}

export interface CliIO {
  terminal: Terminal;
  env: NodeJS.ProcessEnv;
  /** Epoch milliseconds. */
  now(): number;
  /** Set by a command that ends without an error but not successfully (nothing found: 3). */
  exitCode?: number;
}

export function processTerminal(): Terminal {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    stdoutIsTTY: process.stdout.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
  };
}

export function processIO(): CliIO {
  return { terminal: processTerminal(), env: process.env, now: Date.now };
}

/**
 * The run in progress: the process's own for the binary, the test's for each main() call in
 * tests. Kept on globalThis because the built CLI holds this module twice: once in the parsing
 * bundle (dist/cli/core.cjs, which calls main) and once in the command modules' file
 * (dist/cli/commands.cjs).
 */
const RUN = Symbol.for('shopprop.cli-io');
type WithRun = typeof globalThis & { [RUN]?: CliIO };

export function useCliIO(io: CliIO): void {
  (globalThis as WithRun)[RUN] = io;
}

export function cliIO(): CliIO {
  return ((globalThis as WithRun)[RUN] ??= processIO());
}
