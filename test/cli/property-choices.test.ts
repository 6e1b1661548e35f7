/** What a pick list offers for what was typed: words match anywhere, an exact id comes first. */
import { describe, expect, it } from 'vitest';
import type { PropertyReference } from '../../src/contract/property-reference.js';
import { MAX_PICK_CHOICES, propertyChoices } from '../../src/cli/property-choices.js';

const reference: PropertyReference = {
  zones: [
    { id: 2, companyId: 1, name: 'Kilimani', properties: 1 },
    { id: 1, companyId: 1, name: 'Westlands', properties: 2 },
  ],
  fieldOfficers: [{ id: 4, companyId: 1, name: 'Mary Njeri', phone: '+254 711 100003', properties: 1 }],
  landlords: [
    { id: 1, companyId: 1, code: 'L1', name: 'Jane Wanjiru', phone: '+254700000010', email: 'jane@example.com', properties: 2 },
    { id: 2, companyId: 1, code: 'L2', name: 'Otieno Kamau', phone: null, email: null, properties: 1 },
  ],
  properties: [
    {
      id: 1,
      companyId: 1,
      code: 'P1',
      name: 'Riverside Flats',
      landlordId: 1,
      landlord: 'Jane Wanjiru',
      zoneId: 1,
      zone: 'Westlands',
      fieldOfficerId: 4,
      fieldOfficer: 'Mary Njeri',
      units: 3,
    },
    {
      id: 2,
      companyId: 1,
      code: 'P2',
      name: 'Hilltop Court',
      landlordId: 1,
      landlord: 'Jane Wanjiru',
      zoneId: 2,
      zone: 'Kilimani',
      fieldOfficerId: null,
      fieldOfficer: null,
      units: 1,
    },
    {
      id: 12,
      companyId: 1,
      code: 'P12',
      name: 'Garden View',
      landlordId: 2,
      landlord: 'Otieno Kamau',
      zoneId: null,
      zone: null,
      fieldOfficerId: null,
      fieldOfficer: null,
      units: 0,
    },
  ],
};

describe('property pick lists', () => {
  it('show a property by code and name, with its landlord, zone and units; the id and officer below', () => {
    expect(propertyChoices(reference, 'property', undefined)).toEqual([
      { name: 'P1 Riverside Flats · Jane Wanjiru · Westlands · 3 units', value: 1, description: 'property id 1 · field officer Mary Njeri' },
      { name: 'P2 Hilltop Court · Jane Wanjiru · Kilimani · 1 unit', value: 2, description: 'property id 2' },
      { name: 'P12 Garden View · Otieno Kamau · 0 units', value: 12, description: 'property id 12' },
    ]);
  });

  it('match every typed word, in any case, in the name, code, landlord, zone or officer', () => {
    expect(propertyChoices(reference, 'property', 'river').map((c) => c.value)).toEqual([1]);
    expect(propertyChoices(reference, 'property', 'JANE court').map((c) => c.value)).toEqual([2]);
    expect(propertyChoices(reference, 'property', 'kilimani').map((c) => c.value)).toEqual([2]);
    expect(propertyChoices(reference, 'property', 'njeri').map((c) => c.value)).toEqual([1]);
    expect(propertyChoices(reference, 'property', 'nowhere')).toEqual([]);
  });

  it('put the entry whose id is the number typed first', () => {
    // "2" is in P2's id and in P12's code and id: the exact id leads.
    expect(propertyChoices(reference, 'property', '12').map((c) => c.value)).toEqual([12]);
    expect(propertyChoices(reference, 'property', '2').map((c) => c.value)).toEqual([2, 12]);
    expect(propertyChoices(reference, 'landlord', '2').map((c) => c.value)).toEqual([2, 1]);
  });

  it('show landlords by code with their property count, zones and officers by name', () => {
    expect(propertyChoices(reference, 'landlord', 'otieno')).toEqual([{ name: 'L2 Otieno Kamau · 1 property', value: 2, description: 'landlord id 2' }]);
    expect(propertyChoices(reference, 'landlord', 'jane@')[0]!.description).toBe('landlord id 1 · +254700000010 · jane@example.com');
    expect(propertyChoices(reference, 'zone', undefined).map((c) => c.name)).toEqual(['Kilimani · 1 property', 'Westlands · 2 properties']);
    expect(propertyChoices(reference, 'fieldOfficer', 'mary')).toEqual([
      { name: 'Mary Njeri · 1 property', value: 4, description: 'field officer id 4 · +254 711 100003' },
    ]);
  });

  it(`offer at most ${MAX_PICK_CHOICES} entries at once`, () => {
    const many: PropertyReference = {
      ...reference,
      zones: Array.from({ length: 250 }, (_, i) => ({ id: i + 1, companyId: 1, name: `Zone ${i + 1}`, properties: 0 })),
    };
    expect(propertyChoices(many, 'zone', '')).toHaveLength(MAX_PICK_CHOICES);
    // "25" is in Zone 25, 125, 225 and 250; typing narrows 250 zones to those four.
    expect(propertyChoices(many, 'zone', 'zone 25').map((c) => c.value)).toEqual([25, 125, 225, 250]);
  });
});
