/**
 * statement-pdf on the local store, in the built binary: there is no server to serve a link, so
 * the PDF is saved in the current directory and its path printed. (The other -o files are tested
 * in-process: test/cli/commands/output-files.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoHome } from '../helpers/demo-store.js';
import { runCli } from '../helpers/run-cli.js';

const { dir: home, db } = demoHome();
const file = (name: string) => join(home, name);

describe('statement-pdf', () => {
  it('in-process, saves the PDF (there is no server to serve a link) and prints its path', async () => {
    const result = await runCli(['--db', db, 'statement-pdf', '1'], { home, cwd: home });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('statement-1.pdf\n');
    expect(readFileSync(file('statement-1.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(result.stderr).toMatch(/no server serves the link/);
    expect(result.stdout).not.toMatch(/http:\/\/localhost/);
  });
});
