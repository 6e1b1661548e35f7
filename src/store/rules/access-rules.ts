/**
 * What every store says and makes the same way for tokens and local users: the text of a new
 * token, how long a log-in lasts, and the refusals of the access units in words. The name and
 * password rules are in local-user-rules.ts.
 */
import { randomBytes } from 'node:crypto';
import { conflictError, notFoundError, type ServiceError } from './service-error.js';

/** A working day and then some: a till logs in each morning. */
export const LOGIN_TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** A new bearer token (only its hash is stored). */
export function newTokenText(): string {
  return `sp_${randomBytes(24).toString('base64url')}`;
}

/** The name a log-in's token is listed under. */
export const loginTokenName = (userName: string) => `login ${userName}`;

export const noCompanyForToken = (companyId: number): ServiceError =>
  notFoundError(`no company ${companyId} in the local store (\`shopprop local company create\` makes one, \`shopprop demo\` makes demo data)`);

export const noCompanyForUser = (companyId: number): ServiceError =>
  notFoundError(`no company ${companyId} in the local store (\`shopprop local company create\` makes one)`);

/** An unknown id is not found (exit 3) like every other unknown id; revoking twice is a conflict. */
export const tokenNotRevocable = (id: number, exists: boolean): ServiceError =>
  exists ? conflictError(`token ${id} is already revoked`) : notFoundError(`no token ${id} (\`shopprop local token list\` shows them)`);

export const userNameTaken = (username: string): ServiceError =>
  conflictError(`there is already a user "${username}" (\`shopprop local user passwd ${username}\` changes the password)`);

export const noSuchUser = (login: string): ServiceError => notFoundError(`no user "${login}" (\`shopprop local user create\` makes one)`);
