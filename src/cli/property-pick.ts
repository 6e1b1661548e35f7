/**
 * Asks for a zone, field officer, property or landlord: from the bundled server (embedded or
 * `shopprop serve`) a list searched by typing part of a name or code; from a server without the
 * local lists (404), the id typed in, as before.
 */
import type { PropertyReference } from '../contract/property-reference.js';
import type { CommandContext } from './context.js';
import type { Prompter } from './io/prompter.js';
import { entryCount, propertyChoices, type PickKind } from './property-choices.js';

const LABEL: Record<PickKind, string> = { zone: 'Zone', fieldOfficer: 'Field officer', property: 'Property', landlord: 'Landlord' };

/** One read per command and company: paidbalance may ask twice (zone, then officer). */
const loaded = new WeakMap<CommandContext, Map<number, Promise<PropertyReference | undefined>>>();

export async function pickPropertyId(context: CommandContext, ask: Prompter, companyId: number, kind: PickKind): Promise<number> {
  const reference = await referenceOf(context, companyId);
  if (!reference || entryCount(reference, kind) === 0) return ask.positiveInteger(`${LABEL[kind]} id`);
  return ask.search(`${LABEL[kind]} (type part of its name or code)`, async (term) => propertyChoices(reference, kind, term));
}

function referenceOf(context: CommandContext, companyId: number): Promise<PropertyReference | undefined> {
  let byCompany = loaded.get(context);
  if (!byCompany) loaded.set(context, (byCompany = new Map()));
  let reference = byCompany.get(companyId);
  if (!reference) {
    reference = (async () => {
      const [api, settings, { fetchPropertyReference }] = await Promise.all([context.client(), context.settings(), import('../client/property-reference.js')]);
      return fetchPropertyReference({ transport: api.transport, token: settings.token }, companyId);
    })();
    byCompany.set(companyId, reference);
  }
  return reference;
}
