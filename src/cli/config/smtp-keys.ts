/**
 * The profile's mail server, for `month-end --send`: where statements are e-mailed from. The
 * password is never a setting (config files are copied and shown): it comes from
 * SHOPPROP_SMTP_PASSWORD or is asked at the terminal.
 */
import { ConfigUsageError } from './errors.js';

export const SMTP_KEYS = ['smtp.host', 'smtp.port', 'smtp.user', 'smtp.from', 'smtp.security'] as const;
export type SmtpKey = (typeof SMTP_KEYS)[number];

/**
 * starttls: the connection must be upgraded to TLS before anything is sent (the default);
 * tls: TLS from the first byte (port 465); none: plain text, for a relay on this machine or network.
 */
export const SMTP_SECURITY = ['starttls', 'tls', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

export interface SmtpProfile {
  'smtp.host'?: string;
  'smtp.port'?: number;
  'smtp.user'?: string;
  /** The sender: an address, or `Name <address>`. */
  'smtp.from'?: string;
  'smtp.security'?: SmtpSecurity;
}

// One address without spaces; the mail server is the judge of the rest.
const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
const NAMED_ADDRESS = /^[^<>\r\n]*<([^<>]+)>$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function isSmtpKey(key: string): key is SmtpKey {
  return (SMTP_KEYS as readonly string[]).includes(key);
}

export function parseSmtpValue(key: SmtpKey, value: unknown, where: string): string | number {
  switch (key) {
    case 'smtp.host':
      return parseHost(value, where);
    case 'smtp.port':
      return parsePort(value, where);
    case 'smtp.user':
      return parseUser(value, where);
    case 'smtp.from':
      return parseFrom(value, where);
    case 'smtp.security':
      return parseSecurity(value, where);
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function shown(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value));
}

function parseHost(value: unknown, where: string): string {
  const host = text(value);
  if (/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/.test(host)) return host;
  throw new ConfigUsageError(`${where}: expected a host name or address such as smtp.example.com (no scheme or port), got ${shown(value)}`);
}

function parsePort(value: unknown, where: string): number {
  const port = /^\d+$/.test(text(value)) ? Number(text(value)) : NaN;
  if (Number.isInteger(port) && port >= 1 && port <= 65535) return port;
  throw new ConfigUsageError(`${where}: expected a port 1..65535 (587 for STARTTLS, 465 for TLS, 25 for a local relay), got ${shown(value)}`);
}

function parseUser(value: unknown, where: string): string {
  const user = text(value);
  if (user !== '' && !CONTROL.test(user)) return user;
  throw new ConfigUsageError(`${where}: expected the mail server's user name, got ${shown(value)}`);
}

/** The address itself is checked, in `Name <address>` too; a header cannot be injected through a newline. */
function parseFrom(value: unknown, where: string): string {
  const from = text(value);
  const address = NAMED_ADDRESS.exec(from)?.[1]?.trim() ?? from;
  if (!CONTROL.test(from) && ADDRESS.test(address)) return from;
  throw new ConfigUsageError(
    `${where}: expected an e-mail address such as accounts@example.com or "Savanna Accounts <accounts@example.com>", got ${shown(value)}`,
  );
}

function parseSecurity(value: unknown, where: string): SmtpSecurity {
  const security = text(value).toLowerCase();
  if ((SMTP_SECURITY as readonly string[]).includes(security)) return security as SmtpSecurity;
  throw new ConfigUsageError(`${where}: expected one of ${SMTP_SECURITY.join(', ')}, got ${shown(value)}`);
}
