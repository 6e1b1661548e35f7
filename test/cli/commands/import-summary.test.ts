/** What `local import` says when it is done: one sentence, each count agreeing with its noun. */
import { describe, expect, it } from 'vitest';
import { importSummary } from '../../../src/cli/commands/local/import.js';

describe('the import summary', () => {
  it('says what was imported and what was created along the way', () => {
    expect(importSummary({ products: 12, categoriesCreated: 2 })).toBe('imported 12 products and created 2 categories');
    expect(importSummary({ products: 1, categoriesCreated: 1 })).toBe('imported 1 product and created 1 category');
  });

  it('leaves out what was not created, and names each kind of row in its own words', () => {
    expect(importSummary({ products: 3, categoriesCreated: 0 })).toBe('imported 3 products');
    expect(importSummary({ properties: 1 })).toBe('imported 1 property');
    expect(importSummary({ tenancies: 1_234 })).toBe('imported 1,234 tenancies');
  });
});
