/** `shopprop config`: profiles and their settings, in-process, each test in its own home. */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshHomeEachTest } from '../../helpers/cli-home.js';

const home = freshHomeEachTest();

describe('shopprop config', () => {
  it('sets, gets, lists (token shortened) and unsets, in a 0600 file', async () => {
    const { cli, dir } = home();
    expect((await cli(['config', 'set', 'companyId', '3'])).code).toBe(0);
    const token = await cli(['config', 'set', 'token', 'sp_abcdefghijklmnopqrstuvwxyz']);
    expect(token.code).toBe(0);
    expect(token.stderr).not.toContain('sp_abcdefghijklmnopqrstuvwxyz');
    expect((await cli(['config', 'get', 'companyId'])).stdout).toBe('3\n');
    const list = await cli(['config', 'list', '--format', 'json']);
    expect(list.stdout).not.toContain('sp_abcdefghijklmnopqrstuvwxyz');
    expect(JSON.parse(list.stdout)).toMatchObject({ profile: 'default', active: true, settings: { companyId: 3 } });
    const path = (await cli(['config', 'path'])).stdout.trim();
    expect(path).toBe(join(dir, 'config', 'config.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect((await cli(['config', 'unset', 'token'])).stderr).toBe('unset token in profile "default"\n');
    const gone = await cli(['config', 'get', 'token']);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe('shopprop: token is not set in profile "default"\n');
  });

  it('use makes another profile the active one: later commands read and write its settings', async () => {
    const { cli } = home();
    await cli(['config', 'set', 'companyId', '3']);
    await cli(['--profile', 'shop2', 'config', 'set', 'companyId', '7']);
    const used = await cli(['config', 'use', 'shop2']);
    expect(used.code, used.stderr).toBe(0);
    expect(used.stderr).toBe('active profile: shop2\n');
    expect((await cli(['config', 'get', 'companyId'])).stdout).toBe('7\n');
    const list = JSON.parse((await cli(['config', 'list', '--format', 'json'])).stdout);
    expect(list).toMatchObject({ profile: 'shop2', active: true, settings: { companyId: 7 } });
    expect([...list.profiles].sort()).toEqual(['default', 'shop2']);
    // The active profile is the one a command's --company defaults come from.
    await cli(['config', 'set', 'retailShopId', '2']);
    expect((await cli(['--profile', 'default', 'config', 'get', 'retailShopId'])).code).toBe(1);
    expect((await cli(['config', 'use', 'default'])).code).toBe(0);
    expect((await cli(['config', 'get', 'companyId'])).stdout).toBe('3\n');
  });

  it('lists as a table on a terminal', async () => {
    const { cli } = home();
    await cli(['config', 'set', 'companyId', '3']);
    const table = await cli(['config', 'list'], { stdoutIsTTY: true });
    expect(table.stdout).toBe('profile: default (active)   profiles: default\ncompanyId = 3\n');
  });

  it('refuses unknown keys and bad values with exit 2', async () => {
    const { cli } = home();
    const unknown = await cli(['config', 'set', 'colour', 'red']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/baseUrl/);
    const bad = await cli(['config', 'set', 'companyId', '-4']);
    expect(bad.code).toBe(2);
    expect((await cli(['config', 'get', 'companyId'])).code).toBe(1);
  });

  it('lets flags beat environment variables, and both beat the config file', async () => {
    const { cli } = home();
    await cli(['config', 'set', 'baseUrl', 'http://127.0.0.1:7']);
    // The config points at port 7, the environment at port 8, the flag at port 9: the trace shows which won.
    const run = (args: string[], extra: Record<string, string> = {}) => cli(['--verbose', ...args, 'sale', 'list', '--company', '1'], { extra });
    expect((await run([])).stderr).toContain('127.0.0.1:7');
    expect((await run([], { SHOPPROP_BASE_URL: 'http://127.0.0.1:8' })).stderr).toContain('127.0.0.1:8');
    expect((await run(['--base-url', 'http://127.0.0.1:9'], { SHOPPROP_BASE_URL: 'http://127.0.0.1:8' })).stderr).toContain('127.0.0.1:9');
  });
});
