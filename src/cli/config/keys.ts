import { resolve } from 'node:path';
import { parseCorsOrigins } from '../../server/cors-origin.js';
import { isPostgresUrl, postgresPoolSettings, redactedUrl } from '../../store/store-location.js';
import { ConfigUsageError } from './errors.js';
import { isSmtpKey, parseSmtpValue, SMTP_KEYS, type SmtpProfile } from './smtp-keys.js';

/** The settings a profile holds. */
export const PROFILE_KEYS = [
  'baseUrl',
  'token',
  'companyId',
  'retailShopId',
  'userId',
  'cashbookId',
  'pagingStyle',
  'timeZone',
  'db',
  'database',
  'publicUrl',
  'corsOrigins',
  ...SMTP_KEYS,
] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];

/** How the remote service reads `start`/`limit`: a record offset (default) or a page number. */
export const PAGING_STYLES = ['offset', 'page'] as const;
export type PagingStyle = (typeof PAGING_STYLES)[number];

export interface Profile extends SmtpProfile {
  baseUrl?: string;
  token?: string;
  companyId?: number;
  retailShopId?: number;
  userId?: number;
  cashbookId?: number;
  pagingStyle?: PagingStyle;
  timeZone?: string;
  /** The local store file (an absolute path) that embedded mode and `local` commands use. */
  db?: string;
  /**
   * A PostgreSQL store's URL (postgres://user@host/db, with pool_max and statement_timeout as
   * parameters if wanted): when set, embedded mode, `local` commands and `serve` use it, not db.
   */
  database?: string;
  /** The origin `serve` builds statement links on, e.g. https://shop.example.com. */
  publicUrl?: string;
  /** Origins of browser apps `shopprop serve` lets call it, comma-separated (CORS). */
  corsOrigins?: string;
}

export const DEFAULT_PROFILE = 'default';
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const ID_KEYS = new Set<ProfileKey>(['companyId', 'retailShopId', 'userId', 'cashbookId']);

export function isProfileKey(key: string): key is ProfileKey {
  return (PROFILE_KEYS as readonly string[]).includes(key);
}

/** The key itself, or a usage error naming the valid keys. */
export function checkProfileKey(key: string): ProfileKey {
  if (isProfileKey(key)) return key;
  throw new ConfigUsageError(`unknown config key "${key}"; valid keys: ${PROFILE_KEYS.join(', ')}`);
}

/** Profile names become JSON keys and file-safe words: letters, digits, `-`, `_`. */
export function checkProfileName(name: string): string {
  if (PROFILE_NAME.test(name)) return name;
  throw new ConfigUsageError(`invalid profile name "${name}"; use up to 64 letters, digits, "-" or "_", starting with a letter or digit`);
}

/**
 * A setting's value, checked and normalised, whether it came from `config set`, a flag, an
 * environment variable or a hand-edited config file. `where` names the source in the error
 * ("companyId", "SHOPPROP_COMPANY", "--company") so the user knows what to fix.
 */
export function parseProfileValue<K extends ProfileKey>(key: K, value: unknown, where: string = key): NonNullable<Profile[K]> {
  return parseAny(key, value, where) as NonNullable<Profile[K]>;
}

function parseAny(key: ProfileKey, value: unknown, where: string): string | number {
  if (ID_KEYS.has(key)) return parseId(value, where);
  if (isSmtpKey(key)) return parseSmtpValue(key, value, where);
  switch (key) {
    case 'baseUrl':
      return parseBaseUrl(value, where);
    case 'token':
      return parseToken(value, where);
    case 'pagingStyle':
      return parsePagingStyle(value, where);
    case 'timeZone':
      return parseTimeZone(value, where);
    case 'db':
      return parseStoreFile(value, where);
    case 'database':
      return parseDatabaseUrl(value, where);
    case 'publicUrl':
      return parsePublicUrl(value, where);
    case 'corsOrigins':
      return parseCorsOriginList(value, where);
    default:
      throw new Error(`no parser for ${key}`);
  }
}

