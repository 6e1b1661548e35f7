/** `shopprop local statement prepare`: freezes a pay advice as an INTERIM or FINAL statement. */
import type { LandlordPaymentType } from '../../../contract/enums.js';
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { companyOrPrompt } from '../../required-value.js';
import { printStatement } from '../../print-statement.js';

export interface PrepareOptions {
  company?: number;
  property: number;
  month: number;
  year: number;
  type?: LandlordPaymentType;
  service?: number;
  final?: boolean;
}

export async function run(options: PrepareOptions & GlobalOptions): Promise<void> {
  const context = createContext(options);
  const companyId = await companyOrPrompt(context, options.company);
  const statement = await withLocalStore(context, (store) =>
    store.prepareStatement({
      companyId,
      propertyId: options.property,
      month: options.month,
      year: options.year,
      final: options.final === true,
      preparedByUserId: null,
      lldPaymentType: options.type,
      srvcId: options.service,
      now: () => context.now(),
    }),
  );
  await printStatement(context, statement, `prepared ${statement.statementType} statement ${statement.id}`);
}
