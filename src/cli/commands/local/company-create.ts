/** `shopprop local company create`: a company of your own in the local store. */
import { companyIdentityText } from '../../company-text.js';
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';

/** The imports that fill a new company, in the order their rows refer to each other. */
const NEXT_IMPORTS = ['products', 'specs', 'landlords', 'properties', 'units', 'tenants', 'tenancies', 'charges', 'receipts', 'expenses'];

export interface CompanyCreateOptions {
  name: string;
  timeZone?: string;
  vat?: string;
  currency?: string;
  taxNumber?: string;
  shops?: string;
  use?: boolean;
}

export async function run(options: CompanyCreateOptions & GlobalOptions): Promise<void> {
  const context = createContext(options);
  const location = await context.storeLocation();
  const [{ openShopStore }, { redactedUrl }] = await Promise.all([
    import('../../../store/open/open-shop-store.js'),
    import('../../../store/store-location.js'),
  ]);
  const store = await openShopStore(location);
  const file = redactedUrl(location);
  let created;
  try {
    created = await store.setUpCompany({
      name: options.name,
      timeZone: options.timeZone,
      vatPercent: options.vat === undefined ? undefined : Number(options.vat),
      currency: options.currency,
      taxNumber: options.taxNumber,
      shops: options.shops?.split(','),
    });
  } finally {
    await store.close();
  }
  context.terminal.stdout.write(`${created.companyId}\n`);
  context.say(`company ${created.companyId} created in ${file}: shops ${created.shopIds.join(', ')}, cashbooks ${created.cashbookIds.join(', ')}`);
  context.say(`company ${created.companyId}: ${companyIdentityText(created.settings)}`);
  if (options.use) {
    const { pointProfile } = await import('../../point-profile.js');
    const profile = await pointProfile(context, {
      storeFile: location,
      companyId: created.companyId,
      retailShopId: created.shopIds[0],
      cashbookId: created.cashbookIds[0],
      userId: created.adminUserId,
    });
    context.say(`profile "${profile}" now uses company ${created.companyId} in ${file}`);
  }
  const flags = options.use ? '' : ` --company ${created.companyId}${options.db ? ` --db ${options.db}` : ''}`;
  context.say(
    `next, one at a time (columns: docs/imports.md):\n${NEXT_IMPORTS.map((kind) => `  shopprop local import ${kind} ${kind}.csv${flags}`).join('\n')}`,
  );
}
