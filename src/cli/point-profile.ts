/**
 * Points a profile at a local store and a company in it (`demo`, `local company create --use`):
 * the store file and the ids together, so the next command without --db runs on the same store
 * as the ids it uses.
 */
import { resolve } from 'node:path';
import type { CommandContext } from './context.js';

export interface ProfileTarget {
  /** The store the ids belong to: a SQLite file, or a PostgreSQL URL. */
  storeFile: string;
  companyId: number;
  retailShopId?: number;
  cashbookId?: number;
  userId?: number;
}

/** Writes the target into the profile named by --profile, SHOPPROP_PROFILE or the active one; resolves to its name. */
export async function pointProfile(context: CommandContext, target: ProfileTarget): Promise<string> {
  const [{ openConfigStore }, { profileToWrite }] = await Promise.all([import('./config/config-store.js'), import('./config/settings.js')]);
  const config = await openConfigStore({ env: context.env });
  const profile = profileToWrite(context.globals.profile, context.env, config);
  const { isPostgresUrl } = await import('../store/store-location.js');
  if (isPostgresUrl(target.storeFile)) {
    config.set(profile, 'database', target.storeFile);
  } else {
    // A file chosen for this profile: a database URL it held would take precedence over it.
    config.set(profile, 'db', resolve(target.storeFile));
    config.unset(profile, 'database');
  }
  for (const key of ['companyId', 'retailShopId', 'cashbookId', 'userId'] as const) {
    const value = target[key];
    // An id of the store the profile used before would name something else in this one.
    if (value === undefined) config.unset(profile, key);
    else config.set(profile, key, value);
  }
  return profile;
}
