/** The spawned tests' guard against a stale bundle. */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTPUTS, staleBuild } from './fresh-build.js';
import { makeTempDir } from './temp-dir.js';

let remove: (() => void) | undefined;
afterEach(() => remove?.());

/** A checkout with its inputs written at `inputsAt` and its bundle at `builtAt` (epoch seconds). */
function checkout(inputsAt: number, builtAt: number | undefined): string {
  const temp = makeTempDir();
  remove = temp.remove;
  const write = (path: string, at: number) => {
    const file = join(temp.dir, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, '');
    utimesSync(file, at, at);
  };
  for (const input of ['src/cli/main.ts', 'src/server/app.ts', 'scripts/build.mjs', 'scripts/build-plugins.mjs', 'package.json', 'tsconfig.json'])
    write(input, inputsAt);
  if (builtAt !== undefined) {
    for (const output of OUTPUTS) write(output, builtAt);
  }
  return temp.dir;
}

describe('a bundle', () => {
  it('built after its source is fresh', () => {
    expect(staleBuild(checkout(1_000, 2_000))).toBeUndefined();
  });

  it('older than one source file is stale, and the message names the file', () => {
    const root = checkout(1_000, 2_000);
    utimesSync(join(root, 'src/server/app.ts'), 3_000, 3_000);
    expect(staleBuild(root)).toBe('dist is older than src (src/server/app.ts changed after the last build): run npm run build (npm test builds first)');
  });

  it('that was never built is missing', () => {
    expect(staleBuild(checkout(1_000, undefined))).toMatch(/^dist\/cli\/start\.cjs is missing/);
  });
});
