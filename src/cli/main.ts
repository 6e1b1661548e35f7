/**
 * Parse, run, and turn any failure into one line on stderr and an exit code. Started by
 * start.ts, which gives the way command modules are loaded; tests call it in-process with their
 * own streams, environment and clock (cli-io.ts).
 */
import { CommanderError } from 'commander';
import { processIO, useCliIO, type CliIO } from './cli-io.js';
import { errorExit } from './error-exit.js';
import { ExitCode } from '../contract/error-kinds.js';
import { setCommandLoader, type CommandLoader } from './lazy-action.js';
import { wrapWords } from './output/wrap-words.js';
import { buildProgram } from './program.js';

export async function main(argv: string[], loadCommand: CommandLoader, io?: CliIO): Promise<number> {
  const run = io ?? processIO();
  if (!io) guardProcess();
  useCliIO(run);
  setCommandLoader(loadCommand);
  const { stdout, stderr } = run.terminal;
  const program = buildProgram({ writeOut: (text) => stdout.write(text), writeErr: (text) => stderr.write(text) });
  try {
    await program.parseAsync(argv);
    return run.exitCode ?? ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version "errors" are successes; commander already printed everything else.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return ExitCode.ok;
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    // The reader of our output went away (`shopprop sale list | head`): nothing left to say.
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') return ExitCode.ok;
    const { message, exitCode } = errorExit(error);
    const terminal = stderr as NodeJS.WriteStream;
    stderr.write(`${wrapWords(`shopprop: ${message}`, terminal.isTTY ? terminal.columns : undefined)}\n`);
    if (run.env.SHOPPROP_DEBUG?.includes('stack') && error instanceof Error) stderr.write(`${error.stack}\n`);
    return exitCode;
  }
}

/** The binary's own process: a closed pipe ends it quietly, a signal with its documented exit code. */
function guardProcess(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(ExitCode.ok);
  });
  exitOnSignal('SIGINT', 'interrupted', ExitCode.interrupted);
  exitOnSignal('SIGTERM', 'terminated', ExitCode.terminated);
}

/**
 * Ends the run on the signal with its documented exit code, never by the signal itself, so a
 * script tells an interrupted run from a crash. A command that handles the signal itself (the
 * server's graceful shutdown) decides alone.
 */
function exitOnSignal(signal: NodeJS.Signals, word: string, exitCode: number): void {
  process.once(signal, () => {
    if (process.listenerCount(signal) > 0) return;
    process.stderr.write(`\nshopprop: ${word}\n`);
    process.exit(exitCode);
  });
}
