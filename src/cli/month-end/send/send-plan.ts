/**
 * Who is sent what by `month-end --send`: each landlord's statements of the run, grouped into one
 * message per address (the landlord's e-mail, else each property's). A statement already sent
 * (the same property, month and type, by the store's record) is left out unless resent; a
 * statement with no address at all is kept in the plan, to be listed, never dropped silently.
 * Pure, so what a run would do is tested without a mail server.
 */
import type { LandlordEntry } from '../../../contract/property-reference.js';
import type { StatementRecord } from '../../../contract/statement.js';
import type { PropertyMonth } from '../collect-month.js';

export interface PlannedStatement {
  month: PropertyMonth;
  statement: StatementRecord;
}

export interface Delivery {
  landlord: LandlordEntry;
  recipient: string;
  statements: PlannedStatement[];
}

export interface SendPlan {
  deliveries: Delivery[];
  /** Sent before (the address it went to, and when), left out. */
  alreadySent: (PlannedStatement & { recipient: string; sentAt: number })[];
  /** No landlord e-mail and no property e-mail: cannot be sent. */
  noAddress: PlannedStatement[];
}

/** What the store recorded as sent: a property's statement of the month, by type. */
export interface SentBefore {
  propertyId: number;
  statementType: string;
  recipient: string;
  sentAt: number;
}

export function sendPlan(months: readonly PropertyMonth[], sent: readonly SentBefore[], resend: boolean): SendPlan {
  const plan: SendPlan = { deliveries: [], alreadySent: [], noAddress: [] };
  const byKey = new Map<string, Delivery>();
  for (const month of months) {
    const statement = month.statement;
    if (!statement) continue;
    const planned = { month, statement };
    const before = resend ? undefined : sent.find((s) => s.propertyId === statement.propertyId && s.statementType === statement.statementType);
    if (before) {
      plan.alreadySent.push({ ...planned, recipient: before.recipient, sentAt: before.sentAt });
      continue;
    }
    const recipient = addressOf(month.landlord.email) ?? addressOf(statement.propertyEmail);
    if (!recipient) {
      plan.noAddress.push(planned);
      continue;
    }
    const key = `${month.landlord.id}\n${recipient.toLowerCase()}`;
    let delivery = byKey.get(key);
    if (!delivery) {
      delivery = { landlord: month.landlord, recipient, statements: [] };
      byKey.set(key, delivery);
      plan.deliveries.push(delivery);
    }
    delivery.statements.push(planned);
  }
  return plan;
}

function addressOf(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/** The plan as a person reads it before saying yes: one line per message, then what is left out. */
export function planLines(plan: SendPlan): string[] {
  const lines = plan.deliveries.map((d) => `${d.landlord.code} ${d.landlord.name} <${d.recipient}>: ${d.statements.map(statementName).join(', ')}`);
  for (const s of plan.alreadySent)
    lines.push(
      `already sent: ${statementName(s)} to ${s.recipient} (${new Date(s.sentAt).toISOString().slice(0, 16).replace('T', ' ')} UTC; --resend sends it again)`,
    );
  for (const s of plan.noAddress)
    lines.push(`no address: ${s.month.landlord.code} ${s.month.landlord.name}: ${statementName(s)} (neither the landlord nor the property has an e-mail)`);
  return lines;
}

export function statementName(planned: PlannedStatement): string {
  return `${planned.month.property.code} ${planned.statement.statementType}`;
}
