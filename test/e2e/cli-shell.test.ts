/** The built binary, run as a user would: help, version, config, usage errors in a pipe. */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());
const home = temp.dir;

describe('shopprop help', () => {
  it('lists every command of the mission', async () => {
    const { code, stdout } = await runCli(['--help'], { home });
    expect(code).toBe(0);
    for (const command of ['sale', 'receipt', 'paidbalance', 'payadvice', 'statements', 'statement-pdf', 'config', 'serve', 'demo', 'local', 'help']) {
      expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
    const sale = await runCli(['sale', '--help'], { home });
    for (const verb of ['list', 'items', 'save', 'outbox', 'sync']) expect(sale.stdout).toMatch(new RegExp(`^  ${verb}\\b`, 'm'));
  });

  it('gives an example with every command', async () => {
    for (const command of [['sale', 'list'], ['sale', 'items'], ['sale', 'save'], ['receipt', 'specs'], ['receipt', 'print'], ['paidbalance'], ['payadvice'], ['statements'], ['statement-pdf'], ['serve'], ['demo'], ['config', 'set']]) {
      const { code, stdout } = await runCli([...command, '--help'], { home });
      expect(code, command.join(' ')).toBe(0);
      expect(stdout, command.join(' ')).toMatch(/Examples:\n {2}\$ shopprop /);
    }
  });

  it('prints the exit codes and the environment topics', async () => {
    const codes = await runCli(['help', 'exit-codes'], { home });
    expect(codes.code).toBe(0);
    expect(codes.stdout).toMatch(/^ {2}4 {4}authentication/m);
    const environment = await runCli(['help', 'environment'], { home });
    expect(environment.stdout).toContain('SHOPPROP_BASE_URL');
    expect(environment.stdout).toContain('NODE_DISABLE_COMPILE_CACHE');
    const command = await runCli(['help', 'sale', 'list'], { home });
    expect(command.stdout).toContain('--sales-person');
  });

  it('lists every subcommand of each group, however the group help is asked for', async () => {
    const groups: Array<[string[], string[]]> = [
      [['sale'], ['list', 'items', 'save', 'outbox', 'sync']],
      [['receipt'], ['specs', 'print']],
      [['config'], ['get', 'set', 'unset', 'list', 'use', 'path']],
      [['local'], ['token', 'demo', 'company', 'import', 'statement']],
      [['local', 'token'], ['create', 'list', 'revoke']],
      [['local', 'statement'], ['prepare', 'approve', 'mark-paid']],
    ];
    for (const [group, subcommands] of groups) {
      for (const args of [[...group, '--help'], ['help', ...group]]) {
        const { code, stdout } = await runCli(args, { home });
        expect(code, args.join(' ')).toBe(0);
        for (const sub of subcommands) expect(stdout, args.join(' ')).toMatch(new RegExp(`^  ${sub}\\b`, 'm'));
      }
    }
    const nested = await runCli(['help', 'local', 'token', 'create'], { home });
    expect(nested.stdout).toContain('--role <role>');
    const unknown = await runCli(['help', 'sale', 'nope'], { home });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown help topic or command: sale nope/);
  });

  it('prints its version', async () => {
    const { code, stdout } = await runCli(['--version'], { home });
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('usage errors exit 2 with one line naming the problem', () => {
  it.each([
    [['paidbalance', '--month', '13', '--zone', '1'], /--month.*1 to 12/],
    [['paidbalance', '--month', '0', '--zone', '1'], /--month.*1 to 12/],
    [['sale', 'list', '--company', 'abc'], /--company.*positive whole number/],
    [['sale', 'list', '--limit', '5000'], /1 to 1000/],
    [['payadvice', '--type', 'SOMETIMES'], /COMBINED, RENT_ONLY, SERVICE_CHARGE_ONLY/],
    [['sale', 'lst'], /unknown command 'lst'[\s\S]*Did you mean list/],
    [['sael', 'list'], /unknown command 'sael'[\s\S]*Did you mean sale/],
    [['local', 'tokn', 'list'], /unknown command 'tokn'[\s\S]*Did you mean token/],
    [['local', 'token', 'crate'], /unknown command 'crate'[\s\S]*Did you mean create/],
    [['config', 'gt', 'companyId'], /unknown command 'gt'[\s\S]*Did you mean get/],
    [['receipt', 'print', '1', '--width', '40'], /--width.*Allowed choices are 32, 48/],
    [['--format', 'xml', 'sale', 'list'], /Allowed choices are table, json, ndjson, csv/],
    [['statement-pdf', 'abc'], /statementId must be a positive whole number/],
    [['local', 'token', 'revoke', '0'], /tokenId must be a positive whole number/],
  ])('%j', async (args, message) => {
    const { code, stderr, stdout } = await runCli(args, { home });
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe('');
  });

  it('names the missing flag instead of prompting when not at a terminal', async () => {
    const { code, stderr } = await runCli(['--base-url', 'http://127.0.0.1:9', 'paidbalance', '--company', '1'], { home });
    expect(code).toBe(2);
    expect(stderr).toMatch(/missing filter: give --zone, --officer or --property/);
    const company = await runCli(['--base-url', 'http://127.0.0.1:9', 'sale', 'list'], { home });
    expect(company.code).toBe(2);
    expect(company.stderr).toMatch(/missing --company/);
  });

  it('refuses a sale that is neither an id nor a receipt number, before any request', async () => {
    const { code, stderr } = await runCli(['--base-url', 'http://127.0.0.1:9', 'receipt', 'print', 'twelve', '--company', '1'], { home });
    expect(code).toBe(2);
    expect(stderr).toMatch(/expected a sale id \(e\.g\. 120\) or a receipt number/);
  });

  it('exits 5 with the fix when the service cannot be reached', async () => {
    const { code, stderr } = await runCli(['--base-url', 'http://127.0.0.1:9', 'sale', 'list', '--company', '1'], { home });
    expect(code).toBe(5);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/base URL|server is running/);
  });

  it('says how to get data when the local store does not exist', async () => {
    const { code, stderr } = await runCli(['sale', 'list', '--company', '1'], { home });
    expect(code).toBe(2);
    expect(stderr).toMatch(/shopprop demo/);
  });
});

describe('shopprop config', () => {
  it('sets, gets, lists (token shortened) and unsets, in a 0600 file', async () => {
    expect((await runCli(['config', 'set', 'companyId', '3'], { home })).code).toBe(0);
    expect((await runCli(['config', 'set', 'token', 'sp_abcdefghijklmnopqrstuvwxyz'], { home })).code).toBe(0);
    expect((await runCli(['config', 'get', 'companyId'], { home })).stdout.trim()).toBe('3');
    const list = await runCli(['config', 'list', '--format', 'json'], { home });
    expect(list.stdout).not.toContain('sp_abcdefghijklmnopqrstuvwxyz');
    expect(JSON.parse(list.stdout).settings).toMatchObject({ companyId: 3 });
    const path = (await runCli(['config', 'path'], { home })).stdout.trim();
    expect(path).toBe(join(home, 'config', 'config.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect((await runCli(['config', 'unset', 'token'], { home })).code).toBe(0);
    expect((await runCli(['config', 'get', 'token'], { home })).code).toBe(1);
  });

  it('refuses unknown keys and bad values with exit 2', async () => {
    const unknown = await runCli(['config', 'set', 'colour', 'red'], { home });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/baseUrl/);
    const bad = await runCli(['config', 'set', 'companyId', '-4'], { home });
    expect(bad.code).toBe(2);
  });

  it('lets flags beat environment variables, and both beat the config file', async () => {
    await runCli(['config', 'set', 'baseUrl', 'http://127.0.0.1:7'], { home });
    // The config points at port 7, the environment at port 8, the flag at port 9: the trace shows which won.
    const run = (args: string[], extra: Record<string, string> = {}) =>
      runCli(['--verbose', ...args, 'sale', 'list', '--company', '1'], { home, extra });
    expect((await run([])).stderr).toContain('127.0.0.1:7');
    expect((await run([], { SHOPPROP_BASE_URL: 'http://127.0.0.1:8' })).stderr).toContain('127.0.0.1:8');
    expect((await run(['--base-url', 'http://127.0.0.1:9'], { SHOPPROP_BASE_URL: 'http://127.0.0.1:8' })).stderr).toContain('127.0.0.1:9');
    await runCli(['config', 'unset', 'baseUrl'], { home });
  });
});
