import { describe, expect, it } from 'vitest';
import { dialects, numberedPlaceholders, sql } from '../../src/store/unit-of-work/sql.js';

describe('a statement written once for both engines', () => {
  it('numbers its placeholders for PostgreSQL, leaving a ? inside quoted text alone', () => {
    expect(numberedPlaceholders(`select ? as "a?", '?' as b where x = ? and y = ?`)).toBe(`select $1 as "a?", '?' as b where x = $2 and y = $3`);
  });

  it('locks rows on PostgreSQL only, and orders text bytewise on both', () => {
    const statement = sql('select id from t where id = ? order by name {bytewise} {for update of t}');
    expect(statement).toEqual({
      sqlite: 'select id from t where id = ? order by name',
      postgres: 'select id from t where id = $1 order by name collate "C" for update of t',
    });
    expect(sql('select 1 from t where id = ? {for no key update}').postgres).toBe('select 1 from t where id = $1 for no key update');
  });

  it('keeps two texts written apart as they are', () => {
    expect(dialects({ sqlite: 'select json_each(?)', postgres: 'select json_array_elements_text($1::json)' })).toEqual({
      sqlite: 'select json_each(?)',
      postgres: 'select json_array_elements_text($1::json)',
    });
  });
});
