/**
 * Which tenancy a paybill payment is for, from the account number the payer typed (the
 * statement's A/C No., Daraja's BillRefNumber): first a tenant's account, then a unit's
 * reference (the company's paybill account format over the property code and unit number),
 * both compared as domain/mpesa-account.ts accountKey (no case, spaces or dashes). The
 * payment goes to the tenancy running at its time, or to the tenant's last one in the unit
 * (arrears paid after leaving). A payer's phone is never enough: masked as M-Pesa shows it, it
 * only suggests candidates for a payment that matched nothing.
 */
import { closestFirst } from '../../domain/closest-names.js';
import { accountKey, phoneFitsMask, unitReferenceKey } from '../../domain/mpesa-account.js';

export interface MatchTenant {
  id: number;
  accountNo: string;
  name: string;
  phone: string | null;
}

export interface MatchUnit {
  id: number;
  propertyId: number;
  propertyCode: string;
  unitNo: string;
}

export interface MatchTenancy {
  id: number;
  unitId: number;
  tenantId: number;
  startDate: number;
  endDate: number | null;
}

/** What the matcher reads of a company, inside the unit that books. */
export interface MpesaMatchFacts {
  accountFormat: string;
  tenants: readonly MatchTenant[];
  units: readonly MatchUnit[];
  /** By start date, then id. */
  tenancies: readonly MatchTenancy[];
}

export type PaymentMatch =
  | { kind: 'matched'; tenancyId: number; propertyId: number; propertyCode: string; tenantAccount: string }
  | { kind: 'unmatched' | 'ambiguous'; reason: string; candidates: string[] };

export type Matcher = (account: string, time: number, party: string) => PaymentMatch;

function grouped<T>(items: readonly T[], key: (item: T) => string | number): Map<string | number, T[]> {
  const groups = new Map<string | number, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Whether two keys are alike enough to suggest one for the other: four characters in a row in
 * common (a digit left out or swapped elsewhere), so that an account of nothing like any other
 * (`4471`) is offered no list of unrelated tenants.
 */
function alike(a: string, b: string): boolean {
  if (a.length < 4 || b.length < 4) return false;
  for (let at = 0; at + 4 <= a.length; at++) if (b.includes(a.slice(at, at + 4))) return true;
  return false;
}

/** The company's matcher: its indexes built once, then one lookup per payment. */
export function paymentMatcher(facts: MpesaMatchFacts): Matcher {
  const tenantsByKey = grouped(facts.tenants, (t) => accountKey(t.accountNo));
  const unitsByKey = grouped(facts.units, (u) => unitReferenceKey(facts.accountFormat, u.propertyCode, u.unitNo));
  const tenanciesOfTenant = grouped(facts.tenancies, (t) => t.tenantId);
  const tenanciesOfUnit = grouped(facts.tenancies, (t) => t.unitId);
  const unitById = new Map(facts.units.map((u) => [u.id, u]));
  const tenantById = new Map(facts.tenants.map((t) => [t.id, t]));
  const unitText = (unitId: number) => {
    const unit = unitById.get(unitId);
    return unit ? `${unit.propertyCode} ${unit.unitNo}` : `unit ${unitId}`;
  };
  const tenancyText = (t: MatchTenancy) =>
    `${tenantById.get(t.tenantId)?.accountNo ?? t.tenantId} (${tenantById.get(t.tenantId)?.name ?? ''}, ${unitText(t.unitId)})`;
  const matched = (t: MatchTenancy): PaymentMatch => {
    const unit = unitById.get(t.unitId)!;
    return {
      kind: 'matched',
      tenancyId: t.id,
      propertyId: unit.propertyId,
      propertyCode: unit.propertyCode,
      tenantAccount: tenantById.get(t.tenantId)?.accountNo ?? '',
    };
  };
  const runningAt = (tenancies: readonly MatchTenancy[], time: number) =>
    tenancies.filter((t) => t.startDate <= time && (t.endDate === null || t.endDate >= time));

  const suggestions = (key: string, party: string): string[] => {
    const byPhone = facts.tenants.filter((t) => phoneFitsMask(party, t.phone)).flatMap((t) => (tenanciesOfTenant.get(t.id) ?? []).slice(-1).map(tenancyText));
    const accounts = closestFirst(key, [...tenantsByKey.keys()].filter((k) => alike(key, String(k))) as string[], 3).map((k) =>
      (tenantsByKey.get(k) ?? []).map((t) => t.accountNo).join(' or '),
    );
    const units = closestFirst(key, [...unitsByKey.keys()].filter((k) => alike(key, String(k))) as string[], 2).map((k) =>
      (unitsByKey.get(k) ?? []).map((u) => `${u.propertyCode} ${u.unitNo}`).join(' or '),
    );
    return [...new Set([...byPhone.map((c) => `${c} by phone`), ...accounts, ...units])].slice(0, 6);
  };

  return (account, time, party) => {
    const key = accountKey(account);
    if (key === '') return { kind: 'unmatched', reason: 'no account number', candidates: suggestions(key, party) };
    const tenants = tenantsByKey.get(key) ?? [];
    if (tenants.length > 1)
      return {
        kind: 'ambiguous',
        reason: `${account} is the account of ${tenants.length} tenants`,
        candidates: tenants.map((t) => `${t.accountNo} (${t.name})`),
      };
    if (tenants.length === 1) {
      const ofTenant = (tenanciesOfTenant.get(tenants[0]!.id) ?? []).filter((t) => t.startDate <= time);
      const running = runningAt(ofTenant, time);
      if (running.length > 1)
        return { kind: 'ambiguous', reason: `tenant ${tenants[0]!.accountNo} rents ${running.length} units`, candidates: running.map(tenancyText) };
      const tenancy = running[0] ?? ofTenant.at(-1);
      if (tenancy) return matched(tenancy);
      return {
        kind: 'unmatched',
        reason: `tenant ${tenants[0]!.accountNo} has no tenancy by then`,
        candidates: (tenanciesOfTenant.get(tenants[0]!.id) ?? []).map(tenancyText),
      };
    }
    const units = unitsByKey.get(key) ?? [];
    if (units.length > 1)
      return {
        kind: 'ambiguous',
        reason: `${account} is the reference of ${units.length} units`,
        candidates: units.map((u) => `${u.propertyCode} ${u.unitNo}`),
      };
    if (units.length === 1) {
      const ofUnit = tenanciesOfUnit.get(units[0]!.id) ?? [];
      const running = runningAt(ofUnit, time);
      if (running.length === 1) return matched(running[0]!);
      return { kind: 'unmatched', reason: `unit ${units[0]!.propertyCode} ${units[0]!.unitNo} is not let then`, candidates: ofUnit.slice(-2).map(tenancyText) };
    }
    return { kind: 'unmatched', reason: `no tenant account or unit reference ${account}`, candidates: suggestions(key, party) };
  };
}
