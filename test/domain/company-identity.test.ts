import { describe, expect, it } from 'vitest';
import { currencyProblem, taxNumberProblem } from '../../src/domain/company-identity.js';

describe("a company's currency and tax registration number", () => {
  it('takes ISO 4217 codes the runtime knows, in upper case only', () => {
    for (const code of ['KES', 'UGX', 'TZS', 'RWF', 'USD', 'EUR']) expect(currencyProblem(code), code).toBeUndefined();
    expect(currencyProblem('Kes')).toMatch(/did you mean KES\?/);
    expect(currencyProblem('KE')).toMatch(/not three upper-case letters/);
    expect(currencyProblem(' KES')).toMatch(/not three upper-case letters/);
    expect(currencyProblem('XYZ')).toMatch(/not a known ISO 4217 code/);
  });

  it('takes letters and digits with spaces, "-", "/" or "." between them, up to 30 characters', () => {
    for (const number of ['P051234567X', '1000123456', '1000-123-456', 'GB 123 4567 89', 'TIN/2026.01', 'A', 'Ü1', 'A'.repeat(30)]) {
      expect(taxNumberProblem(number), number).toBeUndefined();
    }
    for (const number of ['', '-P05', 'P05-', 'P05 ', 'P05\t1', 'P05;1', 'P05"1', 'P05\u202e1']) {
      expect(taxNumberProblem(number), JSON.stringify(number)).toMatch(/may hold only letters, digits/);
    }
    expect(taxNumberProblem('A'.repeat(31))).toMatch(/longer than 30 characters/);
  });
});
