import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNatural, naturalRanks } from '../../src/domain/natural-order.js';

describe('natural order of unit numbers', () => {
  it('puts A2 before A10 and B1 after A10', () => {
    expect(['A10', 'B1', 'A2', 'A1', 'a3', '10', '2', 'A2b', 'A02'].sort(compareNatural)).toEqual(['2', '10', 'A1', 'A02', 'A2', 'A2b', 'a3', 'A10', 'B1']);
  });

  it('compares digit runs of any length by value', () => {
    expect(compareNatural('U99999999999999999999', 'U100000000000000000000')).toBeLessThan(0);
  });

  it('is a total order: antisymmetric and consistent with equality', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const ab = Math.sign(compareNatural(a, b));
        expect(ab).toBe(-Math.sign(compareNatural(b, a)) || 0);
        expect(ab === 0).toBe(a === b);
      }),
    );
  });

  it('ranks texts in that order, so sorting by rank is sorting naturally', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('A1', 'A2', 'A10', 'a2', 'B1', '10', '02'))), (texts) => {
        const ranks = naturalRanks(texts);
        const byRank = [...texts].sort((a, b) => ranks.get(a)! - ranks.get(b)!);
        expect(byRank).toEqual([...texts].sort(compareNatural));
        expect(new Set(ranks.values()).size).toBe(new Set(texts).size);
      }),
    );
  });
});
