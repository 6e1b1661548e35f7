import { ApiError } from './errors.js';
import { endpoints } from '../contract/endpoints.js';

/** The URL in a statement-link reply; a reply without one does not follow the interface. */
export function documentLink(reply: { success?: string | null; message?: string | null }): string {
  if (!reply.message) {
    throw new ApiError({
      kind: 'invalidResponse',
      method: 'GET',
      path: endpoints.statementPdf.path,
      serverMessage: 'the reply carries no document URL in message',
    });
  }
  return reply.message;
}
