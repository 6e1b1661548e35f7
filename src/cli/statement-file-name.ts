/**
 * Where a statement's PDF is saved, so a person finds it by landlord and property:
 * `<landlord code>/<property code>-YYYY-MM-<FINAL|INTERIM>.pdf` (month-end's statements/ folder
 * and `statements --pdf DIR`). Codes become safe file names; a record without a code falls back
 * to its property id, and one that says no month, year or type (another server's loose record)
 * to `statement-<id>.pdf`.
 */
import type { StatementRecord } from '../contract/statement.js';
import { MONTH_NAMES } from '../domain/month-range.js';

type Named = Partial<Pick<StatementRecord, 'propertyId' | 'propertyCode' | 'lldCode' | 'month' | 'year' | 'statementType'>> & { id?: number | null };
type Dated = Named & Pick<StatementRecord, 'month' | 'year' | 'statementType'>;

export function statementPdfPath(statement: Named, codes: { landlord?: string; property?: string } = {}): string {
  if (!statement.month || typeof statement.year !== 'number' || !statement.statementType) return `statement-${statement.id}.pdf`;
  return datedPath(statement as Dated, codes);
}

function datedPath(statement: Dated, codes: { landlord?: string; property?: string }): string {
  const landlord = safeName(codes.landlord ?? statement.lldCode ?? 'landlord');
  const property = safeName(codes.property ?? statement.propertyCode ?? `property-${statement.propertyId ?? 'unknown'}`);
  return `${landlord}/${property}-${periodOf(statement)}-${safeName(statement.statementType)}.pdf`;
}

/** "OCTOBER" 2026 -> "2026-10"; a month name the list does not know is kept as sent. */
function periodOf(statement: Dated): string {
  const index = MONTH_NAMES.indexOf(statement.month.toUpperCase() as (typeof MONTH_NAMES)[number]);
  return `${statement.year}-${index < 0 ? safeName(statement.month) : String(index + 1).padStart(2, '0')}`;
}

// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAMES = /[/\\:*?"<>|\u0000-\u001f]/g;

/** A code as a file or folder name: no separators or characters a file system refuses. */
export function safeName(code: string): string {
  const cleaned = code.replace(UNSAFE_IN_NAMES, '-').replace(/^\.+/, '').trim();
  return cleaned || '_';
}
