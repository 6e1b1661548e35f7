// Shared helpers of the benchmarks: run the built CLI, time commands, start servers, load-test.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = join(ROOT, 'bench', 'out');
export const BIN = join(ROOT, 'bin', 'shopprop.js');
mkdirSync(OUT, { recursive: true });

/** An isolated environment for CLI runs: config and data under bench/out. */
export function benchEnv(extra = {}) {
  const env = { ...process.env, SHOPPROP_CONFIG_DIR: join(OUT, 'config'), SHOPPROP_DATA_DIR: join(OUT, 'data'), NO_COLOR: '1', ...extra };
  for (const key of ['SHOPPROP_BASE_URL', 'SHOPPROP_TOKEN', 'SHOPPROP_PROFILE', 'SHOPPROP_COMPANY']) delete env[key];
  return env;
}

export function cli(args, options = {}) {
  const result = spawnSync(process.execPath, [BIN, ...args], { env: benchEnv(options.env), encoding: 'utf8', maxBuffer: 1 << 30, ...options });
  if (result.status !== 0) throw new Error(`shopprop ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

/** The demo store at a scale, made once and kept in bench/out. */
export function demoDatabase(scale) {
  const file = join(OUT, `demo-scale-${scale}.db`);
  if (!existsSync(file)) {
    const started = Date.now();
    cli(['demo', '--scale', String(scale), '--db', file]);
    console.error(`  made ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return file;
}

/** Wall time of one run of a command, in ms. */
export function timeOnce(command, args, env = process.env) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Times several commands interleaved (a, b, a, b, ...) so machine noise hits them alike. */
export function compareCommands(commands, runs = 15) {
  const times = commands.map(() => []);
  for (let i = 0; i < 2; i++) commands.forEach((c) => timeOnce(c.command, c.args, c.env)); // warm the file cache
  for (let i = 0; i < runs; i++) {
    commands.forEach((c, index) => times[index].push(timeOnce(c.command, c.args, c.env)));
  }
  return commands.map((c, index) => ({ name: c.name, medianMs: median(times[index]), minMs: Math.min(...times[index]) }));
}

/** Starts a server process whose first stdout line is its URL. */
export function startProcess(command, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let buffer = '';
    child.stdout.setEncoding('utf8');
    const onData = (chunk) => {
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline >= 0) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({
          child,
          url: buffer.slice(0, newline).trim(),
          stop: () =>
            new Promise((done) => {
              child.once('exit', done);
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command} exited early (${code})`)));
  });
}

export function startLocalServer(dbFile, root = ROOT) {
  return startProcess(process.execPath, [join(root, 'dist', 'server', 'standalone.js'), '--db', dbFile, '--port', '0'], benchEnv());
}

/** Requests/s and latency of one URL under load, for a few seconds. */
export async function load(url, { headers = {}, duration = 5, connections = 10, method = 'GET', body, requests } = {}) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url, headers, duration, connections, method, body, requests });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, total: result.requests.total };
}

export function machine() {
  const os = spawnSync('sh', ['-c', 'nproc; grep -m1 "model name" /proc/cpuinfo | cut -d: -f2; free -g | awk \'/Mem:/ {print $2 " GiB"}\''], {
    encoding: 'utf8',
  })
    .stdout.trim()
    .split('\n');
  return { cores: os[0], cpu: (os[1] ?? '').trim(), memory: os[2], node: process.version };
}
