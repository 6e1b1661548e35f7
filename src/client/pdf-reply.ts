/**
 * Whether a reply that should be a PDF is one. A link can answer 200 with something else (a
 * proxy's "Session expired" page, a storage bucket's error text): saved under a .pdf name it
 * would pass for the document. Every command that saves a PDF it fetched checks it here first.
 */
import { ApiError, oneLine } from './errors.js';
import type { TransportResponse } from './transport.js';

/** The first bytes of every PDF file (ISO 32000, 7.5.2). */
const SIGNATURE = Buffer.from('%PDF-', 'latin1');

/** Content types a PDF may come with: its own, or none more precise than "bytes" (object stores). */
const PDF_TYPES = new Set(['application/pdf', 'application/x-pdf', 'application/octet-stream', 'binary/octet-stream']);

/** Bytes of the reply's start quoted when it is not a PDF. */
const QUOTED_BYTES = 24;

/** What is wrong with a reply that should be a PDF, or undefined when it is one. */
export function notPdfReason(response: Pick<TransportResponse, 'headers' | 'body'>): string | undefined {
  const type = contentType(response.headers);
  const typeOk = type === undefined || PDF_TYPES.has(type);
  const signed = response.body.subarray(0, SIGNATURE.length).equals(SIGNATURE);
  if (typeOk && signed) return undefined;
  return `not a PDF: ${describeReply(type, response.body)}`;
}

/** The reply's body when it is a PDF; an invalidResponse ApiError (exit 6) naming what came instead. */
export function requirePdf(
  response: Pick<TransportResponse, 'status' | 'headers' | 'body'>,
  request: { method: string; path: string; operation: string },
): Buffer {
  const reason = notPdfReason(response);
  if (reason === undefined) return response.body;
  throw new ApiError({ kind: 'invalidResponse', ...request, status: response.status, serverMessage: reason });
}

/** "text/html, 56 bytes, starts with <html>": enough to tell a login page from a truncated file. */
export function describeReply(type: string | undefined, body: Buffer): string {
  const size = `${body.length.toLocaleString('en-US')} ${body.length === 1 ? 'byte' : 'bytes'}`;
  const parts = [type ?? 'no content type', size];
  if (body.length > 0) parts.push(`starts with ${printable(body.subarray(0, QUOTED_BYTES))}`);
  return parts.join(', ');
}

function contentType(headers: TransportResponse['headers']): string | undefined {
  const value = headers['content-type'];
  const text = (Array.isArray(value) ? value[0] : value)?.split(';', 1)[0]?.trim().toLowerCase();
  return text ? text : undefined;
}

/** Printable ASCII as it is, every other byte as a dot: a message line stays one safe line. */
function printable(bytes: Buffer): string {
  const text = [...bytes].map((byte) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.')).join('');
  return oneLine(text);
}
