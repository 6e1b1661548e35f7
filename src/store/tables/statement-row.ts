/** A prepared statement's row as every backend reads and writes it (table statements). */
import type { Selectable } from 'kysely';
import type { StatementsTable } from './property.js';

export type StatementRow = Selectable<StatementsTable>;
export type NewStatementRow = Omit<StatementRow, 'id'>;
