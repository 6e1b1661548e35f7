/**
 * The spawned tests run the built bundle (dist/), so a build older than the source would test
 * yesterday's code. The global setup builds when the bundle is stale or missing; the helpers
 * that spawn it refuse to run a stale one.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What the build reads, and what it writes (each output must be newer than every input). */
const INPUTS = ['src', 'scripts/build.mjs', 'scripts/build-plugins.mjs', 'package.json', 'tsconfig.json'];
export const OUTPUTS = [
  'dist/cli/start.cjs',
  'dist/cli/root-help.cjs',
  'dist/cli/core.cjs',
  'dist/cli/commands.cjs',
  'dist/server/embedded-server.cjs',
  'dist/server/standalone.js',
];

function newestIn(path: string): { file: string; mtimeMs: number } {
  const stat = statSync(path);
  if (!stat.isDirectory()) return { file: path, mtimeMs: stat.mtimeMs };
  let newest = { file: path, mtimeMs: 0 };
  for (const entry of readdirSync(path)) {
    const candidate = newestIn(join(path, entry));
    if (candidate.mtimeMs > newest.mtimeMs) newest = candidate;
  }
  return newest;
}

/** Why dist/ cannot be trusted, or undefined when it was built after the last change to its inputs. */
export function staleBuild(root = ROOT): string | undefined {
  const missing = OUTPUTS.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing: run npm run build (npm test builds first)`;
  const oldestOutput = Math.min(...OUTPUTS.map((output) => statSync(join(root, output)).mtimeMs));
  const newestInput = INPUTS.map((input) => newestIn(join(root, input))).reduce((a, b) => (b.mtimeMs > a.mtimeMs ? b : a));
  if (newestInput.mtimeMs > oldestOutput) {
    return `dist is older than src (${relative(root, newestInput.file)} changed after the last build): run npm run build (npm test builds first)`;
  }
  return undefined;
}

/** Throws when the bundle is stale: a spawned test must never run old code. */
export function assertFreshBuild(): void {
  const reason = staleBuild();
  if (reason) throw new Error(reason);
}
