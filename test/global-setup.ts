/**
 * Before any test: the bundle the spawned tests run is built from the current source, and the
 * endpoint that starts the run's PostgreSQL server when a test file first needs it
 * (helpers/postgres-on-demand.ts); after the last test, that server is stopped.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { staleBuild } from './helpers/fresh-build.js';
import { servePostgresOnDemand } from './helpers/postgres-on-demand.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresOnDemand: string;
  }
}

export default async function setUp(project: TestProject): Promise<() => Promise<void>> {
  buildWhenStale();
  const postgres = await servePostgresOnDemand();
  project.provide('postgresOnDemand', postgres.url);
  return () => postgres.close();
}

function buildWhenStale(): void {
  const reason = staleBuild();
  if (!reason) return;
  process.stderr.write(`building first: ${reason}\n`);
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url))], { stdio: 'inherit' });
}
