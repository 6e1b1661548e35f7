/** How a sign-in is put in words: who, where, until when, in the person's own clock. */
import type { SignIn } from '../config/sign-in.js';

/** "18:05" today, else "2026-11-21 18:05", in the local time zone of the machine. */
export function untilText(expiresAt: number, now: number): string {
  const at = new Date(expiresAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const sameDay = new Date(now).toDateString() === at.toDateString();
  return sameDay ? time : `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${time}`;
}

/** The line for a 401 of a token the profile knows has expired. */
export function expiredText(signIn: SignIn, now: number): string {
  return `signed in as ${signIn.username} until ${untilText(signIn.expiresAt, now)}; \`shopprop login\` to sign in again`;
}

/** The line for a 401 of a signed-in token that has not ended by this machine's clock. */
export function refusedText(signIn: SignIn, now: number): string {
  return `the service no longer takes the sign-in of ${signIn.username} (until ${untilText(signIn.expiresAt, now)} by this machine's clock: revoked, or ended by the server's clock); \`shopprop login\` to sign in again`;
}
