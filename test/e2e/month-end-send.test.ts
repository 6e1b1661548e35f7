/**
 * `shopprop month-end --send` in the built binary, against a real SMTP server on 127.0.0.1 (with
 * a user and password, no TLS: `smtp.security none`, as a relay on the same machine). The demo's
 * addresses are changed first so that one run meets every case: a landlord's own address, a
 * landlord without one (each property's address instead, and a property with none at all), and
 * a recipient the server refuses. Messages are read back from the server: who got which PDFs,
 * each PDF parsed and equal to the folder's; a rerun sends nothing twice, --resend sends again.
 * Against `serve`, which keeps no record of sends, only --resend sends, and says so. At a
 * terminal the password is asked and the plan shown before a yes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoHome } from '../helpers/demo-store.js';
import { readManifest } from '../helpers/month-end-folder.js';
import { readPdf } from '../helpers/pdf-read.js';
import { BIN, cliEnv, runCli } from '../helpers/run-cli.js';
import { KEY, spawnPty } from '../helpers/pty-cli.js';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.js';

const { dir: home, db } = demoHome();
const MONTH = ['--month', '10', '--year', '2026'];
const PASSWORD = 'relay-password-1';
const REFUSED = 'mercy@closed.example';
let inbox: SmtpInbox;

const cli = (args: string[], extra: Record<string, string> = { SHOPPROP_SMTP_PASSWORD: PASSWORD }) =>
  runCli(['--db', db, ...args], { home, cwd: home, timeoutMs: 120_000, extra });
const sendRun = (folder: string, more: string[] = []) => cli(['month-end', ...MONTH, '-o', join(home, folder), '--send', '--yes', ...more]);

beforeAll(async () => {
  inbox = await startSmtpInbox({ refuse: [REFUSED], user: 'accounts', password: PASSWORD });
  const store = new Database(db);
  store.prepare('update landlords set email = null where id in (2, 4)').run();
  store.prepare('update properties set email = null where id = 4').run();
  store.prepare('update landlords set email = ? where id = 3').run(REFUSED);
  store.close();
}, 60_000);
afterAll(() => inbox.close());

describe('month-end --send', () => {
  it('refuses before any work: no mail server set, no one to say yes in a pipe, a service without --resend', async () => {
    const unset = await cli(['month-end', ...MONTH, '-o', join(home, 'unset'), '--send', '--yes']);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toMatch(/shopprop config set smtp\.host .*shopprop config set smtp\.from/);

    for (const [key, value] of [
      ['smtp.host', '127.0.0.1'],
      ['smtp.port', String(inbox.port)],
      ['smtp.user', 'accounts'],
      ['smtp.from', 'Savanna Accounts <accounts@savanna.example>'],
      ['smtp.security', 'none'],
    ]) {
      const set = await cli(['config', 'set', key!, value!]);
      expect(set.code, set.stderr).toBe(0);
    }
    const badPort = await cli(['config', 'set', 'smtp.port', '70000']);
    expect(badPort.code).toBe(2);

    const asking = await cli(['month-end', ...MONTH, '-o', join(home, 'asking'), '--send']);
    expect(asking.code).toBe(2);
    expect(asking.stderr).toMatch(/no terminal to ask: --yes sends without asking/);
    const service = await cli(['--base-url', 'http://127.0.0.1:9', 'month-end', '--company', '1', ...MONTH, '-o', join(home, 'service'), '--send', '--yes']);
    expect(service.code).toBe(2);
    expect(service.stderr).toMatch(/cannot be recorded.*--resend/);
    const noPassword = await cli(['month-end', ...MONTH, '-o', join(home, 'nopass'), '--send', '--yes'], {});
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toMatch(/SHOPPROP_SMTP_PASSWORD/);
    expect(inbox.messages).toEqual([]);
  });

  it('sends each landlord their PDFs, lists the statement without an address, reports the refused recipient and sends the rest', async () => {
    const run = await sendRun('first');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`not sent to LL0003 Mercy Ochieng <${REFUSED}>: refused by the mail server: 550`);
    expect(run.stderr).toMatch(/1 message of 5 refused \(the others were sent\)/);
    expect(run.stdout.split('\n').filter(Boolean).sort()).toEqual([
      'not sent, no address: LL0002 James Odhiambo: P0004 INTERIM',
      'sent: LL0001 Achieng Barasa <achieng.barasa@landlords.example>: P0001 INTERIM, P0002 INTERIM',
      'sent: LL0002 James Odhiambo <kariukipark@props.example>: P0003 INTERIM',
      'sent: LL0004 Purity Mwangi <chegegardens@props.example>: P0007 INTERIM',
      'sent: LL0004 Purity Mwangi <kariukiplaza@props.example>: P0008 INTERIM',
    ]);

    const folder = join(home, 'first');
    const manifest = readManifest(folder);
    expect(inbox.messages.map((m) => [m.to, m.attachments.map((a) => a.filename)])).toEqual([
      [['achieng.barasa@landlords.example'], ['P0001-2026-10-INTERIM.pdf', 'P0002-2026-10-INTERIM.pdf']],
      [['kariukipark@props.example'], ['P0003-2026-10-INTERIM.pdf']],
      [['chegegardens@props.example'], ['P0007-2026-10-INTERIM.pdf']],
      [['kariukiplaza@props.example'], ['P0008-2026-10-INTERIM.pdf']],
    ]);
    for (const message of inbox.messages) {
      expect(message.from).toBe('accounts@savanna.example');
      expect(message.subject).toMatch(/^Statements for October 2026: LL000\d /);
      for (const attachment of message.attachments) {
        expect(attachment.contentType).toBe('application/pdf');
        const file = manifest.files.find((f) => f.path.endsWith(`/${attachment.filename}`))!;
        expect(attachment.content.equals(readFileSync(join(folder, file.path))), attachment.filename).toBe(true);
        const { text } = await readPdf(attachment.content);
        expect(text).toMatch(new RegExp(`Statement no\\.\\s+${file.statementId}\\b`));
        expect(text).toContain(`(${attachment.filename.slice(0, 5)})`);
      }
    }
  }, 120_000);

  it('a rerun sends nothing twice (its INTERIMs prepared again), the refused one tried again; --resend sends every statement again', async () => {
    const again = await sendRun('again');
    expect(again.code).toBe(1);
    expect(inbox.messages).toHaveLength(4);
    expect(again.stdout).toContain('already sent: P0001 INTERIM to achieng.barasa@landlords.example');
    expect(again.stdout).toContain('not sent, no address: LL0002 James Odhiambo: P0004 INTERIM');
    expect(again.stderr).toContain(`<${REFUSED}>`);

    const resent = await sendRun('resent', ['--resend']);
    expect(resent.code).toBe(1);
    expect(inbox.messages).toHaveLength(8);
    expect(inbox.messages.slice(4).map((m) => m.to[0])).toEqual([
      'achieng.barasa@landlords.example',
      'kariukipark@props.example',
      'chegegardens@props.example',
      'kariukiplaza@props.example',
    ]);
  }, 120_000);

  it('STARTTLS by default: a server that does not offer it is refused (exit 5) and nothing goes out in clear text', async () => {
    expect((await cli(['config', 'unset', 'smtp.security'])).code).toBe(0);
    const before = inbox.messages.length;
    const run = await sendRun('clear', ['--resend']);
    expect(run.code).toBe(5);
    expect(run.stderr).toMatch(/offers no TLS.*smtp\.security none/);
    expect(inbox.messages).toHaveLength(before);
  }, 120_000);
});

describe('month-end --send against serve', () => {
  let server: ChildProcess | undefined;
  let baseUrl = '';
  let token = '';
  beforeAll(async () => {
    expect((await cli(['config', 'set', 'smtp.security', 'none'])).code).toBe(0);
    const created = await cli(['local', 'token', 'create', '--company', '1', '--role', 'accountant', '--name', 'month-end']);
    expect(created.code, created.stderr).toBe(0);
    token = created.stdout.trim();
    server = spawn(process.execPath, [BIN, '--db', db, 'serve', '--port', '0', '--quiet'], { env: cliEnv({ home }), stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${said}`)), 30_000);
      server!.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        said += chunk;
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(said);
        if (!match) return;
        clearTimeout(timer);
        resolve(match[1]!);
      });
    });
  }, 60_000);
  afterAll(() => {
    if (server && server.exitCode === null) server.kill('SIGTERM');
  });

  it('sends the statements that exist with --resend, saying nothing was recorded', async () => {
    const before = inbox.messages.length;
    const args = ['--base-url', baseUrl, '--token', token, 'month-end', '--landlord', '1', ...MONTH, '-o', join(home, 'served'), '--send', '--yes', '--resend'];
    const run = await runCli(args, { home, cwd: home, timeoutMs: 120_000, extra: { SHOPPROP_SMTP_PASSWORD: PASSWORD } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      'sent: LL0001 Achieng Barasa <achieng.barasa@landlords.example>: P0001 INTERIM, P0002 INTERIM\nnot recorded: a service keeps no record of what was sent\n',
    );
    expect(inbox.messages.slice(before).map((m) => m.attachments.map((a) => a.filename))).toEqual([['P0001-2026-10-INTERIM.pdf', 'P0002-2026-10-INTERIM.pdf']]);
  }, 120_000);
});

describe('month-end --send at a terminal', () => {
  it('asks the password, lists who would get what and sends only after a yes', async () => {
    const before = inbox.messages.length;
    const run = (folder: string) => spawnPty(['--db', db, 'month-end', '--landlord', '1', ...MONTH, '-o', join(home, folder), '--send', '--resend'], { home });
    const no = run('asked-no');
    await no.waitFor('Password of accounts at 127.0.0.1');
    no.type(`${PASSWORD}${KEY.enter}`);
    await no.waitForNext('Send 1 message?', 60_000);
    expect(no.screen()).toContain('LL0001 Achieng Barasa <achieng.barasa@landlords.example>: P0001 INTERIM, P0002 INTERIM');
    no.type(`n${KEY.enter}`);
    expect(await no.exited).toBe(2);
    expect(no.screen()).toContain('nothing was sent; --yes sends without asking');
    expect(inbox.messages).toHaveLength(before);

    const yes = run('asked-yes');
    await yes.waitFor('Password of accounts at 127.0.0.1');
    yes.type(`${PASSWORD}${KEY.enter}`);
    await yes.waitForNext('Send 1 message?', 60_000);
    yes.type(`y${KEY.enter}`);
    expect(await yes.exited).toBe(0);
    expect(yes.screen()).toContain('sent: LL0001 Achieng Barasa <achieng.barasa@landlords.example>: P0001 INTERIM, P0002 INTERIM');
    expect(inbox.messages.slice(before).map((m) => m.to)).toEqual([['achieng.barasa@landlords.example']]);
  }, 120_000);
});
