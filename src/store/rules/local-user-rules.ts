/** The rules of a local user's login name and password, the same for every store. */
import { badRequestError } from './service-error.js';

export const MIN_PASSWORD_LENGTH = 8;
/** A login name as stored: lower case, up to 64 characters. */
export const USERNAME = /^[a-z0-9][a-z0-9._@+-]{0,63}$/;

/** The login name as stored and looked up: trimmed, lower case. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** The login name as stored, after refusing (400) a name or a password that break the rules. */
export function checkedNewUser(username: string, password: string): string {
  const login = normaliseUsername(username);
  if (!USERNAME.test(login)) {
    throw badRequestError(`invalid login name "${username}": up to 64 letters, digits and . _ @ + -, starting with a letter or digit`);
  }
  checkPassword(password);
  return login;
}

/** Refuses (400) a password too short. */
export function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw badRequestError(`the password must have at least ${MIN_PASSWORD_LENGTH} characters`);
}
