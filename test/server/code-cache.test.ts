/** Loading a CommonJS file with a V8 code cache: the same exports with or without one, whatever state the cache is in. */
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultCacheDir, loadWithCodeCache, type CodeCacheOptions } from '../../src/server/code-cache.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

let n = 0;
/** A module file of its own (each test its own place, so caches do not meet), and a cache dir. */
function fixture(source: string) {
  const dir = join(temp.dir, `case-${++n}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'helper.cjs'), 'module.exports = (x) => x * 2;\n');
  const file = join(dir, 'module.cjs');
  writeFileSync(file, source);
  const cacheDir = join(dir, 'cache');
  const pending: Array<() => void> = [];
  const options: CodeCacheOptions = { env: {}, cacheDir, atExit: (write) => pending.push(write) };
  const exit = () => pending.splice(0).forEach((write) => write());
  const caches = () => (existsSync(cacheDir) ? readdirSync(cacheDir) : []);
  return { dir, file, cacheDir, options, exit, caches };
}

const SOURCE = `
const double = require('./helper.cjs');
exports.double = double;
exports.where = { filename: __filename, dirname: __dirname, self: this === module.exports };
exports.sum = (values) => values.reduce((a, b) => a + b, 0);
`;

describe('loadWithCodeCache', () => {
  it('runs the file as require() would, and writes a cache at exit that the next load uses', () => {
    const { dir, file, options, exit, caches } = fixture(SOURCE);
    const first = loadWithCodeCache(file, options);
    const exports = first.exports as { double: (x: number) => number; where: unknown; sum: (v: number[]) => number };
    expect(first.cacheUsed).toBe(false);
    expect(exports.double(21)).toBe(42);
    expect(exports.sum([1, 2, 3])).toBe(6);
    expect(exports.where).toEqual({ filename: file, dirname: dir, self: true });
    expect(caches()).toHaveLength(0);
    exit();
    expect(caches()).toHaveLength(1);

    const second = loadWithCodeCache(file, options);
    expect(second.cacheUsed).toBe(true);
    expect((second.exports as typeof exports).sum([4, 5])).toBe(9);
    exit();
    expect(caches()).toHaveLength(1);
  });

  it('keeps a cache for each name given to one file, each used by its own next load', () => {
    const { file, options, exit, caches } = fixture(SOURCE);
    expect(loadWithCodeCache(file, { ...options, cacheName: 'module.cjs-sale.list' }).cacheUsed).toBe(false);
    exit();
    expect(loadWithCodeCache(file, { ...options, cacheName: 'module.cjs-sale.items' }).cacheUsed).toBe(false);
    exit();
    expect(
      caches()
        .map((name) => name.split('-').slice(0, 2).join('-'))
        .sort(),
    ).toEqual(['module.cjs-sale.items', 'module.cjs-sale.list']);
    expect(loadWithCodeCache(file, { ...options, cacheName: 'module.cjs-sale.list' }).cacheUsed).toBe(true);
    expect(loadWithCodeCache(file, { ...options, cacheName: 'module.cjs-sale.items' }).cacheUsed).toBe(true);
    expect(caches()).toHaveLength(2);
  });

  it('takes module.exports assigned whole', () => {
    const { file, options } = fixture('module.exports = function answer() { return 42; };\n');
    expect((loadWithCodeCache(file, options).exports as () => number)()).toBe(42);
  });

  it('compiles from source when the cache is corrupt or cut short, and replaces it', () => {
    const { file, cacheDir, options, exit, caches } = fixture(SOURCE);
    loadWithCodeCache(file, options);
    exit();
    const cacheFile = join(cacheDir, caches()[0]!);
    const good = readFileSync(cacheFile);

    const flipped = Buffer.from(good);
    flipped[flipped.length - 10]! ^= 0xff;
    for (const bad of [flipped, good.subarray(0, good.length >> 1), Buffer.alloc(0), Buffer.from('not a cache')]) {
      writeFileSync(cacheFile, bad);
      const loaded = loadWithCodeCache(file, options);
      expect(loaded.cacheUsed).toBe(false);
      expect((loaded.exports as { double: (x: number) => number }).double(2)).toBe(4);
      exit();
      expect(loadWithCodeCache(file, options).cacheUsed).toBe(true);
    }
  });

  it('does not use the cache of an earlier version of the file, and removes it when writing the new one', () => {
    const { file, options, exit, caches } = fixture(SOURCE);
    loadWithCodeCache(file, options);
    exit();
    const before = caches();
    writeFileSync(file, SOURCE.replace('a + b', 'a + b + 1'));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const changed = loadWithCodeCache(file, options);
    expect(changed.cacheUsed).toBe(false);
    expect((changed.exports as { sum: (v: number[]) => number }).sum([1, 2])).toBe(5);
    exit();
    expect(caches()).toHaveLength(1);
    expect(caches()).not.toEqual(before);
  });

  it('works when the cache cannot be written', () => {
    const { dir, file, options, exit } = fixture(SOURCE);
    writeFileSync(join(dir, 'a-file'), '');
    const unwritable = { ...options, cacheDir: join(dir, 'a-file', 'cache') };
    const loaded = loadWithCodeCache(file, unwritable);
    expect((loaded.exports as { double: (x: number) => number }).double(3)).toBe(6);
    expect(() => exit()).not.toThrow();
  });

  it('neither reads nor writes a cache with NODE_DISABLE_COMPILE_CACHE', () => {
    const { file, options, exit, caches } = fixture(SOURCE);
    const off = { ...options, env: { NODE_DISABLE_COMPILE_CACHE: '1' } };
    loadWithCodeCache(file, options);
    exit();
    expect(loadWithCodeCache(file, off).cacheUsed).toBe(false);
    exit();
    expect(caches()).toHaveLength(1);
  });
});

describe('defaultCacheDir', () => {
  it('is the platform cache directory of shopprop', () => {
    expect(defaultCacheDir({}, 'linux', '/home/u')).toBe('/home/u/.cache/shopprop');
    expect(defaultCacheDir({ XDG_CACHE_HOME: '/var/cache/u' }, 'linux', '/home/u')).toBe('/var/cache/u/shopprop');
    expect(defaultCacheDir({ XDG_CACHE_HOME: 'relative' }, 'linux', '/home/u')).toBe('/home/u/.cache/shopprop');
    expect(defaultCacheDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Caches/shopprop');
  });
});
