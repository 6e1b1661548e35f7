/**
 * The command line itself, in-process: help for every command and topic, usage errors (exit 2,
 * one line naming the problem), and the missing values a script must be told about.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { freshHomeEachTest } from '../../helpers/cli-home.js';

const home = freshHomeEachTest();
const cli = (args: string[]) => runInProcess(args, { home: home().dir });

describe('shopprop help', () => {
  it('lists every command of the mission', async () => {
    const { code, stdout } = await cli(['--help']);
    expect(code).toBe(0);
    for (const command of ['sale', 'receipt', 'paidbalance', 'payadvice', 'statements', 'statement-pdf', 'config', 'serve', 'demo', 'local', 'help']) {
      expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
    const sale = await cli(['sale', '--help']);
    for (const verb of ['list', 'items', 'save', 'outbox', 'sync']) expect(sale.stdout).toMatch(new RegExp(`^  ${verb}\\b`, 'm'));
  });

  it('gives an example with every command', async () => {
    for (const command of [
      ['sale', 'list'],
      ['sale', 'items'],
      ['sale', 'save'],
      ['receipt', 'specs'],
      ['receipt', 'print'],
      ['paidbalance'],
      ['payadvice'],
      ['statements'],
      ['statement-pdf'],
      ['serve'],
      ['demo'],
      ['config', 'set'],
    ]) {
      const { code, stdout } = await cli([...command, '--help']);
      expect(code, command.join(' ')).toBe(0);
      expect(stdout, command.join(' ')).toMatch(/Examples:\n {2}\$ shopprop /);
    }
  });

  it('prints the exit codes and the environment topics', async () => {
    const codes = await cli(['help', 'exit-codes']);
    expect(codes.code).toBe(0);
    expect(codes.stdout).toMatch(/^ {2}4 {4}authentication/m);
    const environment = await cli(['help', 'environment']);
    expect(environment.stdout).toContain('SHOPPROP_BASE_URL');
    expect(environment.stdout).toContain('NODE_DISABLE_COMPILE_CACHE');
    const command = await cli(['help', 'sale', 'list']);
    expect(command.stdout).toContain('--sales-person');
  });

  it('lists every subcommand of each group, however the group help is asked for', async () => {
    const groups: Array<[string[], string[]]> = [
      [['sale'], ['list', 'items', 'save', 'outbox', 'sync']],
      [['receipt'], ['specs', 'print']],
      [['config'], ['get', 'set', 'unset', 'list', 'use', 'path']],
      [['local'], ['token', 'demo', 'company', 'import', 'statement']],
      [
        ['local', 'token'],
        ['create', 'list', 'revoke'],
      ],
      [
        ['local', 'statement'],
        ['prepare', 'approve', 'mark-paid'],
      ],
    ];
    for (const [group, subcommands] of groups) {
      for (const args of [
        [...group, '--help'],
        ['help', ...group],
      ]) {
        const { code, stdout } = await cli(args);
        expect(code, args.join(' ')).toBe(0);
        for (const sub of subcommands) expect(stdout, args.join(' ')).toMatch(new RegExp(`^  ${sub}\\b`, 'm'));
      }
    }
    const nested = await cli(['help', 'local', 'token', 'create']);
    expect(nested.stdout).toContain('--role <role>');
    const unknown = await cli(['help', 'sale', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown help topic or command: sale nope/);
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
    const { code, stderr, stdout } = await cli(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe('');
  });

  it('names the missing flag instead of prompting when not at a terminal', async () => {
    const { code, stderr } = await cli(['--base-url', 'http://127.0.0.1:9', 'paidbalance', '--company', '1']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/missing filter: give --zone, --officer or --property/);
    const company = await cli(['--base-url', 'http://127.0.0.1:9', 'sale', 'list']);
    expect(company.code).toBe(2);
    expect(company.stderr).toMatch(/missing --company/);
  });

  it('in a pipe that stays open, never reads it: the missing value is an error naming the flag', async () => {
    let read = false;
    // Never written to and never ended: a command that waited for input here would never return.
    const stdin = new Readable({ read: () => void (read = true) });
    const { code, stderr } = await runInProcess(['--base-url', 'http://127.0.0.1:9', 'statements', '--company', '1'], { home: home().dir, stdin });
    expect(code).toBe(2);
    expect(stderr).toMatch(/missing --landlord/);
    expect(read).toBe(false);
    stdin.destroy();
  });

  it('refuses a sale that is neither an id nor a receipt number, before any request', async () => {
    const { code, stderr } = await cli(['--base-url', 'http://127.0.0.1:9', 'receipt', 'print', 'twelve', '--company', '1']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/expected a sale id \(e\.g\. 120\) or a receipt number/);
  });

  it('says how to get data when the local store does not exist', async () => {
    const { code, stderr } = await cli(['sale', 'list', '--company', '1']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/shopprop demo/);
  });
});
