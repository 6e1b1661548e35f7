import { describe, expect, it } from 'vitest';
import { loginLimiter, type LoginAdmission, type LoginAttempt } from '../../src/server/login-limiter.js';

const LIMITS = { windowMs: 60_000, perUsername: 3, perAddress: 5 };
const T0 = 1_000_000;

function allowed(admission: LoginAdmission): LoginAttempt {
  if (!admission.allowed) throw new Error(`held back for ${admission.waitSeconds} s`);
  return admission.attempt;
}

describe('the log-in limiter', () => {
  it('counts an attempt when it is admitted, before its password is checked: attempts in flight cannot pass the allowance', () => {
    const limiter = loginLimiter(LIMITS);
    const inFlight = [1, 2, 3].map(() => limiter.admit('amina', '10.0.0.1', T0));
    expect(inFlight.every((admission) => admission.allowed)).toBe(true);
    // None of the three has finished, yet a fourth is refused.
    expect(limiter.admit('amina', '10.0.0.1', T0)).toEqual({ allowed: false, waitSeconds: 60 });
  });

  it('gives the slots back when the password was right, so a user who logs in is never held back by it', () => {
    const limiter = loginLimiter(LIMITS);
    allowed(limiter.admit('amina', '10.0.0.1', T0));
    allowed(limiter.admit('amina', '10.0.0.1', T0 + 1));
    allowed(limiter.admit('amina', '10.0.0.1', T0 + 2)).succeeded();
    // The name's failures are forgotten by the success: three more may be tried.
    for (let attempt = 0; attempt < 3; attempt++) allowed(limiter.admit('amina', '10.0.0.1', T0 + 10));
    expect(limiter.admit('amina', '10.0.0.1', T0 + 10).allowed).toBe(false);
  });

  it('holds an address back after its allowance of failures over every name, until the oldest leaves the window', () => {
    const limiter = loginLimiter(LIMITS);
    for (let name = 0; name < 5; name++) allowed(limiter.admit(`user${name}`, '10.0.0.9', T0 + name * 1000));
    expect(limiter.admit('someone', '10.0.0.9', T0 + 5000)).toEqual({ allowed: false, waitSeconds: 55 });
    // Another address is not held back.
    expect(limiter.admit('someone', '10.0.0.8', T0 + 5000).allowed).toBe(true);
    // The first failure has left the window: one slot again.
    expect(limiter.admit('someone', '10.0.0.9', T0 + 60_001).allowed).toBe(true);
  });

  it('a success gives back only its own slot of the address', () => {
    const limiter = loginLimiter(LIMITS);
    for (let name = 0; name < 4; name++) allowed(limiter.admit(`guess${name}`, '10.0.0.7', T0));
    allowed(limiter.admit('amina', '10.0.0.7', T0)).succeeded();
    allowed(limiter.admit('joseph', '10.0.0.7', T0));
    expect(limiter.admit('other', '10.0.0.7', T0).allowed).toBe(false);
  });
});
