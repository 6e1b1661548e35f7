/**
 * Which properties a month-end covers: one property, a landlord's, a zone's or the company's,
 * read from the local server's property reference (served by `serve` and embedded mode alike).
 * Pure over that reference, so the scope's wording and its refusals are tested without a store.
 */
import type { LandlordEntry, PropertyEntry, PropertyReference } from '../../contract/property-reference.js';
import { CliUsageError } from '../usage-error.js';

export interface ScopeFilter {
  landlord?: number;
  zone?: number;
  property?: number;
}

export interface PropertyInScope {
  property: PropertyEntry;
  landlord: LandlordEntry;
}

export interface MonthEndScope {
  /** "landlord L001 Wambui Holdings", "zone 2 Westlands", "property P001 ...", "whole company". */
  label: string;
  /** Properties in landlord code, then property code order (the reference's order). */
  properties: PropertyInScope[];
  landlords: LandlordEntry[];
}

export function scopeOf(reference: PropertyReference, filter: ScopeFilter): MonthEndScope {
  const given = [filter.landlord, filter.zone, filter.property].filter((v) => v !== undefined).length;
  if (given > 1) throw new CliUsageError('name one scope: --landlord, --zone or --property (none: the whole company)');
  const landlords = new Map(reference.landlords.map((l) => [l.id, l]));
  let chosen: PropertyEntry[];
  let label: string;
  if (filter.property !== undefined) {
    chosen = reference.properties.filter((p) => p.id === filter.property);
    if (chosen.length === 0) throw new CliUsageError(`no property ${filter.property} in this company (\`shopprop local list properties\` lists them)`);
    label = `property ${chosen[0]!.code} ${chosen[0]!.name}`;
  } else if (filter.landlord !== undefined) {
    const landlord = landlords.get(filter.landlord);
    if (!landlord) throw new CliUsageError(`no landlord ${filter.landlord} in this company (\`shopprop local list landlords\` lists them)`);
    chosen = reference.properties.filter((p) => p.landlordId === filter.landlord);
    label = `landlord ${landlord.code} ${landlord.name}`;
  } else if (filter.zone !== undefined) {
    const zone = reference.zones.find((z) => z.id === filter.zone);
    if (!zone) throw new CliUsageError(`no zone ${filter.zone} in this company (\`shopprop local list zones\` lists them)`);
    chosen = reference.properties.filter((p) => p.zoneId === filter.zone);
    label = `zone ${zone.id} ${zone.name}`;
  } else {
    chosen = [...reference.properties];
    label = 'whole company';
  }
  const properties = chosen
    .map((property) => ({ property, landlord: landlords.get(property.landlordId)! }))
    .sort((a, b) => compareCodes(a.landlord.code, b.landlord.code) || compareCodes(a.property.code, b.property.code) || a.property.id - b.property.id);
  const landlordIds = new Set(properties.map((p) => p.landlord.id));
  return { label, properties, landlords: [...landlords.values()].filter((l) => landlordIds.has(l.id)).sort((a, b) => compareCodes(a.code, b.code)) };
}

function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
