/**
 * The settings of this run: flags, then environment, then the profile in the config file.
 * Reading needs no conf (a quarter second to import): the file is plain JSON, read directly;
 * `shopprop config set` writes it through conf.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProfileSource, StoredConfig } from './config/config-store.js';
import { ConfigUsageError } from './config/errors.js';
import { DEFAULT_PROFILE } from './config/keys.js';
import { configDir } from './config/paths.js';
import { resolveSettings, type Settings } from './config/settings.js';
import type { GlobalOptions } from './global-options.js';

export function configFile(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), 'config.json');
}

export function readProfiles(env: NodeJS.ProcessEnv): ProfileSource {
  const file = configFile(env);
  let stored: StoredConfig = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as StoredConfig;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigUsageError(`cannot read the config file ${file}: ${(error as Error).message}`);
    }
  }
  const profiles = stored.profiles ?? {};
  return {
    activeProfile: () => stored.activeProfile ?? DEFAULT_PROFILE,
    hasProfile: (name) => name === DEFAULT_PROFILE || name in profiles,
    profiles: () => [...new Set([DEFAULT_PROFILE, ...Object.keys(profiles)])],
    rawProfile: (name) => profiles[name] ?? {},
  };
}

export function loadEffectiveSettings(globals: GlobalOptions, env: NodeJS.ProcessEnv): Settings {
  return resolveSettings({
    flags: { profile: globals.profile, baseUrl: globals.baseUrl, token: globals.token },
    env,
    store: readProfiles(env),
  });
}
