import { describe, expect, it } from 'vitest';
import { redactProfile, redactToken } from '../../../src/cli/config/redact.js';

describe('redactToken', () => {
  it('keeps the first four and last two characters of a token', () => {
    expect(redactToken('sp_live_4f9a8b7c6d5e4f3a2b1c')).toBe('sp_l…1c');
  });

  it('shows nothing of a short token', () => {
    expect(redactToken('abc')).toBe('****');
    expect(redactToken('')).toBe('****');
    expect(redactToken('12345678901')).toBe('****');
  });

  it('never contains the middle of the token', () => {
    const token = 'aaaa-SECRET-MIDDLE-PART-zz';
    expect(redactToken(token)).not.toContain('SECRET');
    expect(redactToken(token).length).toBeLessThan(token.length);
  });
});

describe('redactProfile', () => {
  it('redacts the token and leaves the rest', () => {
    expect(redactProfile({ baseUrl: 'https://x.example.com', token: 'tok_0123456789abcdef', companyId: 1 })).toEqual({
      baseUrl: 'https://x.example.com',
      token: 'tok_…ef',
      companyId: 1,
    });
    expect(redactProfile({ companyId: 1 })).toEqual({ companyId: 1 });
  });
});
