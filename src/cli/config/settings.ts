import { ConfigUsageError } from './errors.js';
import { checkProfileName, DEFAULT_PROFILE, parseProfileValue, PROFILE_KEYS, type PagingStyle, type Profile, type ProfileKey } from './keys.js';
import type { PathEnv } from './paths.js';
import type { ProfileSource } from './stored-profiles.js';

/** `inherited`: not set in the profile, taken from the `default` profile. */
export type SettingSource = 'flag' | 'env' | 'config' | 'inherited' | 'default';

/** Environment variables that override the config file (and are overridden by flags). */
export const SETTINGS_ENV = {
  profile: 'SHOPPROP_PROFILE',
  baseUrl: 'SHOPPROP_BASE_URL',
  token: 'SHOPPROP_TOKEN',
  companyId: 'SHOPPROP_COMPANY',
  db: 'SHOPPROP_DB',
  database: 'SHOPPROP_DATABASE_URL',
} as const satisfies Partial<Record<ProfileKey | 'profile', string>>;

export const DEFAULT_PAGING_STYLE: PagingStyle = 'offset';
export const DEFAULT_TIME_ZONE = 'Africa/Nairobi';

/** Flag values as commander hands them over: text, or numbers after a parser. */
export type SettingsFlags = { profile?: string } & { [K in ProfileKey]?: string | number };

/**
 * The settings a command runs with.
 *
 * No `baseUrl` means embedded mode: the command runs the bundled server in-process on the
 * local SQLite store instead of calling a remote service (`embedded` is then true).
 */
export interface Settings extends Profile {
  profile: string;
  pagingStyle: PagingStyle;
  timeZone: string;
  embedded: boolean;
  /** Where each value came from; `default` also for a setting nobody gave. */
  sources: Record<ProfileKey | 'profile', SettingSource>;
}

export interface ResolveSettingsInput {
  flags?: SettingsFlags;
  env?: PathEnv;
  store: ProfileSource;
}

/**
 * Settings by precedence: flags > environment (SHOPPROP_PROFILE, SHOPPROP_BASE_URL,
 * SHOPPROP_TOKEN, SHOPPROP_COMPANY, SHOPPROP_DB, SHOPPROP_DATABASE_URL) > the config file's profile (`--profile`, else
 * SHOPPROP_PROFILE, else the active one) > what it leaves unset, from the `default` profile >
 * defaults. Every value is validated whatever its
 * source, and an error names that source: `--company-id`, `SHOPPROP_COMPANY`, or the
 * profile's key in the config file. Empty environment variables count as unset.
 */
export function resolveSettings({ flags = {}, env = process.env, store }: ResolveSettingsInput): Settings {
  const { profile, source: profileSource } = chooseProfile(flags, env, store);
  const stored = store.rawProfile(profile);
  // A profile inherits what it leaves unset from `default`: `--profile shop2 config set
  // retailShopId 2` makes a profile for another shop of the same company and service.
  const inherited = profile === DEFAULT_PROFILE ? {} : store.rawProfile(DEFAULT_PROFILE);
  const sources = { profile: profileSource } as Record<ProfileKey | 'profile', SettingSource>;
  const values: Record<string, unknown> = {};

  for (const key of PROFILE_KEYS) {
    const flagValue = flags[key];
    const envName = (SETTINGS_ENV as Partial<Record<ProfileKey, string>>)[key];
    const envValue = envName === undefined ? undefined : nonEmpty(env[envName]);
    if (flagValue !== undefined && flagValue !== '') {
      values[key] = parseProfileValue(key, flagValue, `--${kebab(key)}`);
      sources[key] = 'flag';
    } else if (envName !== undefined && envValue !== undefined) {
      values[key] = parseProfileValue(key, envValue, envName);
      sources[key] = 'env';
    } else if (stored[key] !== undefined && stored[key] !== null) {
      values[key] = parseProfileValue(key, stored[key], `config key ${key} of profile "${profile}"`);
      sources[key] = 'config';
    } else if (inherited[key] !== undefined && inherited[key] !== null) {
      values[key] = parseProfileValue(key, inherited[key], `config key ${key} of profile "${DEFAULT_PROFILE}" (inherited by "${profile}")`);
      sources[key] = 'inherited';
    } else {
      sources[key] = 'default';
    }
  }
  const settings = values as Profile;
  return {
    ...settings,
    profile,
    pagingStyle: settings.pagingStyle ?? DEFAULT_PAGING_STYLE,
    timeZone: settings.timeZone ?? DEFAULT_TIME_ZONE,
    embedded: settings.baseUrl === undefined,
    sources,
  };
}

/** The profile named by `--profile`, else by SHOPPROP_PROFILE; undefined when neither names one. */
function namedProfile(flag: string | undefined, env: PathEnv): { profile: string; source: 'flag' | 'env'; where: string } | undefined {
  if (nonEmpty(flag) !== undefined) return { profile: flag!.trim(), source: 'flag', where: '--profile' };
  const fromEnv = nonEmpty(env[SETTINGS_ENV.profile]);
  if (fromEnv !== undefined) return { profile: fromEnv.trim(), source: 'env', where: SETTINGS_ENV.profile };
  return undefined;
}

/**
 * The profile a config-writing command works on: the named one, else the active one. Unlike
 * resolveSettings, it may be a profile the file does not hold yet (`config set` creates it).
 */
export function profileToWrite(flag: string | undefined, env: PathEnv, store: Pick<ProfileSource, 'activeProfile'>): string {
  return namedProfile(flag, env)?.profile ?? store.activeProfile();
}

function chooseProfile(flags: SettingsFlags, env: PathEnv, store: ProfileSource): { profile: string; source: SettingSource } {
  const named = namedProfile(flags.profile, env);
  if (named === undefined) {
    const active = store.activeProfile();
    return { profile: active, source: active === DEFAULT_PROFILE ? 'default' : 'config' };
  }
  checkProfileName(named.profile);
  // A misspelt profile must not quietly run in embedded mode with no settings.
  if (!store.hasProfile(named.profile)) {
    throw new ConfigUsageError(`${named.where}: no profile "${named.profile}"; known profiles: ${store.profiles().join(', ')}`);
  }
  return { profile: named.profile, source: named.source };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
