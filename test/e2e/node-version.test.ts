/**
 * An unsupported Node is told plainly, before the bundle loads: one line naming the Node
 * shopprop needs, the one running and how to get another, exit 1. Run on a real Node 20 (from the
 * npm registry, scripts/with-node.sh), and on the boundary with a reported version set before
 * the bin runs.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cliEnv } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const run = promisify(execFile);
const temp = makeTempDir();
afterAll(temp.remove);
const withNode = fileURLToPath(new URL('../../scripts/with-node.sh', import.meta.url));

async function outcome(file: string, args: string[], env?: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(file, args, { timeout: 120_000, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The bin on this Node, reporting `version` as its own. */
function asVersion(version: string, args: string[]) {
  const preload = join(temp.dir, `node-${version}.cjs`);
  writeFileSync(preload, `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: ${JSON.stringify(version)} } });\n`);
  // A home of its own: a supported version runs on, and writes its code caches there.
  return outcome(process.execPath, ['--require', preload, BIN, ...args], cliEnv({ home: temp.dir, extra: { XDG_CACHE_HOME: join(temp.dir, 'cache') } }));
}

describe('the Node version check', () => {
  it('refuses Node 20 with one line saying what to install, exit 1', { timeout: 180_000 }, async () => {
    // The first use of a line installs it, with npm's own output: not part of what is checked.
    expect((await outcome(withNode, ['20', 'node', '--version'])).stdout).toMatch(/^v20\./);
    const result = await outcome(withNode, ['20', 'node', BIN, 'local', 'user', 'create', '--help']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^shopprop needs Node\.js 22\.12 or newer .*; this is Node\.js 20\.\d+\.\d+ \(.*\)\. Install a supported one from https:\/\/nodejs\.org\//,
    );
  });

  it('draws the line at 22.12', async () => {
    const old = await asVersion('22.11.0', ['--version']);
    expect(old.code).toBe(1);
    expect(old.stderr).toContain('this is Node.js 22.11.0');
    for (const version of ['22.12.0', '23.0.0', '24.1.0', '100.0.0']) {
      const ok = await asVersion(version, ['--version']);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });

  it('asks for what package.json declares', () => {
    const engines = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(readFileSync(BIN, 'utf8')).toContain(`var NEEDS = [${engines.replace('>=', '').split('.').join(', ')}];`);
  });
});
