/** `shopprop local company create`: a company of your own in the local store. */
import { openStore } from '../../../store/open-db.js';
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';

export interface CompanyCreateOptions {
  name: string;
  timeZone?: string;
  vat?: string;
  shops?: string;
  use?: boolean;
}

export async function run(options: CompanyCreateOptions & GlobalOptions): Promise<void> {
  const context = createContext(options);
  const file = await context.databaseFile();
  const { setUpCompany } = await import('../../../services/company-setup.js');
  const store = await openStore(file);
  let created;
  try {
    created = setUpCompany(store, {
      name: options.name,
      timeZone: options.timeZone,
      vatPercent: options.vat === undefined ? undefined : Number(options.vat),
      shops: options.shops?.split(','),
    });
  } finally {
    await store.close();
  }
  context.terminal.stdout.write(`${created.companyId}\n`);
  context.say(`company ${created.companyId} created in ${file}: shops ${created.shopIds.join(', ')}, cashbooks ${created.cashbookIds.join(', ')}`);
  if (options.use) {
    const [{ openConfigStore }, { profileToWrite }] = await Promise.all([import('../../config/config-store.js'), import('../../config/settings.js')]);
    const config = await openConfigStore({ env: context.env });
    const profile = profileToWrite(options.profile, context.env, config);
    config.set(profile, 'companyId', created.companyId);
    config.set(profile, 'retailShopId', created.shopIds[0]!);
    config.set(profile, 'cashbookId', created.cashbookIds[0]!);
    config.set(profile, 'userId', created.adminUserId);
    context.say(`profile "${profile}" now uses company ${created.companyId}`);
  }
  context.say('next: shopprop local import products FILE.csv, shopprop local import specs FILE.csv, shopprop local import landlords FILE.csv ...');
}
