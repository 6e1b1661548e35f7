/** `shopprop local company list`: the companies of the local store with their settings. */
import { createContext } from '../../context.js';
import { emitList } from '../../emit-list.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { columnSet } from '../../output/columns/types.js';
import { TAX_NUMBER_LABEL } from '../../../domain/company-identity.js';

interface CompanyRow {
  id: number;
  name: string;
  currency: string;
  taxNumber: string | null;
  timeZone: string;
  vatRate: number;
  address: string | null;
  phone: string | null;
  email: string | null;
}

const companyColumns = columnSet<CompanyRow>(
  'company',
  [
    { key: 'id', header: 'Id', kind: 'integer' },
    { key: 'name', header: 'Name', kind: 'text' },
    { key: 'currency', header: 'Currency', kind: 'text' },
    { key: 'taxNumber', header: TAX_NUMBER_LABEL, kind: 'text' },
    { key: 'timeZone', header: 'Time zone', kind: 'text' },
    { key: 'vatRate', header: 'VAT %', kind: 'number' },
    { key: 'address', header: 'Address', kind: 'text' },
    { key: 'phone', header: 'Phone', kind: 'text' },
    { key: 'email', header: 'E-mail', kind: 'text' },
  ],
  ['id', 'name', 'currency', 'taxNumber', 'timeZone', 'vatRate'],
);

export async function run(options: GlobalOptions): Promise<void> {
  const context = createContext(options);
  const companies = await withLocalStore(context, (store) => store.companyProfiles());
  await emitList(context, {
    records: companies.map(
      ({ vatRateBp, ...company }): CompanyRow => ({
        id: company.id,
        name: company.name,
        currency: company.currency,
        taxNumber: company.taxNumber,
        timeZone: company.timeZone,
        vatRate: vatRateBp / 100,
        address: company.address,
        phone: company.phone,
        email: company.email,
      }),
    ),
    columns: companyColumns,
  });
}
