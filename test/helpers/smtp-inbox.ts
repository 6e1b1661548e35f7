/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it is sent, read back as a
 * person's mail program would: envelope, subject, text and attachments decoded. Plain text (no
 * TLS offered), as a relay on the same machine; an optional user and password; recipients it
 * is told to refuse are refused at RCPT TO with a 550, as a real server refuses an unknown mailbox.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface SmtpInbox {
  port: number;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpInbox(options: { refuse?: readonly string[]; user?: string; password?: string } = {}): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const refused = new Set((options.refuse ?? []).map((a) => a.toLowerCase()));
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', ...(options.user ? [] : ['AUTH'])],
    authOptional: !options.user,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase()))
        callback(Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        messages.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          ...parseMessage(Buffer.concat(chunks).toString('latin1')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: split < 0 ? '' : raw.slice(split + 4) };
}

function decoded(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    return Buffer.from(
      part.body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  }
  return Buffer.from(part.body, 'latin1');
}

/** A multipart/mixed message of a text part and attachments, as nodemailer writes one. */
function parseMessage(raw: string): Omit<ReceivedMail, 'from' | 'to'> {
  const message = parsePart(raw);
  const subject = message.headers.get('subject') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(message.headers.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? message.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => parsePart(p.replace(/^\r\n/, '')))
    : [message];
  const result: Omit<ReceivedMail, 'from' | 'to'> = { subject, text: '', attachments: [] };
  for (const part of parts) {
    const type = part.headers.get('content-type') ?? 'text/plain';
    const filename = /filename="?([^";]+)"?/i.exec(part.headers.get('content-disposition') ?? '')?.[1];
    if (filename) result.attachments.push({ filename, contentType: type.split(';')[0]!, content: decoded(part) });
    else if (type.startsWith('text/plain')) result.text = decoded(part).toString('utf8');
  }
  return result;
}
