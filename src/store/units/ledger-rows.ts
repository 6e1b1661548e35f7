/**
 * The month's ledger rows a property report is built from, in one query: the units in scope
 * with each tenancy active in the month or that received money in it, and for each tenancy its
 * ledger_months row of the month, or its latest row before it (nothing was charged or paid
 * since). "Before the month" is that row's running total less its own month
 * (domain/ledger-months.ts).
 *
 * The two dialects write "the latest row before" each their fastest way (SQLite a correlated
 * max(), PostgreSQL a lateral join) and both hand the rows over as one JSON text of arrays:
 * handing ~30 values a row to JS one by one costs more than the database writing them and
 * JSON.parse reading them (~25% of the query on SQLite at scale 100). Measured on SQLite at
 * scale 100 (10k units, ~760k ledger rows): ~75 ms for the whole company under load, ~5 ms a
 * zone. test/store/ledger-rows-dialects.test.ts holds the two texts to the same rows.
 */
import { totalsOfMonth, WHOLE_TENANCY, type ReadMonthRow } from '../../domain/ledger-months.js';
import type { LedgerRow, LedgerScope } from '../rules/paid-balance-report.js';
import { dialects } from '../unit-of-work/sql.js';
import type { Tx } from '../unit-of-work/transaction.js';

const WHOLE_COLUMNS = [
  'month_key',
  'rent_cents',
  'rent_tax_cents',
  'service_cents',
  'service_tax_cents',
  'other_cents',
  'paid_rent_cents',
  'paid_rent_tax_cents',
  'paid_service_cents',
  'paid_service_tax_cents',
  'paid_other_cents',
  'paid_other_arrears_cents',
  'cum_rent_cents',
  'cum_rent_tax_cents',
  'cum_service_cents',
  'cum_service_tax_cents',
  'cum_other_cents',
  'cum_paid_rent_cents',
  'cum_paid_service_cents',
  'cum_paid_other_cents',
] as const;
const SERVICE_COLUMNS = [
  'month_key',
  'service_cents',
  'service_tax_cents',
  'paid_service_cents',
  'paid_service_tax_cents',
  'cum_service_cents',
  'cum_service_tax_cents',
  'cum_paid_service_cents',
] as const;

const UNIT_COLUMNS = [
  'u.property_id',
  'u.id',
  'u.unit_no',
  'u.market_rent_cents',
  't.id',
  't.start_date',
  'tn.account_no',
  'tn.name',
  'tn.phone',
  't.end_date',
];

/*
 * Parameters: 1 company, 2 zone, 3 field officer, 4 property (null: any), 5 month key, 6 and 7
 * the month's first and last millisecond, 8 the service key (only when a service is asked).
 */
const SQLITE_FILTER = `p.company_id = ?1 and (?2 is null or p.zone_id = ?2) and (?3 is null or p.field_officer_id = ?3) and (?4 is null or p.id = ?4)`;
const POSTGRES_FILTER = `p.company_id = $1 and ($2::bigint is null or p.zone_id = $2) and ($3::bigint is null or p.field_officer_id = $3) and ($4::bigint is null or p.id = $4)`;

/** The tenancy received money in the month (its month row has paid figures): arrears paid after leaving count in it. */
const received = (monthKey: string) => `exists (select 1 from ledger_months r
   where r.tenancy_id = t.id and r.service_key = ${WHOLE_TENANCY} and r.month_key = ${monthKey}
     and r.paid_rent_cents + r.paid_rent_tax_cents + r.paid_service_cents + r.paid_service_tax_cents + r.paid_other_cents > 0)`;

