import { DEFAULT_PROFILE, PROFILE_KEYS, type Profile } from './keys.js';
import { parseSignIn, SIGN_IN_ENTRY, type SignIn } from './sign-in.js';

/** The config file's shape. */
export interface StoredConfig {
  activeProfile?: string;
  profiles?: Record<string, Record<string, unknown>>;
}

/** What settings resolution reads from the config; tests hand in their own. */
export interface ProfileSource {
  /** The profile used when neither `--profile` nor SHOPPROP_PROFILE names one. */
  activeProfile(): string;
  hasProfile(profile: string): boolean;
  /** Names of the stored profiles, sorted; `default` is always among them. */
  profiles(): string[];
  /** The stored values of a profile as they are in the file; resolution validates them. */
  rawProfile(profile: string): Readonly<Record<string, unknown>>;
}

/**
 * Read access to stored profiles, over whatever reads the file. Lookups use own properties
 * only, so a profile named like an Object method (`constructor`) is just a name.
 */
export class StoredProfiles implements ProfileSource {
  readonly #read: () => StoredConfig;

  constructor(read: () => StoredConfig) {
    this.#read = read;
  }

  activeProfile(): string {
    const active = this.#read().activeProfile;
    return typeof active === 'string' && active !== '' ? active : DEFAULT_PROFILE;
  }

  profiles(): string[] {
    return [...new Set([DEFAULT_PROFILE, ...Object.keys(this.storedProfiles())])].sort();
  }

  hasProfile(profile: string): boolean {
    return profile === DEFAULT_PROFILE || Object.hasOwn(this.storedProfiles(), profile);
  }

  rawProfile(profile: string): Readonly<Record<string, unknown>> {
    const profiles = this.storedProfiles();
    const entry = Object.hasOwn(profiles, profile) ? profiles[profile] : undefined;
    return typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? { ...entry } : {};
  }

  /** The profile's settings in key order, as stored. */
  list(profile: string): Profile {
    const raw = this.rawProfile(profile);
    const listed: Record<string, unknown> = {};
    for (const key of PROFILE_KEYS) if (raw[key] !== undefined) listed[key] = raw[key];
    return listed as Profile;
  }

  /** Who `shopprop login` signed in on the profile, if anyone (its own entry, never inherited). */
  signIn(profile: string): SignIn | undefined {
    return parseSignIn(this.rawProfile(profile)[SIGN_IN_ENTRY]);
  }

  protected readStored(): StoredConfig {
    return this.#read();
  }

  protected storedProfiles(): Record<string, Record<string, unknown>> {
    const profiles = this.#read().profiles;
    return typeof profiles === 'object' && profiles !== null && !Array.isArray(profiles) ? profiles : {};
  }
}

/** The error for a config file that cannot be read or parsed. */
export function brokenConfigMessage(path: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `cannot read the config file ${path}: ${reason}; fix or delete it`;
}
