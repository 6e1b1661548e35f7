/** `shopprop payadvice`: a landlord pay advice of one property for a month. */
import type { LandlordPaymentType } from '../../../contract/pay-advice.js';
import type { GlobalOptions } from '../../global-options.js';
import { colourWanted, tableWidthFor } from '../../emit-list.js';
import { withOutput } from '../../output-target.js';
import { companyOrPrompt, requireValue } from '../../required-value.js';
import { runCommand } from '../../run-command.js';

export interface PayAdviceOptions {
  company?: number;
  property?: number;
  type?: LandlordPaymentType;
  service?: number;
  month?: number;
  year?: number;
}

export async function run(options: PayAdviceOptions & GlobalOptions): Promise<void> {
  await runCommand(options, async (context) => {
    const companyId = await companyOrPrompt(context, options.company);
    const propertyId = await requireValue(context, {
      value: options.property,
      flag: '--property',
      what: 'a property id',
      ask: async (p) => (await import('../../property-pick.js')).pickPropertyId(context, p, companyId, 'property'),
    });
    // With SERVICE_CHARGE_ONLY and no --service, the pay advice covers every service charge.
    const srvcId = options.service;
    const advice = await (await context.client()).payAdvice({
      companyId,
      propertyId,
      lldPaymentType: options.type,
      srvcId,
      month: options.month,
      year: options.year,
    });
    const [{ resolveFormat }, { renderPayAdvice }, { parseFieldsOption }, { payAdviceHeading }, settings] = await Promise.all([
      import('../../output/format.js'),
      import('../../output/document.js'),
      import('../../output/fields.js'),
      import('../../output/report-heading.js'),
      context.settings(),
    ]);
    const scope = { companyId, propertyId, type: options.type, month: options.month, year: options.year };
    await withOutput(context, (target) =>
      renderPayAdvice(advice as never, target.stream, {
        format: resolveFormat({ format: options.format, output: options.output, stdoutIsTTY: target.isTTY }),
        fields: parseFieldsOption(options.fields),
        raw: options.raw,
        bom: options.bom,
        color: colourWanted(context, target.isTTY),
        timeZone: settings.timeZone,
        terminal: target.isTTY,
        width: tableWidthFor(context, target.isTTY),
        heading: [payAdviceHeading(scope, settings.timeZone, context.now())],
        onDropped: (section, _keys, headings) =>
          context.say(`left out of the ${section} to fit ${tableWidthFor(context, target.isTTY)} columns: ${headings.join(', ')} (--wide shows them)`),
      }),
    );
  });
}
