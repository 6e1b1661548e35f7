/**
 * The built binary, run as a user would, for what only a real process shows: its start, help
 * and version from the bundle, a usage error and an unreachable service in a pipe (exit codes
 * and one line on stderr). Each command's behaviour is tested in-process (test/cli/commands).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());
const home = temp.dir;

describe('the built binary', () => {
  it("lists every command of the mission, and a group's subcommands", async () => {
    const { code, stdout } = await runCli(['--help'], { home });
    expect(code).toBe(0);
    for (const command of ['sale', 'receipt', 'paidbalance', 'payadvice', 'statements', 'statement-pdf', 'config', 'serve', 'demo', 'local', 'help']) {
      expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
    const sale = await runCli(['help', 'sale'], { home });
    for (const verb of ['list', 'items', 'save', 'outbox', 'sync']) expect(sale.stdout).toMatch(new RegExp(`^  ${verb}\\b`, 'm'));
  });

  it('prints a completion script from its own bundle: every group defined, enum values of every kind', async () => {
    const { code, stdout, stderr } = await runCli(['completion', 'bash'], { home });
    expect(code, stderr).toBe(0);
    expect(stdout).toContain("'sale outbox') echo 'show delete send' ;;");
    expect(stdout).toContain("'local token') echo 'create list revoke' ;;");
    // .choices() values, choiceOption values and positional argument values.
    expect(stdout).toContain("*'|--format') echo 'table json ndjson csv xlsx'");
    expect(stdout).toContain("'local token create''|--role') echo 'cashier accountant admin'");
    expect(stdout).toContain("'completion|0') echo 'bash zsh fish' ;;");
    expect(stdout).toMatch(/'config get\|0'\) echo 'baseUrl token companyId/);
  });

  it('prints its version', async () => {
    const { code, stdout } = await runCli(['--version'], { home });
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('exits 2 on a usage error, with one line and a suggestion, nothing on stdout', async () => {
    const { code, stderr, stdout } = await runCli(['sale', 'lst'], { home });
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown command 'lst'[\s\S]*Did you mean list/);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe('');
  });

  it('exits 5 with the fix when the service cannot be reached', async () => {
    const { code, stderr } = await runCli(['--base-url', 'http://127.0.0.1:9', 'sale', 'list', '--company', '1'], { home });
    expect(code).toBe(5);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/base URL|server is running/);
  });
});
