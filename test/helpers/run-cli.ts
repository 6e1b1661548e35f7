/**
 * Runs the built `shopprop` binary (refusing a bundle older than the source) as a user would: a child process with its own config and
 * data directories, stdin from a string (a pipe, so never a TTY), stdout and stderr captured.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertFreshBuild } from './fresh-build.js';

// Every spawned run goes through this module: a stale bundle fails the file at once.
assertFreshBuild();

export const BIN = fileURLToPath(new URL('../../bin/shopprop.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliEnvironment {
  /** A temp dir holding config/ and data/ for this user. */
  home: string;
  extra?: Record<string, string | undefined>;
}

/** The environment a CLI run sees: isolated dirs, no colour, no inherited SHOPPROP_* settings. */
export function cliEnv({ home, extra = {} }: CliEnvironment): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('SHOPPROP_') && key !== 'FORCE_COLOR' && key !== 'NO_COLOR') env[key] = value;
  }
  return {
    ...env,
    HOME: home,
    SHOPPROP_CONFIG_DIR: join(home, 'config'),
    SHOPPROP_DATA_DIR: join(home, 'data'),
    ...extra,
  };
}

export function runCli(args: string[], options: CliEnvironment & { input?: string; timeoutMs?: number; cwd?: string }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: cliEnv(options), stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`shopprop ${args.join(' ')} did not finish in ${options.timeoutMs ?? 60_000} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    // A command that exits without reading its input closes the pipe first: not an error of the run.
    child.stdin.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') reject(error);
    });
    child.stdin.end(options.input ?? '');
  });
}