function shown(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value));
}

function parseId(value: unknown, where: string): number {
  const id = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
  throw new ConfigUsageError(`${where}: expected a positive whole number, got ${shown(value)}`);
}

function parseBaseUrl(value: unknown, where: string): string {
  const expected = `${where}: expected an http:// or https:// URL such as https://shop.example.com`;
  if (typeof value !== 'string' || value.trim() === '') throw new ConfigUsageError(`${expected}, got ${shown(value)}`);
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigUsageError(`${expected}, got ${shown(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigUsageError(`${expected}, got ${shown(value)}`);
  }
  // A password in a URL ends up in logs and shell history; the token has its own key.
  if (url.username !== '' || url.password !== '') {
    throw new ConfigUsageError(`${where}: the URL must not carry a user name or password; set the token key instead`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ConfigUsageError(`${where}: the URL must not carry a query or fragment, got ${shown(value)}`);
  }
  // Endpoint paths are appended to it, so no trailing slash.
  return url.href.replace(/\/+$/, '');
}

/** An origin only: links are built by appending an absolute path to it. */
function parsePublicUrl(value: unknown, where: string): string {
  const url = parseBaseUrl(value, where);
  const { origin } = new URL(url);
  if (origin !== url)
    throw new ConfigUsageError(`${where}: expected an origin only (scheme, host and port) such as https://shop.example.com, got ${shown(value)}`);
  return origin;
}

function parseToken(value: unknown, where: string): string {
  const token = typeof value === 'string' ? value.trim() : '';
  // Whitespace or control characters would break (or inject into) the Authorization header.
  // eslint-disable-next-line no-control-regex
  if (token === '' || /[\s\u0000-\u001f\u007f]/.test(token)) {
    throw new ConfigUsageError(`${where}: expected a token without spaces or control characters`);
  }
  return token;
}

function parsePagingStyle(value: unknown, where: string): PagingStyle {
  const style = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if ((PAGING_STYLES as readonly unknown[]).includes(style)) return style as PagingStyle;
  throw new ConfigUsageError(`${where}: expected one of ${PAGING_STYLES.join(', ')}, got ${shown(value)}`);
}

/** A postgres:// URL whose pool settings (pool_max, statement_timeout) are valid; messages never show its password. */
function parseDatabaseUrl(value: unknown, where: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  const expected = `${where}: expected a PostgreSQL URL such as postgres://shop@db.example.com/shop (a SQLite file goes in --db)`;
  if (!isPostgresUrl(text)) throw new ConfigUsageError(`${expected}, got ${typeof value === 'string' ? `"${redactedUrl(value)}"` : shown(value)}`);
  try {
    postgresPoolSettings(text);
  } catch (error) {
    throw new ConfigUsageError(`${where}: ${(error as Error).message}`);
  }
  return text;
}

/** A store file, kept absolute: a relative name would mean another file in another directory. */
function parseStoreFile(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new ConfigUsageError(`${where}: expected a file name such as shop.db, got ${shown(value)}`);
  return resolve(value.trim());
}

function parseTimeZone(value: unknown, where: string): string {
  const expected = `${where}: expected an IANA time zone such as Africa/Nairobi`;
  if (typeof value !== 'string' || value.trim() === '') throw new ConfigUsageError(`${expected}, got ${shown(value)}`);
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value.trim() }).resolvedOptions().timeZone;
  } catch {
    throw new ConfigUsageError(`${expected}, got ${shown(value)}`);
  }
}

function parseCorsOriginList(value: unknown, where: string): string {
  try {
    const origins = typeof value === 'string' ? parseCorsOrigins(value) : [];
    if (origins.length === 0) throw new Error('expected at least one origin, such as https://portal.example.com');
    return origins.join(',');
  } catch (error) {
    throw new ConfigUsageError(`${where}: ${(error as Error).message}`);
  }
}
