import { describe, expect, it } from 'vitest';
import { candidatesNote, closestFirst } from '../../src/domain/closest-names.js';

describe('closestFirst', () => {
  it('puts names that start alike first, then names that contain it, then by edit distance', () => {
    expect(closestFirst('Town', ['Mall store', 'Westlands store', 'Town store', 'Downtown'])).toEqual([
      'Town store',
      'Downtown',
      'Mall store',
      'Westlands store',
    ]);
    expect(closestFirst('P2', ['P1', 'Q9', 'P20'])).toEqual(['P20', 'P1', 'Q9']);
    expect(closestFirst('a', ['x', 'y', 'z', 'w', 'v', 'u'], 3)).toHaveLength(3);
  });

  it('says so when there is nothing to choose from, and marks a cut list', () => {
    expect(candidatesNote('Town', [], 'warehouses')).toBe('; there are none yet');
    expect(candidatesNote('Town', ['Mall store', 'Town store'], 'warehouses')).toBe('; warehouses: "Town store", "Mall store"');
    expect(candidatesNote('A', ['A1', 'A2', 'A3'], 'units', 2)).toBe('; units: "A1", "A2", ...');
  });
});
