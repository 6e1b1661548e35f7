/**
 * The structure of a store's schema, read from each engine's own catalog into one comparable
 * shape: per table its columns (name, integer or text, not null), primary key, unique and plain
 * indexes (columns, "expr" for an expression, whether partial), foreign keys, the number of
 * check constraints, and the triggers. Used to hold the PostgreSQL schema equal to SQLite's.
 */
import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';

export interface TableShape {
  columns: string[];
  primaryKey: string[];
  uniques: string[];
  indexes: string[];
  foreignKeys: string[];
  checks: number;
  triggers: string[];
}

export type SchemaShape = Record<string, TableShape>;

const KYSELY_TABLES = ['schema_migrations', 'schema_migrations_lock'];

export function sqliteShape(sqlite: SqliteDatabase.Database): SchemaShape {
  const tables = sqlite.prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as {
    name: string;
    sql: string;
  }[];
  const shape: SchemaShape = {};
  for (const { name, sql } of tables) {
    if (KYSELY_TABLES.includes(name)) continue;
    const columns = sqlite.prepare(`pragma table_info(${name})`).all() as { name: string; type: string; notnull: number; pk: number }[];
    const indexList = sqlite.prepare(`pragma index_list(${name})`).all() as { name: string; unique: number; origin: string; partial: number }[];
    const indexColumns = (index: string) =>
      (sqlite.prepare(`pragma index_xinfo(${index})`).all() as { name: string | null; key: number }[]).filter((c) => c.key === 1).map((c) => c.name ?? 'expr');
    const uniques = indexList.filter((i) => i.unique === 1 && i.origin !== 'pk').map((i) => `(${indexColumns(i.name).join(',')})${i.partial ? ' where' : ''}`);
    const indexes = indexList.filter((i) => i.unique === 0).map((i) => `${i.name} (${indexColumns(i.name).join(',')})`);
    const foreignKeys = (sqlite.prepare(`pragma foreign_key_list(${name})`).all() as { table: string; from: string; to: string; on_delete: string }[]).map(
      (f) => `${f.from} -> ${f.table}(${f.to})${f.on_delete === 'CASCADE' ? ' on delete cascade' : ''}`,
    );
    const triggers = (sqlite.prepare("select name from sqlite_master where type = 'trigger' and tbl_name = ?").all(name) as { name: string }[]).map(
      (t) => t.name,
    );
    shape[name] = {
      columns: columns.map((c) => `${c.name} ${c.type.toLowerCase()}${c.notnull || c.pk ? ' not null' : ''}`),
      primaryKey: columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      uniques: uniques.sort(),
      indexes: indexes.sort(),
      foreignKeys: foreignKeys.sort(),
      checks: (sql.match(/\bcheck\s*\(/gi) ?? []).length,
      triggers: triggers.sort(),
    };
  }
  return shape;
}

const PG_TYPES: Record<string, string> = { bigint: 'integer', text: 'text' };

export async function postgresShape(client: pg.Client): Promise<SchemaShape> {
  const tables = (
    await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
  ).rows;
  const shape: SchemaShape = {};
  for (const { name } of tables) {
    if (KYSELY_TABLES.includes(name)) continue;
    const columns = (
      await client.query<{ column_name: string; data_type: string; is_nullable: string }>(
        "select column_name, data_type, is_nullable from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position",
        [name],
      )
    ).rows;
    const indexes = (
      await client.query<{ name: string; unique: boolean; primary: boolean; partial: boolean; columns: string[] }>(
        `select i.relname as name, x.indisunique as unique, x.indisprimary as primary, x.indpred is not null as partial,
              array(select case when k = 0 then 'expr' else (select attname from pg_attribute where attrelid = x.indrelid and attnum = k)::text end
                      from unnest(x.indkey::int2[]) with ordinality u(k, n) order by n) as columns
         from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = $1::regclass`,
        [name],
      )
    ).rows;
    const constraints = (
      await client.query<{ type: string; definition: string }>(
        'select contype as type, pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = $1::regclass',
        [name],
      )
    ).rows;
    const triggers = (await client.query<{ name: string }>('select tgname as name from pg_trigger where tgrelid = $1::regclass and not tgisinternal', [name]))
      .rows;
    const primary = indexes.find((i) => i.primary);
    shape[name] = {
      columns: columns.map((c) => `${c.column_name} ${PG_TYPES[c.data_type] ?? c.data_type}${c.is_nullable === 'NO' ? ' not null' : ''}`),
      primaryKey: primary?.columns ?? [],
      uniques: indexes
        .filter((i) => i.unique && !i.primary)
        .map((i) => `(${i.columns.join(',')})${i.partial ? ' where' : ''}`)
        .sort(),
      indexes: indexes
        .filter((i) => !i.unique)
        .map((i) => `${i.name} (${i.columns.join(',')})`)
        .sort(),
      foreignKeys: constraints
        .filter((c) => c.type === 'f')
        .map((c) => foreignKey(c.definition))
        .sort(),
      checks: constraints.filter((c) => c.type === 'c').length,
      triggers: triggers.map((t) => t.name).sort(),
    };
  }
  return shape;
}

/** "FOREIGN KEY (a) REFERENCES t(id) ON DELETE CASCADE" as SQLite's pragma reads: "a -> t(id) on delete cascade". */
function foreignKey(definition: string): string {
  const match = /^FOREIGN KEY \((\w+)\) REFERENCES (\w+)\((\w+)\)( ON DELETE CASCADE)?/.exec(definition);
  if (!match) return definition;
  return `${match[1]} -> ${match[2]}(${match[3]})${match[4] ? ' on delete cascade' : ''}`;
}
