/** Paging flags on a list that comes whole: a part of it, and how many there are from --start on. */
import { describe, expect, it } from 'vitest';
import { pageOfWholeList } from '../../src/cli/whole-list-page.js';

const rows = ['a', 'b', 'c', 'd', 'e'];

describe('a whole list, paged here', () => {
  it('is shown whole without --limit, or with --all', () => {
    expect(pageOfWholeList(rows, {})).toEqual({ records: rows, count: 5 });
    expect(pageOfWholeList(rows, { all: true, limit: 2 })).toEqual({ records: rows, count: 5 });
  });

  it('takes --limit rows from --start, counting what is left from --start', () => {
    expect(pageOfWholeList(rows, { limit: 2 })).toEqual({ records: ['a', 'b'], count: 5 });
    expect(pageOfWholeList(rows, { start: 1, limit: 2 })).toEqual({ records: ['b', 'c'], count: 4 });
    expect(pageOfWholeList(rows, { start: 3 })).toEqual({ records: ['d', 'e'], count: 2 });
    expect(pageOfWholeList(rows, { start: 3, all: true })).toEqual({ records: ['d', 'e'], count: 2 });
  });

  it('is empty past the end', () => {
    expect(pageOfWholeList(rows, { start: 9, limit: 2 })).toEqual({ records: [], count: 0 });
  });
});