function sqliteText(withService: boolean): string {
  const monthRow = (alias: string, key: string) => `left join ledger_months ${alias}
      on ${alias}.tenancy_id = t.id and ${alias}.service_key = ${key}
     and ${alias}.month_key = (select max(x.month_key) from ledger_months x
                                where x.tenancy_id = t.id and x.service_key = ${key} and x.month_key <= ?5)`;
  const columns = [...UNIT_COLUMNS, ...WHOLE_COLUMNS.map((c) => `m.${c}`), ...(withService ? SERVICE_COLUMNS.map((c) => `s.${c}`) : [])];
  return `select json_group_array(json_array(${columns.join(', ')}))
    from properties p
    join units u on u.property_id = p.id
    left join tenancies t on t.unit_id = u.id and ((t.start_date <= ?7 and (t.end_date is null or t.end_date >= ?6)) or ${received('?5')})
    left join tenants tn on tn.id = t.tenant_id
    ${monthRow('m', String(WHOLE_TENANCY))}
    ${withService ? monthRow('s', '?8') : ''}
   where ${SQLITE_FILTER}`;
}

function postgresText(withService: boolean): string {
  const monthRow = (alias: string, key: string, columns: readonly string[]) => `left join lateral (
      select ${columns.map((c) => `x.${c}`).join(', ')} from ledger_months x
       where x.tenancy_id = t.id and x.service_key = ${key} and x.month_key <= $5
       order by x.month_key desc limit 1) ${alias} on true`;
  const columns = [...UNIT_COLUMNS, ...WHOLE_COLUMNS.map((c) => `m.${c}`), ...(withService ? SERVICE_COLUMNS.map((c) => `s.${c}`) : [])];
  return `select coalesce(json_agg(json_build_array(${columns.join(', ')})), '[]')::text
    from properties p
    join units u on u.property_id = p.id
    left join tenancies t on t.unit_id = u.id and ((t.start_date <= $7 and (t.end_date is null or t.end_date >= $6)) or ${received('$5')})
    left join tenants tn on tn.id = t.tenant_id
    ${monthRow('m', String(WHOLE_TENANCY), WHOLE_COLUMNS)}
    ${withService ? monthRow('s', '$8::bigint', SERVICE_COLUMNS) : ''}
   where ${POSTGRES_FILTER}`;
}

/**
 * The report's rows and, beside them, the names of the properties in scope ([id, name] pairs:
 * one string per property, not one per unit), in one statement: one round trip on PostgreSQL.
 */
const withNames = (names: string, report: string) => `select (${names}) as names, (${report}) as rows`;
const SQLITE_NAMES = `select json_group_array(json_array(p.id, p.name)) from properties p where ${SQLITE_FILTER}`;
const POSTGRES_NAMES = `select coalesce(json_agg(json_build_array(p.id, p.name)), '[]')::text from properties p where ${POSTGRES_FILTER}`;
const REPORT = dialects({ sqlite: withNames(SQLITE_NAMES, sqliteText(false)), postgres: withNames(POSTGRES_NAMES, postgresText(false)) });
const REPORT_OF_SERVICE = dialects({ sqlite: withNames(SQLITE_NAMES, sqliteText(true)), postgres: withNames(POSTGRES_NAMES, postgresText(true)) });

/** Offsets in a report row: the unit and tenancy (0 to 9), the whole tenancy's month row, the service's. */
const M = UNIT_COLUMNS.length;
const S = M + WHOLE_COLUMNS.length;
const W = Object.fromEntries(WHOLE_COLUMNS.map((c, i) => [c, M + i])) as Record<(typeof WHOLE_COLUMNS)[number], number>;
type ServiceOffsets = Record<(typeof SERVICE_COLUMNS)[number], number>;
/** The service figures: the asked service's own row, or the whole tenancy's. */
const OWN_SERVICE = Object.fromEntries(SERVICE_COLUMNS.map((c, i) => [c, S + i])) as ServiceOffsets;
const WHOLE_SERVICE = Object.fromEntries(SERVICE_COLUMNS.map((c) => [c, W[c]])) as ServiceOffsets;

type RawRow = [number, number, string, number, number | null, number | null, string | null, string | null, string | null, number | null, ...(number | null)[]];

