import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDir, dataDir, defaultDatabaseFile, defaultOutboxFile } from '../../../src/cli/config/paths.js';

const linux = { platform: 'linux' as const, home: '/home/ann' };

describe('config and data directories', () => {
  it('use SHOPPROP_CONFIG_DIR and SHOPPROP_DATA_DIR when set, resolved to absolute paths', () => {
    expect(configDir({ SHOPPROP_CONFIG_DIR: '/etc/shopprop', XDG_CONFIG_HOME: '/x' }, linux)).toBe('/etc/shopprop');
    expect(dataDir({ SHOPPROP_DATA_DIR: 'rel/data' }, linux)).toBe(resolve('rel/data'));
  });

  it('follow XDG on Linux, with the usual fallbacks', () => {
    expect(configDir({}, linux)).toBe('/home/ann/.config/shopprop');
    expect(configDir({ XDG_CONFIG_HOME: '/cfg' }, linux)).toBe('/cfg/shopprop');
    expect(dataDir({}, linux)).toBe('/home/ann/.local/share/shopprop');
    expect(dataDir({ XDG_DATA_HOME: '/data' }, linux)).toBe('/data/shopprop');
  });

  it('ignore empty variables and relative XDG paths, as the XDG spec requires', () => {
    expect(configDir({ SHOPPROP_CONFIG_DIR: '', XDG_CONFIG_HOME: 'relative' }, linux)).toBe('/home/ann/.config/shopprop');
    expect(dataDir({ SHOPPROP_DATA_DIR: ' ', XDG_DATA_HOME: '' }, linux)).toBe('/home/ann/.local/share/shopprop');
  });

  it('use the usual places on macOS and Windows', () => {
    const mac = { platform: 'darwin' as const, home: '/Users/ann' };
    expect(configDir({}, mac)).toBe('/Users/ann/Library/Preferences/shopprop');
    expect(dataDir({}, mac)).toBe('/Users/ann/Library/Application Support/shopprop');
    const win = { platform: 'win32' as const, home: '/c/Users/ann' };
    expect(configDir({ APPDATA: '/c/roaming' }, win)).toBe(join('/c/roaming', 'shopprop', 'Config'));
    expect(dataDir({ LOCALAPPDATA: '/c/local' }, win)).toBe(join('/c/local', 'shopprop', 'Data'));
    expect(dataDir({}, win)).toBe(join('/c/Users/ann', 'AppData', 'Local', 'shopprop', 'Data'));
  });

  it('put the local store and the outbox in the data directory', () => {
    expect(defaultDatabaseFile({ SHOPPROP_DATA_DIR: '/d' })).toBe('/d/shopprop.db');
    expect(defaultOutboxFile({ SHOPPROP_DATA_DIR: '/d' })).toBe('/d/outbox.db');
    expect(defaultDatabaseFile({}, linux)).toBe('/home/ann/.local/share/shopprop/shopprop.db');
  });
});
