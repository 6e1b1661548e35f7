import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigUsageError } from './errors.js';
import { configDir, type PathEnv } from './paths.js';
import { brokenConfigMessage, StoredProfiles, type StoredConfig } from './stored-profiles.js';

export const CONFIG_FILE_NAME = 'config.json';

export function configFilePath(options: { dir?: string; env?: PathEnv } = {}): string {
  return join(options.dir ?? configDir(options.env), CONFIG_FILE_NAME);
}

/**
 * Read-only profiles straight from the config file. Every command reads settings, and conf
 * (with its schema validator) costs about a quarter of a second to import; reading the JSON
 * file directly keeps start-up fast. Writes go through `ConfigStore`. A missing file is an
 * empty config.
 */
export function readConfigFile(options: { dir?: string; env?: PathEnv } = {}): StoredProfiles {
  const path = configFilePath(options);
  let stored: StoredConfig;
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not a JSON object');
    stored = parsed as StoredConfig;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') stored = {};
    else throw new ConfigUsageError(brokenConfigMessage(path, error));
  }
  return new StoredProfiles(() => stored);
}
