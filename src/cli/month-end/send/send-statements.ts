/**
 * `month-end --send`: after the folder is written, each landlord is e-mailed their statements
 * of the run, the PDFs of that folder attached, one message per address. What would be sent is
 * listed and agreed to first (at a terminal; `--yes` for scripts). Each message is recorded in
 * the store as soon as the mail server took it, so a run stopped halfway and started again sends
 * only the rest; a refused recipient is reported with its address and the others still sent.
 * Outcomes go to stdout, one line a message or a statement left out: cron mails them to its owner.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { countOf } from '../../../domain/plural.js';
import type { CommandContext } from '../../context.js';
import { prompter } from '../../required-value.js';
import { statementPdfPath } from '../../statement-file-name.js';
import { CliUsageError } from '../../usage-error.js';
import type { PropertyMonth } from '../collect-month.js';
import type { MailServer } from './mail-server.js';
import { openMailTransport, type Message } from './mail-transport.js';
import { planLines, sendPlan, statementName, type Delivery, type SentBefore } from './send-plan.js';

/** The store's record of sends; absent against a service, which keeps none. */
export interface SendRecord {
  sentBefore(): Promise<SentBefore[]>;
  recordSent(statementIds: readonly number[], recipient: string, messageId: string | null): Promise<void>;
}

export interface SendRequest {
  /** The month-end folder the PDFs were written to. */
  folder: string;
  /** "October 2026". */
  monthText: string;
  months: readonly PropertyMonth[];
  server: MailServer;
  yes: boolean;
  resend: boolean;
}

export async function sendStatements(context: CommandContext, request: SendRequest, record: SendRecord | undefined): Promise<void> {
  const plan = sendPlan(request.months, record ? await record.sentBefore() : [], request.resend);
  const out = (line: string) => context.terminal.stdout.write(`${line}\n`);
  if (plan.deliveries.length === 0) {
    for (const line of planLines(plan)) out(line);
    out('nothing to send');
    return;
  }
  if (!request.yes) await agree(context, planLines(plan), plan.deliveries.length);

  for (const s of plan.alreadySent) out(`already sent: ${statementName(s)} to ${s.recipient}`);
  for (const s of plan.noAddress) out(`not sent, no address: ${s.month.landlord.code} ${s.month.landlord.name}: ${statementName(s)}`);
  const refused: string[] = [];
  const transport = await openMailTransport(request.server);
  try {
    for (const delivery of plan.deliveries) {
      const outcome = await transport.send(messageOf(delivery, request));
      const who = `${delivery.landlord.code} ${delivery.landlord.name} <${delivery.recipient}>`;
      if (!outcome.sent) {
        refused.push(`${who}: ${outcome.reason}`);
        context.terminal.stderr.write(`shopprop: not sent to ${who}: ${outcome.reason}\n`);
        continue;
      }
      await record?.recordSent(
        delivery.statements.map((s) => s.statement.id),
        delivery.recipient,
        outcome.messageId,
      );
      out(`sent: ${who}: ${delivery.statements.map(statementName).join(', ')}`);
    }
  } finally {
    transport.close();
  }
  if (!record) out('not recorded: a service keeps no record of what was sent');
  if (refused.length > 0) {
    throw new Error(`${countOf(refused.length, 'message')} of ${plan.deliveries.length} refused (the others were sent): ${refused.join('; ')}`);
  }
}

async function agree(context: CommandContext, lines: readonly string[], messages: number): Promise<void> {
  if (!context.interactive) throw new CliUsageError('--send asks before sending, and there is no terminal to ask: --yes sends without asking');
  for (const line of lines) context.say(line);
  if (!(await prompter().confirm(`Send ${countOf(messages, 'message')}?`, { default: false }))) {
    throw new CliUsageError('nothing was sent; --yes sends without asking');
  }
}

function messageOf(delivery: Delivery, request: SendRequest): Message {
  const lines = delivery.statements.map(({ month, statement }) => `  ${month.property.code} ${month.property.name} (${statement.statementType})`);
  return {
    to: delivery.recipient,
    subject: `Statements for ${request.monthText}: ${delivery.landlord.code} ${delivery.landlord.name}`,
    text: [`Dear ${delivery.landlord.name},`, '', `Attached are your statements for ${request.monthText}:`, '', ...lines, ''].join('\n'),
    attachments: delivery.statements.map(({ month, statement }) => {
      const path = statementPdfPath(statement, { landlord: month.landlord.code, property: month.property.code });
      return { filename: basename(path), content: readFileSync(join(request.folder, 'statements', path)) };
    }),
  };
}
