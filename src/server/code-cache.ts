/**
 * Loads a CommonJS file compiled with a V8 code cache kept in the user's cache directory, as
 * v8-compile-cache does: without one every run parses and compiles the same code again (the
 * command definitions on every start, the server on every embedded one). Node's own compile
 * cache (module.enableCompileCache, which start.ts turns on for everything else) is written
 * before the code runs; this one is written at exit, so it also holds the functions compiled
 * lazily during the run, and an embedded start costs about a tenth less CPU with it.
 *
 * A cache never changes what runs: V8 checks it against the source and its own version, and
 * this file adds a checksum; a missing, stale, corrupt, rejected or unwritable cache means
 * compiling from source, as without one. A cache is written (atomically, by rename) at the
 * exit of a run that had none, so it holds the functions that run compiled.
 * NODE_DISABLE_COMPILE_CACHE=1 (Node's own switch for its cache) turns it off.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { Script } from 'node:vm';
import * as zlib from 'node:zlib';

// A header: the CRC-32 of the data after it (zlib's: node:crypto costs a start 4 ms to load, a
// checksum in JavaScript as much to run).
const HEADER_BYTES = 4;

type Env = Readonly<Record<string, string | undefined>>;

/** `$XDG_CACHE_HOME/shopprop` or `~/.cache/shopprop`, `~/Library/Caches/shopprop` (macOS), `%LOCALAPPDATA%\shopprop\Cache` (Windows). */
export function defaultCacheDir(env: Env = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'shopprop');
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'shopprop', 'Cache');
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.cache'), 'shopprop');
}

/** FNV-1a, 32 bits, of a string. */
function hashText(text: string, seed = 0x811c9dc5): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** CRC-32 of the data; undefined on a Node without zlib.crc32 (before 20.15), which then keeps no cache. */
function checksum(data: Buffer): Buffer | undefined {
  if (typeof zlib.crc32 !== 'function') return undefined;
  const sum = Buffer.alloc(HEADER_BYTES);
  sum.writeUInt32LE(zlib.crc32(data), 0);
  return sum;
}

const hex = (n: number) => n.toString(16).padStart(8, '0');

/** The cache of this file as it is now, for this Node and its flags: any change is another name. */
function cacheFileOf(file: string, cacheDir: string, name = basename(file)): { cacheFile: string; prefix: string } {
  const { size, mtimeMs } = statSync(file);
  const place = hex(hashText(file));
  const key = [size, mtimeMs, process.version, process.arch, process.execArgv.join(' ')].join('\0');
  const version = hex(hashText(key)) + hex(hashText(key, 0x01000193));
  const prefix = `${name}-${place}-`;
  return { cacheFile: join(cacheDir, `${prefix}${version}.v8cache`), prefix };
}

function readCache(cacheFile: string): Buffer | undefined {
  let stored: Buffer;
  try {
    stored = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const data = stored.subarray(HEADER_BYTES);
  return stored.length > HEADER_BYTES && checksum(data)?.equals(stored.subarray(0, HEADER_BYTES)) ? data : undefined;
}

/** Writes the cache whole or not at all, and removes the caches of earlier versions of the file. */
function writeCache(cacheFile: string, prefix: string, data: Buffer): void {
  const sum = checksum(data);
  if (!sum) return;
  const dir = dirname(cacheFile);
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, Buffer.concat([sum, data]));
    renameSync(temporary, cacheFile);
    for (const name of readdirSync(dir)) {
      if (name.startsWith(prefix) && name.endsWith('.v8cache') && join(dir, name) !== cacheFile) unlinkSync(join(dir, name));
    }
  } catch {
    // A read-only or full disk: the next run compiles from source again.
    try {
      rmSync(temporary, { force: true });
    } catch {
      // There was no place to write it in.
    }
  }
}

export interface CodeCacheOptions {
  env?: Env;
  cacheDir?: string;
  /**
   * The cache's name, the file's by default. A file run in several ways (the command modules'
   * file, one command per run) keeps a cache for each, so each holds the functions its way compiled.
   */
  cacheName?: string;
  /** When to write a new cache; by default at the exit of the process, when the run's functions are compiled. */
  atExit?: (write: () => void) => void;
}

export interface Loaded {
  exports: unknown;
  /** Whether a cache was found and accepted. */
  cacheUsed: boolean;
}

export function loadWithCodeCache(file: string, options: CodeCacheOptions = {}): Loaded {
  const { env = process.env, atExit = (write) => process.once('exit', write) } = options;
  // For the start-up benchmark only: load as a plain require, leaving the caching to Node's
  // compile cache, so both choices are measured in one run (bench/startup.mjs).
  if (env.SHOPPROP_BENCH_NODE_CACHE_ONLY) return { exports: createRequire(file)(file) as unknown, cacheUsed: false };
  const source = readFileSync(file, 'utf8');
  const useCache = !env.NODE_DISABLE_COMPILE_CACHE;
  const { cacheFile, prefix } = cacheFileOf(file, options.cacheDir ?? defaultCacheDir(env), options.cacheName);
  const cachedData = useCache ? readCache(cacheFile) : undefined;
  // Node's own CommonJS wrapper, so the file runs as require() would run it.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  const cacheUsed = cachedData !== undefined && !script.cachedDataRejected;
  if (useCache && !cacheUsed) atExit(() => writeCache(cacheFile, prefix, script.createCachedData()));
  const module = { exports: {} as unknown, filename: file };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return { exports: module.exports, cacheUsed };
}
