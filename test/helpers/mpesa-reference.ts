/**
 * The reference data paybill statements are generated for (mpesa-statement-file.ts): two
 * properties of 25 units, a tenant in each unit since January 2026, the paybill's account
 * format `{property}-{unit}`; as the CSV files `local import` takes.
 */
export interface PaybillTenant {
  account: string;
  property: string;
  unit: string;
  /** The unit's reference as a payer types it: `p01 u07`. */
  unitTyped: string;
}

export function paybillTenants(): PaybillTenant[] {
  return Array.from({ length: 50 }, (_, i) => {
    const property = `P0${1 + Math.floor(i / 25)}`;
    const unit = `U${String(1 + (i % 25)).padStart(2, '0')}`;
    return { account: `T-${String(i + 1).padStart(4, '0')}`, property, unit, unitTyped: `${property.toLowerCase()} ${unit.toLowerCase()}` };
  });
}

/** [kind, csv] in the order they import. */
export function paybillReferenceFiles(): [string, string][] {
  const tenants = paybillTenants();
  return [
    ['landlords', 'code,name\nL1,Wanjiru Kamau\n'],
    ['properties', 'code,name,landlord_code\nP01,Mvule House,L1\nP02,Baobab Court,L1\n'],
    ['units', `property_code,unit_no,market_rent\n${tenants.map((t) => `${t.property},${t.unit},30000`).join('\n')}\n`],
    ['tenants', `account_no,name\n${tenants.map((t, i) => `${t.account},Tenant ${i + 1}`).join('\n')}\n`],
    ['tenancies', `property_code,unit_no,tenant_account,from\n${tenants.map((t) => `${t.property},${t.unit},${t.account},2026-01-01`).join('\n')}\n`],
  ];
}
