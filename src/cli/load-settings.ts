/**
 * The settings of this run: flags, then environment, then the profile in the config file
 * (read directly, without conf; `shopprop config set` writes through conf).
 */
import { configFilePath, readConfigFile } from './config/config-file.js';
import { resolveSettings, type Settings } from './config/settings.js';
import type { GlobalOptions } from './global-options.js';

export function configFile(env: NodeJS.ProcessEnv): string {
  return configFilePath({ env });
}

export function loadEffectiveSettings(globals: GlobalOptions, env: NodeJS.ProcessEnv): Settings {
  return resolveSettings({
    flags: { profile: globals.profile, baseUrl: globals.baseUrl, token: globals.token, db: globals.db, database: globals.database },
    env,
    store: readConfigFile({ env }),
  });
}
