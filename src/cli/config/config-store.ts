import { mkdirSync } from 'node:fs';
import type Conf from 'conf';
import { CONFIG_FILE_NAME } from './config-file.js';
import { ConfigUsageError } from './errors.js';
import { checkProfileKey, checkProfileName, parseProfileValue, type Profile, type ProfileKey } from './keys.js';
import { configDir, type PathEnv } from './paths.js';
import { SIGN_IN_ENTRY, type SignIn } from './sign-in.js';
import { brokenConfigMessage, StoredProfiles, type StoredConfig } from './stored-profiles.js';

export type { ProfileSource, StoredConfig } from './stored-profiles.js';

export interface OpenConfigOptions {
  /** The config directory; `configDir(env)` by default. */
  dir?: string;
  env?: PathEnv;
}

/**
 * Opens the config file for reading and writing. conf is imported here, lazily, because it
 * costs about a quarter of a second to load. The directory is created 0700 and the file is
 * written 0600 (conf's `configFileMode`, applied to every atomic write): it holds tokens.
 */
export async function openConfigStore(options: OpenConfigOptions = {}): Promise<ConfigStore> {
  const dir = options.dir ?? configDir(options.env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { default: ConfClass } = await import('conf');
  try {
    const conf = new ConfClass<StoredConfig>({
      cwd: dir,
      configName: CONFIG_FILE_NAME.replace(/\.json$/, ''),
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
      clearInvalidConfig: false,
    });
    return new ConfigStore(conf);
  } catch (error) {
    throw new ConfigUsageError(brokenConfigMessage(`${dir}/${CONFIG_FILE_NAME}`, error));
  }
}

/**
 * Profiles of settings, over conf. Every change is validated before it is written: an unknown
 * key or a malformed value is refused with what is expected, so a typo never sits in the file
 * until some later command trips over it.
 */
export class ConfigStore extends StoredProfiles {
  readonly #conf: Conf<StoredConfig>;

  constructor(conf: Conf<StoredConfig>) {
    super(() => {
      try {
        return conf.store;
      } catch (error) {
        throw new ConfigUsageError(brokenConfigMessage(conf.path, error));
      }
    });
    this.#conf = conf;
  }

  /** The config file's path. */
  get path(): string {
    return this.#conf.path;
  }

  /** One stored value; an unknown key is refused with the list of valid ones. */
  get<K extends ProfileKey>(profile: string, key: K): Profile[K] | undefined;
  get(profile: string, key: string): Profile[ProfileKey] | undefined;
  get(profile: string, key: string): Profile[ProfileKey] | undefined {
    const checked = checkProfileKey(key);
    return this.rawProfile(profile)[checked] as Profile[ProfileKey] | undefined;
  }

  /**
   * Validates and stores a value (text from the command line, or a number), creating the
   * profile if needed; returns the value as stored (normalised: ids as numbers, URL without a
   * trailing slash, time zone in its canonical spelling).
   */
  set(profile: string, key: string, value: unknown): string | number {
    checkProfileName(profile);
    const checked = checkProfileKey(key);
    const parsed = parseProfileValue(checked, value);
    this.#update((profiles) => {
      profiles[profile] = { ...(Object.hasOwn(profiles, profile) ? profiles[profile] : {}), [checked]: parsed };
    });
    return parsed;
  }

  /** Removes a setting; false when it was not set. */
  unset(profile: string, key: string): boolean {
    const checked = checkProfileKey(key);
    if (this.rawProfile(profile)[checked] === undefined) return false;
    this.#update((profiles) => {
      const next = { ...profiles[profile] };
      delete next[checked];
      profiles[profile] = next;
    });
    return true;
  }

  /**
   * Keeps a log-in (or forgets it, with undefined) together with its token, in one write: the
   * file never holds a token with another's sign-in. Forgetting removes the token too.
   */
  setSignIn(profile: string, signIn: SignIn | undefined, token?: string): void {
    checkProfileName(profile);
    const parsedToken = token === undefined ? undefined : parseProfileValue('token', token);
    this.#update((profiles) => {
      const next: Record<string, unknown> = { ...(Object.hasOwn(profiles, profile) ? profiles[profile] : {}) };
      delete next[SIGN_IN_ENTRY];
      delete next.token;
      if (signIn !== undefined) Object.assign(next, { token: parsedToken, [SIGN_IN_ENTRY]: signIn });
      profiles[profile] = next;
    });
  }

  /** Makes a profile the active one. It must exist, so a typo cannot silently switch to an empty profile. */
  use(profile: string): void {
    checkProfileName(profile);
    if (!this.hasProfile(profile)) {
      throw new ConfigUsageError(
        `no profile "${profile}"; known profiles: ${this.profiles().join(', ')}. ` + `Create it with: shopprop --profile ${profile} config set baseUrl URL`,
      );
    }
    this.#conf.store = { ...this.readStored(), activeProfile: profile };
  }

  #update(change: (profiles: Record<string, Record<string, unknown>>) => void): void {
    const current = this.readStored();
    const profiles = { ...this.storedProfiles() };
    change(profiles);
    this.#conf.store = { ...current, profiles };
  }
}
