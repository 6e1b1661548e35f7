import { describe, expect, it } from 'vitest';
import { countOf, nounFor } from '../../src/domain/plural.js';

describe('countOf', () => {
  it('agrees in number and groups thousands', () => {
    expect(countOf(0, 'record')).toBe('0 records');
    expect(countOf(1, 'record')).toBe('1 record');
    expect(countOf(2, 'property', 'properties')).toBe('2 properties');
    expect(countOf(1, 'property', 'properties')).toBe('1 property');
    expect(countOf(1234567, 'sale')).toBe('1,234,567 sales');
    expect(nounFor(1, 'sale')).toBe('sale');
    expect(nounFor(3, 'tenancy', 'tenancies')).toBe('tenancies');
  });
});
