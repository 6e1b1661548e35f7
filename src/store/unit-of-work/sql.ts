/**
 * A statement of a unit of work, in the text of each engine. Most statements are one text for
 * both: written with `?` placeholders, which PostgreSQL's text numbers ($1, $2, ...), and with
 * `{for update}`, `{for update of alias}` or `{for no key update}` where PostgreSQL locks the
 * rows it read (SQLite's write transaction holds the whole database already, so its text drops
 * the mark); `{bytewise}` after a text column orders it by its bytes on both. Where the dialects
 * really differ (JSON building, binding a list, a lateral join), the two texts are written side
 * by side with `dialects`. Both texts are made once, when the module that declares the statement
 * loads: nothing is rebuilt per call.
 */

export interface Sql {
  readonly sqlite: string;
  readonly postgres: string;
}

const LOCK_MARK = /\s*\{(for (?:no key )?update(?: of \w+)?)\}/g;
/** Text ordered bytewise: SQLite's default; PostgreSQL's default follows the locale. */
const BYTEWISE_MARK = /\s*\{bytewise\}/g;

/** One text for both engines (see above); `{bytewise}` after a text column orders it by its bytes on both. */
export function sql(text: string): Sql {
  return {
    sqlite: text.replace(LOCK_MARK, '').replace(BYTEWISE_MARK, ''),
    postgres: numberedPlaceholders(text.replace(LOCK_MARK, ' $1').replace(BYTEWISE_MARK, ' collate "C"')),
  };
}

/** Two texts: SQLite's with `?`, PostgreSQL's with $n, for a statement the dialects write differently. */
export function dialects(texts: { sqlite: string; postgres: string }): Sql {
  const { sqlite, postgres } = texts;
  return { sqlite, postgres };
}

/**
 * An INSERT of one row whose id the unit needs (`Tx.insertId`): PostgreSQL's text returns it,
 * SQLite's does not (its last insert rowid says it, without RETURNING's buffering of the row).
 */
export function insertSql(text: string): Sql {
  const { sqlite, postgres } = sql(text);
  return { sqlite, postgres: `${postgres} returning id` };
}

/**
 * A statement only PostgreSQL runs, where a unit writes the same rows on SQLite in several
 * statements (a data-modifying WITH, which SQLite has not); SQLite refuses its text when prepared.
 */
export function postgresOnly(postgres: string): Sql {
  return { sqlite: "select raise(abort, 'a statement of PostgreSQL only')", postgres };
}

/** `?` outside quoted text (strings and identifiers) as $1, $2, ... in order. */
export function numberedPlaceholders(text: string): string {
  let n = 0;
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      out += `$${++n}`;
    } else {
      out += ch;
    }
  }
  return out;
}
