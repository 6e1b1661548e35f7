import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

export const APP_NAME = 'shopprop';

export type PathEnv = Readonly<Record<string, string | undefined>>;

export interface PlatformInfo {
  platform?: NodeJS.Platform;
  home?: string;
}

/**
 * Where the config file lives: `SHOPPROP_CONFIG_DIR` when set, else the platform's place
 * for settings, as conf would pick for project 'shopprop' but without conf's `-nodejs`
 * suffix, so config and data sit in folders with the same name:
 * `$XDG_CONFIG_HOME/shopprop` or `~/.config/shopprop` (Linux), `~/Library/Preferences/shopprop`
 * (macOS), `%APPDATA%\shopprop\Config` (Windows).
 */
export function configDir(env: PathEnv = process.env, info: PlatformInfo = {}): string {
  const explicit = nonEmpty(env.SHOPPROP_CONFIG_DIR);
  if (explicit !== undefined) return resolve(explicit);
  const { platform = process.platform, home = homedir() } = info;
  if (platform === 'darwin') return join(home, 'Library', 'Preferences', APP_NAME);
  if (platform === 'win32') {
    return join(nonEmpty(env.APPDATA) ?? join(home, 'AppData', 'Roaming'), APP_NAME, 'Config');
  }
  return join(xdgBase(env.XDG_CONFIG_HOME) ?? join(home, '.config'), APP_NAME);
}

/**
 * Where the local store lives: `SHOPPROP_DATA_DIR` when set, else `$XDG_DATA_HOME/shopprop` or
 * `~/.local/share/shopprop` (Linux), `~/Library/Application Support/shopprop` (macOS),
 * `%LOCALAPPDATA%\shopprop\Data` (Windows).
 */
export function dataDir(env: PathEnv = process.env, info: PlatformInfo = {}): string {
  const explicit = nonEmpty(env.SHOPPROP_DATA_DIR);
  if (explicit !== undefined) return resolve(explicit);
  const { platform = process.platform, home = homedir() } = info;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_NAME);
  if (platform === 'win32') {
    return join(nonEmpty(env.LOCALAPPDATA) ?? join(home, 'AppData', 'Local'), APP_NAME, 'Data');
  }
  return join(xdgBase(env.XDG_DATA_HOME) ?? join(home, '.local', 'share'), APP_NAME);
}

/** The embedded mode's SQLite database. */
export function defaultDatabaseFile(env: PathEnv = process.env, info: PlatformInfo = {}): string {
  return join(dataDir(env, info), 'shopprop.db');
}

/** Sales saved while the service was unreachable, waiting for `sale sync`. */
export function defaultOutboxFile(env: PathEnv = process.env, info: PlatformInfo = {}): string {
  return join(dataDir(env, info), 'outbox.db');
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** The XDG spec says a relative path in these variables is invalid and must be ignored. */
function xdgBase(value: string | undefined): string | undefined {
  const set = nonEmpty(value);
  return set !== undefined && isAbsolute(set) ? set : undefined;
}
