import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readConfigFile } from '../../../src/cli/config/config-file.js';
import { openConfigStore, type ConfigStore } from '../../../src/cli/config/config-store.js';
import { ConfigUsageError } from '../../../src/cli/config/errors.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const POSIX = process.platform !== 'win32';
let temp: { dir: string; remove: () => void };
let dir: string;
let store: ConfigStore;

beforeEach(async () => {
  temp = makeTempDir();
  dir = join(temp.dir, 'config');
  store = await openConfigStore({ env: { SHOPPROP_CONFIG_DIR: dir } });
});
afterEach(() => temp.remove());

const mode = (path: string) => statSync(path).mode & 0o777;

describe('config store', () => {
  it('lives in SHOPPROP_CONFIG_DIR', () => {
    expect(store.path).toBe(join(dir, 'config.json'));
  });

  it.runIf(POSIX)('creates its directory 0700 and writes its file 0600, since it holds tokens', () => {
    expect(mode(dir)).toBe(0o700);
    store.set('default', 'token', 'secret-token-value');
    expect(mode(store.path)).toBe(0o600);
  });

  it.runIf(POSIX)('tightens a file that was readable by others on the next write', () => {
    store.set('default', 'companyId', '1');
    chmodSync(store.path, 0o644);
    store.set('default', 'companyId', '2');
    expect(mode(store.path)).toBe(0o600);
  });

  it('writes nothing until something is set', () => {
    expect(existsSync(store.path)).toBe(false);
    expect(store.list('default')).toEqual({});
  });

  it('stores settings per profile, normalised, in the documented shape', () => {
    expect(store.set('default', 'companyId', '12')).toBe(12);
    expect(store.set('default', 'baseUrl', 'https://erp.example.com/api/')).toBe('https://erp.example.com/api');
    expect(store.set('shop2', 'retailShopId', 2)).toBe(2);
    expect(store.set('shop2', 'pagingStyle', 'PAGE')).toBe('page');
    expect(store.set('shop2', 'timeZone', 'africa/nairobi')).toBe('Africa/Nairobi');
    expect(store.get('default', 'companyId')).toBe(12);
    expect(store.get('shop2', 'companyId')).toBeUndefined();
    expect(store.list('shop2')).toEqual({ retailShopId: 2, pagingStyle: 'page', timeZone: 'Africa/Nairobi' });
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({
      profiles: {
        default: { companyId: 12, baseUrl: 'https://erp.example.com/api' },
        shop2: { retailShopId: 2, pagingStyle: 'page', timeZone: 'Africa/Nairobi' },
      },
    });
  });

  it('lists settings in key order', () => {
    store.set('default', 'pagingStyle', 'offset');
    store.set('default', 'token', 'abcdefghijklmnop');
    store.set('default', 'baseUrl', 'http://localhost:8080');
    expect(Object.keys(store.list('default'))).toEqual(['baseUrl', 'token', 'pagingStyle']);
  });

  it.each([
    ['companyId', '0', /companyId: expected a positive whole number, got "0"/],
    ['companyId', '-3', /positive whole number/],
    ['userId', '1.5', /positive whole number/],
    ['cashbookId', 'abc', /positive whole number/],
    ['retailShopId', '99999999999999999999', /positive whole number/],
    ['baseUrl', 'erp.example.com', /baseUrl: expected an http:\/\/ or https:\/\/ URL/],
    ['baseUrl', 'ftp://erp.example.com', /http:\/\/ or https:\/\//],
    ['baseUrl', 'https://ann:pw@erp.example.com', /user name or password/],
    ['baseUrl', 'https://erp.example.com/?x=1', /query or fragment/],
    ['pagingStyle', 'cursor', /pagingStyle: expected one of offset, page, got "cursor"/],
    ['timeZone', 'Mars/Base', /timeZone: expected an IANA time zone/],
    ['token', 'two words', /token without spaces/],
    ['token', '', /token without spaces/],
  ])('refuses %s = %j, saying what is expected', (key, value, message) => {
    expect(() => store.set('default', key, value)).toThrow(ConfigUsageError);
    expect(() => store.set('default', key, value)).toThrow(message);
    expect(existsSync(store.path)).toBe(false);
  });

  it('refuses an unknown key, naming the valid ones', () => {
    const valid = /valid keys: baseUrl, token, companyId, retailShopId, userId, cashbookId, pagingStyle, timeZone/;
    expect(() => store.set('default', 'company', '1')).toThrow(valid);
    expect(() => store.get('default', 'company')).toThrow(valid);
    expect(() => store.unset('default', 'company')).toThrow(valid);
  });

  it('refuses profile names that are not plain words', () => {
    expect(() => store.set('__proto__', 'companyId', '1')).toThrow(/invalid profile name/);
    expect(() => store.set('a.b', 'companyId', '1')).toThrow(/invalid profile name/);
    expect(() => store.set('', 'companyId', '1')).toThrow(/invalid profile name/);
  });

  it('treats a profile named like an Object method as just a name', () => {
    expect(store.hasProfile('constructor')).toBe(false);
    expect(store.list('constructor')).toEqual({});
    store.set('constructor', 'companyId', '5');
    expect(store.get('constructor', 'companyId')).toBe(5);
  });

  it('unsets a setting and says whether there was one', () => {
    store.set('default', 'token', 'abcdefghijklmnop');
    expect(store.unset('default', 'token')).toBe(true);
    expect(store.unset('default', 'token')).toBe(false);
    expect(store.get('default', 'token')).toBeUndefined();
  });

  it('switches the active profile only to one that exists', () => {
    expect(store.activeProfile()).toBe('default');
    expect(() => store.use('shop2')).toThrow(/no profile "shop2"; known profiles: default/);
    store.set('shop2', 'retailShopId', '2');
    store.use('shop2');
    expect(store.activeProfile()).toBe('shop2');
    expect(store.profiles()).toEqual(['default', 'shop2']);
    store.use('default');
    expect(store.activeProfile()).toBe('default');
  });

  it('sees changes another process wrote', async () => {
    const other = await openConfigStore({ dir });
    other.set('default', 'companyId', '7');
    expect(store.get('default', 'companyId')).toBe(7);
  });

  it('reports a broken config file with its path and what to do', async () => {
    writeFileSync(join(dir, 'config.json'), '{ not json');
    await expect(openConfigStore({ dir })).rejects.toThrow(ConfigUsageError);
    await expect(openConfigStore({ dir })).rejects.toThrow(/config\.json.*fix or delete it/);
    expect(() => readConfigFile({ dir })).toThrow(/config\.json.*fix or delete it/);
  });
});

describe('readConfigFile', () => {
  it('reads what the store wrote, without conf', () => {
    store.set('work', 'baseUrl', 'https://erp.example.com');
    store.use('work');
    const read = readConfigFile({ env: { SHOPPROP_CONFIG_DIR: dir } });
    expect(read.activeProfile()).toBe('work');
    expect(read.rawProfile('work')).toEqual({ baseUrl: 'https://erp.example.com' });
    expect(read.profiles()).toEqual(['default', 'work']);
  });

  it('treats a missing file as an empty config', () => {
    const read = readConfigFile({ dir: join(temp.dir, 'nowhere') });
    expect(read.activeProfile()).toBe('default');
    expect(read.rawProfile('default')).toEqual({});
  });

  it('refuses a file that is JSON but not an object', () => {
    writeFileSync(join(dir, 'config.json'), '[1,2]');
    expect(() => readConfigFile({ dir })).toThrow(/not a JSON object/);
  });
});
