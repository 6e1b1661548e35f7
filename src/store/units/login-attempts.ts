/**
 * Log-in attempts counted in the store, so that every process and instance on it counts
 * together (a guesser alternating between two instances gets no more guesses than at one). An
 * attempt is counted before its password is checked: it reserves a row for its login name and
 * one for its client address, and only a right password gives them back, so a burst of
 * concurrent guesses cannot pass the allowance while the slow password hashes run.
 */
import type { LoginAdmission, LoginLimits } from '../access-store.js';
import { sql } from '../unit-of-work/sql.js';
import type { Engine, Tx } from '../unit-of-work/transaction.js';

const FORGET_OLD = sql('delete from login_attempts where attempted_at <= ?');
const ATTEMPTS_OF = sql('select attempted_at as at from login_attempts where key = ? order by attempted_at');
const FORGET_KEY = sql('delete from login_attempts where key = ?');
const GIVE_BACK = sql('delete from login_attempts where id = ?');

/** Seconds until the oldest counted attempt of a key leaves the window, or 0 when one more may be made. */
async function waitOf(tx: Tx, key: string, allowed: number, now: number, windowMs: number): Promise<number> {
  const times = (await tx.all<{ at: number }>(ATTEMPTS_OF, [key])).map((r) => r.at);
  if (times.length < allowed) return 0;
  return Math.max(1, Math.ceil((times[times.length - allowed]! + windowMs - now) / 1000));
}

export function admitLogin(engine: Engine, username: string, address: string, limits: LoginLimits, now: number): Promise<LoginAdmission> {
  return engine.unit('write', async (tx) => {
    // Attempts counted one at a time across instances (SQLite's write lock does this already).
    await tx.lockTable('login_attempts');
    await tx.run(FORGET_OLD, [now - limits.windowMs]);
    const waitSeconds = Math.max(
      await waitOf(tx, `u:${username}`, limits.perUsername, now, limits.windowMs),
      await waitOf(tx, `a:${address}`, limits.perAddress, now, limits.windowMs),
    );
    if (waitSeconds > 0) return { allowed: false, waitSeconds };
    await tx.insert('login_attempts', { key: `u:${username}`, attempted_at: now });
    const addressAttemptId = await tx.insert('login_attempts', { key: `a:${address}`, attempted_at: now });
    return { allowed: true, reserved: { username, addressAttemptId } };
  });
}

/** The password was right: the name's counted attempts are forgotten, and the address's reserved one given back. */
export function loginSucceeded(engine: Engine, reserved: { username: string; addressAttemptId: number }): Promise<void> {
  return engine.unit('write', async (tx) => {
    await tx.run(FORGET_KEY, [`u:${reserved.username}`]);
    await tx.run(GIVE_BACK, [reserved.addressAttemptId]);
  });
}
