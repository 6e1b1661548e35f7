/**
 * The request log of `shopprop serve`: pino JSON lines. No secret reaches a line at any level:
 * a request is logged as method, URL and peer only (never its headers, so no Authorization or
 * cookie), and the URL's secret query parameters (a statement link's signature, a token passed
 * in the query) are replaced by [redacted].
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose value is a secret, compared without case. */
const SECRET_PARAMETERS = new Set(['signature', 'sig', 'token', 'access_token', 'password', 'secret', 'key', 'apikey', 'api_key']);
const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const parts = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed name is logged as it came
      }
      return SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, at)}?${parts.join('&')}`;
}

export interface RequestLogOptions {
  level?: string;
  /** Where the lines go (stdout when absent). */
  stream?: NodeJS.WritableStream;
}

export function requestLogger(options: RequestLogOptions = {}): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: options.level ?? 'info',
    ...(options.stream ? { stream: options.stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
    },
    // Belt and braces, should a line ever carry headers.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'], censor: REDACTED },
  } as NonNullable<FastifyServerOptions['logger']>;
}
