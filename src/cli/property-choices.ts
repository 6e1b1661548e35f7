/**
 * The entries a property-management pick list shows for what was typed: every word typed must
 * appear in the entry's id, code, name or the names it carries (landlord, zone, officer); an
 * entry whose id is exactly what was typed comes first.
 */
import type { PropertyReference } from '../contract/property-reference.js';
import { countOf } from '../domain/plural.js';
import type { Choice } from './io/prompter.js';

export type PickKind = 'zone' | 'fieldOfficer' | 'property' | 'landlord';

/** At most this many entries are offered at once; typing narrows a longer list. */
export const MAX_PICK_CHOICES = 100;

interface Entry {
  id: number;
  /** What the list shows. */
  name: string;
  description: string;
  /** Everything a typed word may match. */
  text: string;
}

function entriesOf(reference: PropertyReference, kind: PickKind): Entry[] {
  const joined = (...parts: (string | number | null | undefined)[]) => parts.filter((p) => p !== null && p !== undefined && p !== '').join(' · ');
  switch (kind) {
    case 'zone':
      return reference.zones.map((z) => ({
        id: z.id,
        name: joined(z.name, countOf(z.properties, 'property', 'properties')),
        description: `zone id ${z.id}`,
        text: z.name,
      }));
    case 'fieldOfficer':
      return reference.fieldOfficers.map((f) => ({
        id: f.id,
        name: joined(f.name, countOf(f.properties, 'property', 'properties')),
        description: joined(`field officer id ${f.id}`, f.phone),
        text: joined(f.name, f.phone),
      }));
    case 'landlord':
      return reference.landlords.map((l) => ({
        id: l.id,
        name: joined(`${l.code} ${l.name}`, countOf(l.properties, 'property', 'properties')),
        description: joined(`landlord id ${l.id}`, l.phone, l.email),
        text: joined(l.code, l.name, l.phone, l.email),
      }));
    case 'property':
      return reference.properties.map((p) => ({
        id: p.id,
        name: joined(`${p.code} ${p.name}`, p.landlord, p.zone, countOf(p.units, 'unit')),
        description: joined(`property id ${p.id}`, p.fieldOfficer && `field officer ${p.fieldOfficer}`),
        text: joined(p.code, p.name, p.landlord, p.zone, p.fieldOfficer),
      }));
  }
}

/** How many entries of a kind the reference holds. */
export function entryCount(reference: PropertyReference, kind: PickKind): number {
  return entriesOf(reference, kind).length;
}

/** The choices for `term` (undefined or blank: the first entries, in the list's order). */
export function propertyChoices(reference: PropertyReference, kind: PickKind, term: string | undefined): Choice<number>[] {
  const words = (term ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const matching = entriesOf(reference, kind).filter((entry) => {
    const haystack = `${entry.id} ${entry.text}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const typedId = words.length === 1 && /^\d+$/.test(words[0]!) ? Number(words[0]) : undefined;
  const ordered = typedId === undefined ? matching : [...matching.filter((e) => e.id === typedId), ...matching.filter((e) => e.id !== typedId)];
  return ordered.slice(0, MAX_PICK_CHOICES).map((entry) => ({ name: entry.name, value: entry.id, description: entry.description }));
}
