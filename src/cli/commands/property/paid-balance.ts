/** `shopprop paidbalance`: tenant paid and balance rows for a month. */
import type { PaidBalanceQuery } from '../../../contract/paid-balance.js';
import type { CommandContext } from '../../context.js';
import { emitList } from '../../emit-list.js';
import type { GlobalOptions } from '../../global-options.js';
import { paidBalanceColumns } from '../../output/columns/paid-balance.js';
import { prompter, companyOrPrompt } from '../../required-value.js';
import { runCommand } from '../../run-command.js';
import { CliUsageError } from '../../usage-error.js';
import { pageOfWholeList } from '../../whole-list-page.js';

export interface PaidBalanceOptions {
  company?: number;
  zone?: number;
  officer?: number;
  property?: number;
  month?: number;
  year?: number;
  start?: number;
  limit?: number;
  all?: boolean;
}

type Filter = Pick<PaidBalanceQuery, 'zoneId' | 'fieldOfficerId' | 'propertyId'>;

export async function run(options: PaidBalanceOptions & GlobalOptions): Promise<void> {
  await runCommand(options, async (context) => {
    const companyId = await companyOrPrompt(context, options.company);
    const filter = await chooseFilter(context, options, companyId);
    const rows = await (await context.client()).paidBalance({ companyId, ...filter, month: options.month, year: options.year });
    const settings = await context.settings();
    const { paidBalanceHeading } = await import('../../output/report-heading.js');
    const heading = paidBalanceHeading({ companyId, ...filter, month: options.month, year: options.year }, settings.timeZone, context.now());
    // The report comes whole: --start/--limit show a part of it, saying how much is left out.
    const page = pageOfWholeList(rows, options);
    await emitList(context, { records: page.records, columns: paidBalanceColumns, totals: true, heading: [heading], count: () => page.count });
  });
}

async function chooseFilter(context: CommandContext, options: PaidBalanceOptions, companyId: number): Promise<Filter> {
  if (options.zone !== undefined || options.officer !== undefined || options.property !== undefined) {
    return { zoneId: options.zone, fieldOfficerId: options.officer, propertyId: options.property };
  }
  if (!context.interactive) {
    throw new CliUsageError('missing filter: give --zone, --officer or --property (or --zone with --officer)');
  }
  const ask = prompter();
  const kind = await ask.select('Report for', [
    { name: 'a zone', value: 'zoneId' as const },
    { name: 'a field officer', value: 'fieldOfficerId' as const },
    { name: 'a property', value: 'propertyId' as const },
  ]);
  const { pickPropertyId } = await import('../../property-pick.js');
  const pickKind = ({ zoneId: 'zone', fieldOfficerId: 'fieldOfficer', propertyId: 'property' } as const)[kind];
  return { [kind]: await pickPropertyId(context, ask, companyId, pickKind) };
}