/** A stored amount; one beyond the safe range (JSON.parse would round it) is refused, never reported. */
function amount(r: RawRow, i: number): number {
  const value = (r[i] as number | null) ?? 0;
  if (!Number.isSafeInteger(value)) throw new RangeError(`a stored amount is beyond JavaScript's safe range: ${value}`);
  return value;
}

/**
 * The month row at offsets `o` as stored (null: no row, nothing charged or paid yet). Only
 * reads: what the figures mean is domain/ledger-months.ts's totalsOfMonth. (No closures here:
 * it runs per row, and the bundle names every function it creates.)
 */
function readRow(r: RawRow, o: ServiceOffsets, whole: boolean): ReadMonthRow | null {
  const key = r[o.month_key];
  if (key === null || key === undefined) return null;
  return {
    monthKey: key as number,
    month: {
      rent: whole ? amount(r, W.rent_cents) : 0,
      rentTax: whole ? amount(r, W.rent_tax_cents) : 0,
      service: amount(r, o.service_cents),
      serviceTax: amount(r, o.service_tax_cents),
      other: whole ? amount(r, W.other_cents) : 0,
      paidRent: whole ? amount(r, W.paid_rent_cents) : 0,
      paidRentTax: whole ? amount(r, W.paid_rent_tax_cents) : 0,
      paidService: amount(r, o.paid_service_cents),
      paidServiceTax: amount(r, o.paid_service_tax_cents),
      paidOther: whole ? amount(r, W.paid_other_cents) : 0,
      paidOtherArrears: whole ? amount(r, W.paid_other_arrears_cents) : 0,
    },
    running: {
      rent: whole ? amount(r, W.cum_rent_cents) : 0,
      rentTax: whole ? amount(r, W.cum_rent_tax_cents) : 0,
      service: amount(r, o.cum_service_cents),
      serviceTax: amount(r, o.cum_service_tax_cents),
      other: whole ? amount(r, W.cum_other_cents) : 0,
      paidRent: whole ? amount(r, W.cum_paid_rent_cents) : 0,
      paidService: amount(r, o.cum_paid_service_cents),
      paidOther: whole ? amount(r, W.cum_paid_other_cents) : 0,
    },
  };
}

/**
 * Every unit in scope with each tenancy active in the month or that received money in it (a
 * unit with neither comes once, tenancy null) and the tenancy's totals for the month (10k rows
 * at scale 100). A unit whose only tenancy in the rows has ended is vacant too: the report adds
 * that row (paid-balance-report.ts).
 */
export async function ledgerRows(tx: Tx, scope: LedgerScope): Promise<LedgerRow[]> {
  const withService = scope.serviceId !== undefined;
  const filter = [scope.companyId, scope.zoneId ?? null, scope.fieldOfficerId ?? null, scope.propertyId ?? null];
  const params = [...filter, scope.monthKey, scope.from, scope.to, ...(withService ? [scope.serviceId] : [])];
  const json = (await tx.get<{ names: string; rows: string }>(withService ? REPORT_OF_SERVICE : REPORT, params))!;
  const names = new Map(JSON.parse(json.names) as [number, string][]);
  const rows = JSON.parse(json.rows) as RawRow[];
  return rows.map((r) => {
    const whole = readRow(r, WHOLE_SERVICE, true);
    return {
      source: {
        propertyId: r[0],
        propertyName: names.get(r[0])!,
        unitId: r[1],
        unitNo: r[2],
        marketRentCents: r[3],
        tenancyId: r[4],
        tenancyStart: r[5],
        tenantAccount: r[6],
        tenantName: r[7],
        tenantPhone: r[8],
        tenancyEnd: r[9],
      },
      totals: totalsOfMonth(scope.monthKey, whole, withService ? readRow(r, OWN_SERVICE, false) : whole),
    };
  });
}
