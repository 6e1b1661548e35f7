/**
 * One SMTP connection for a month-end's messages (nodemailer, loaded only by `--send`). A
 * message the server refuses for its recipient is an outcome the run reports and goes past; a
 * server that cannot be reached or refuses the sign-in ends the run (every message would fail).
 */
import type { Transporter } from 'nodemailer';
import { KnownError } from '../../../contract/error-kinds.js';
import type { MailServer } from './mail-server.js';

export interface Message {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer }[];
}

export type SendOutcome = { sent: true; messageId: string | null } | { sent: false; reason: string };

export interface MailTransport {
  send(message: Message): Promise<SendOutcome>;
  close(): void;
}

export async function openMailTransport(server: MailServer): Promise<MailTransport> {
  const nodemailer = await import('nodemailer');
  const transport: Transporter = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.security === 'tls',
    // STARTTLS is required, not merely tried: a server that does not offer it is refused, so a
    // statement never crosses the network in clear text unless the profile says `none`.
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    pool: true,
    maxConnections: 1,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    ...(server.auth ? { auth: server.auth } : {}),
  });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from: server.from, ...message });
        if ((info.rejected ?? []).length > 0) return { sent: false, reason: `refused by the mail server: ${info.response}` };
        return { sent: true, messageId: info.messageId ?? null };
      } catch (error) {
        const failure = refusalOrFailure(error, server);
        if (typeof failure === 'string') return { sent: false, reason: failure };
        throw failure;
      }
    },
    close: () => transport.close(),
  };
}

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

/** The server's words refusing this message (an outcome), or the error that ends the run. */
function refusalOrFailure(error: unknown, server: MailServer): string | Error {
  const e = error as SmtpError;
  const where = `${server.host}:${server.port}`;
  // A recipient refused (RCPT 5xx), or a message the server would not take (DATA 5xx): this message only.
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') return `refused by the mail server: ${e.response ?? e.message}`;
  if (e.code === 'EAUTH')
    return new KnownError('auth', `the mail server ${where} refused the sign-in of ${server.auth?.user ?? 'no user'}: ${e.response ?? e.message}`, {
      cause: error,
    });
  if (e.code === 'ETLS' || /STARTTLS/i.test(e.message)) {
    return new KnownError(
      'unavailable',
      `the mail server ${where} offers no TLS (${e.message}); for a relay on this machine or network, \`shopprop config set smtp.security none\``,
      { cause: error },
    );
  }
  return new KnownError('unavailable', `cannot send through the mail server ${where}: ${e.message}`, { cause: error });
}
