/**
 * The local copy of a company's catalogue (the reference lists: shops, cashbooks, sales persons,
 * payment channels, tax rates, products) and of its units in stock, as the service gave them on
 * the last online run of `sale save`, kept per service and company in the outbox file. Offline,
 * a sale is composed from it exactly as online: the same pickers, product ids, cost and tax.
 * Each copy is written in one transaction (WAL, synchronous=FULL, like the sales beside it), so
 * a reader sees the old copy or the new one, never half of one.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { ReferenceData } from '../../contract/reference-data.js';
import type { SaveCashSaleBody } from '../../contract/cash-sale.js';
import type { StockUnit } from './interactive-sale.js';

export interface CatalogCopy {
  /** The service it was read from (see outboxTarget). */
  target: string;
  companyId: number;
  /** When it was read (epoch ms). */
  savedAt: number;
  /** The reference lists; null from a service that has none. */
  refs: ReferenceData | null;
  /** Units in stock when it was read. */
  units: StockUnit[];
}

export const CATALOG_COPY_SCHEMA = `create table if not exists catalog_copy (
  target text not null,
  company_id integer not null,
  saved_at integer not null,
  refs text,
  units text not null,
  primary key (target, company_id)
)`;

interface Row {
  target: string;
  company_id: number;
  saved_at: number;
  refs: string | null;
  units: string;
}

export class CatalogCopyStore {
  constructor(private readonly db: SqliteDatabase.Database) {}

  /** Replaces the copy of this service and company. */
  save(copy: CatalogCopy): void {
    this.db
      .prepare('insert or replace into catalog_copy (target, company_id, saved_at, refs, units) values (?, ?, ?, ?, ?)')
      .run(copy.target, copy.companyId, copy.savedAt, copy.refs === null ? null : JSON.stringify(copy.refs), JSON.stringify(copy.units));
  }

  get(target: string, companyId: number): CatalogCopy | undefined {
    const row = this.db.prepare<[string, number], Row>('select * from catalog_copy where target = ? and company_id = ?').get(target, companyId);
    return row ? copyOf(row) : undefined;
  }

  /**
   * Takes units the service has now sold out of every copy of the company (a sale delivered by a
   * sync, or saved online), so they are not offered again before the next refresh.
   */
  dropUnits(companyId: number, unitIds: readonly number[]): void {
    if (unitIds.length === 0) return;
    const sold = new Set(unitIds);
    this.db
      .transaction(() => {
        const rows = this.db.prepare<[number], Row>('select * from catalog_copy where company_id = ?').all(companyId);
        for (const row of rows) {
          const units = (JSON.parse(row.units) as StockUnit[]).filter((unit) => !sold.has(unit.id));
          this.db.prepare('update catalog_copy set units = ? where target = ? and company_id = ?').run(JSON.stringify(units), row.target, row.company_id);
        }
      })
      .immediate();
  }
}

/** The serialised units a sale sells. */
export function unitsOf(body: SaveCashSaleBody): number[] {
  return body.itemIssuesDto.map((line) => line.invItemSpecsId).filter((id): id is number => typeof id === 'number');
}

function copyOf(row: Row): CatalogCopy {
  return {
    target: row.target,
    companyId: row.company_id,
    savedAt: row.saved_at,
    refs: row.refs === null ? null : (JSON.parse(row.refs) as ReferenceData),
    units: JSON.parse(row.units) as StockUnit[],
  };
}
