/** `shopprop ... serve ...` (args) of the built bin on a free port of 127.0.0.1, as a shop runs it. */
import { spawn } from 'node:child_process';
import { BIN, cliEnv } from '../helpers/run-cli.js';

export interface Serving {
  url: string;
  /** What the server printed (its request log among it). */
  output(): string;
  stop(): void;
}

export function startServe(home: string, args: string[]): Promise<Serving> {
  const server = spawn(process.execPath, [BIN, ...args, '--port', '0'], { env: cliEnv({ home }), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGKILL');
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`serve did not start: ${output}`));
    }, 30_000);
    const read = (chunk: string) => {
      output += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, output: () => output, stop });
      }
    };
    server.stdout.setEncoding('utf8').on('data', read);
    server.stderr.setEncoding('utf8').on('data', read);
    server.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}): ${output}`));
    });
  });
}
