/**
 * `shopprop local list <kind>`: the ids flags and prompts ask for (zones, field officers,
 * properties, landlords, shops, cashbooks, users, tokens), read from the local store: of the
 * company of --company or the profile, or of every company with --all-companies or when none is
 * set.
 */
import { candidatesNote } from '../../../domain/closest-names.js';
import { emitList } from '../../emit-list.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { localListColumns, withCompanyInTables } from '../../output/columns/local-lists.js';
import { runCommand } from '../../run-command.js';
import { CliUsageError } from '../../usage-error.js';
import { pageOfWholeList } from '../../whole-list-page.js';
import { LOCAL_LIST_KINDS } from './register.js';
import { type LocalListKind } from '../../../store/directory-store.js';

export interface LocalListOptions {
  company?: number;
  allCompanies?: boolean;
  start?: number;
  limit?: number;
  all?: boolean;
}

export async function run(options: LocalListOptions & GlobalOptions, args: string[]): Promise<void> {
  const kind = listKind(args[0] ?? '');
  if (options.allCompanies && options.company !== undefined) {
    throw new CliUsageError('--all-companies and --company contradict each other: give one');
  }
  await runCommand(options, async (context) => {
    const settings = await context.settings();
    const companyId = options.allCompanies ? null : (options.company ?? settings.companyId ?? null);
    const rows = await withLocalStore(context, (store) => store.localList(kind, companyId));
    const page = pageOfWholeList(rows, options);
    const columns = companyId === null ? withCompanyInTables(localListColumns[kind]) : localListColumns[kind];
    await emitList(context, { records: page.records, columns, count: () => page.count });
  });
}

/** The kind named, or a usage error listing the kinds, the closest first. */
function listKind(typed: string): LocalListKind {
  const wanted = typed.trim().toLowerCase();
  const kind = LOCAL_LIST_KINDS.find((k) => k === wanted);
  if (kind) return kind;
  throw new CliUsageError(`unknown list ${JSON.stringify(typed)}${candidatesNote(typed, LOCAL_LIST_KINDS, 'the lists are', LOCAL_LIST_KINDS.length)}`);
}
