/** Before any test: the bundle the spawned tests run is built from the current source. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { staleBuild } from './helpers/fresh-build.js';

export default function buildWhenStale(): void {
  const reason = staleBuild();
  if (!reason) return;
  process.stderr.write(`building first: ${reason}\n`);
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url))], { stdio: 'inherit' });
}
