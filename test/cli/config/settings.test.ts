import { describe, expect, it } from 'vitest';
import { ConfigUsageError } from '../../../src/cli/config/errors.js';
import { resolveSettings } from '../../../src/cli/config/settings.js';
import { StoredProfiles, type StoredConfig } from '../../../src/cli/config/stored-profiles.js';

const config: StoredConfig = {
  activeProfile: 'shop',
  profiles: {
    default: { baseUrl: 'https://default.example.com', companyId: 1 },
    shop: {
      baseUrl: 'https://shop.example.com',
      token: 'config-token-123456',
      companyId: 3,
      retailShopId: 4,
      userId: 5,
      cashbookId: 6,
      pagingStyle: 'page',
      timeZone: 'Africa/Kampala',
    },
    office: { companyId: 9 },
  },
};
const store = new StoredProfiles(() => config);

describe('resolveSettings', () => {
  it('takes the active profile from the config when nothing overrides it', () => {
    const settings = resolveSettings({ env: {}, store });
    expect(settings).toMatchObject({
      profile: 'shop',
      baseUrl: 'https://shop.example.com',
      token: 'config-token-123456',
      companyId: 3,
      retailShopId: 4,
      userId: 5,
      cashbookId: 6,
      pagingStyle: 'page',
      timeZone: 'Africa/Kampala',
      embedded: false,
    });
    expect(settings.sources).toMatchObject({ profile: 'config', baseUrl: 'config', companyId: 'config', timeZone: 'config' });
  });

  it('lets the environment override the config, and flags override both', () => {
    const env = {
      SHOPPROP_BASE_URL: 'https://env.example.com',
      SHOPPROP_TOKEN: 'env-token-abcdef',
      SHOPPROP_COMPANY: '20',
    };
    const fromEnv = resolveSettings({ env, store });
    expect(fromEnv).toMatchObject({ baseUrl: 'https://env.example.com', token: 'env-token-abcdef', companyId: 20, retailShopId: 4 });
    expect(fromEnv.sources).toMatchObject({ baseUrl: 'env', token: 'env', companyId: 'env', retailShopId: 'config' });

    const fromFlags = resolveSettings({
      flags: { baseUrl: 'http://localhost:9000/', token: 'flag-token-zzzzzz', companyId: '30' },
      env,
      store,
    });
    expect(fromFlags).toMatchObject({ baseUrl: 'http://localhost:9000', token: 'flag-token-zzzzzz', companyId: 30 });
    expect(fromFlags.sources).toMatchObject({ baseUrl: 'flag', token: 'flag', companyId: 'flag', userId: 'config' });
  });

  it('chooses the profile by --profile, then SHOPPROP_PROFILE, then the active one', () => {
    expect(resolveSettings({ env: { SHOPPROP_PROFILE: 'office' }, store })).toMatchObject({ profile: 'office', companyId: 9 });
    const flagged = resolveSettings({ flags: { profile: 'default' }, env: { SHOPPROP_PROFILE: 'office' }, store });
    expect(flagged).toMatchObject({ profile: 'default', companyId: 1, baseUrl: 'https://default.example.com' });
    expect(flagged.sources.profile).toBe('flag');
  });

  it('fills defaults and says so', () => {
    const settings = resolveSettings({ env: { SHOPPROP_PROFILE: 'office' }, store });
    expect(settings).toMatchObject({ pagingStyle: 'offset', timeZone: 'Africa/Nairobi' });
    expect(settings.sources).toMatchObject({ pagingStyle: 'default', timeZone: 'default', companyId: 'config' });
  });

  it('takes what a profile leaves unset from the default profile, and says so', () => {
    const office = resolveSettings({ env: { SHOPPROP_PROFILE: 'office' }, store });
    expect(office).toMatchObject({ profile: 'office', companyId: 9, baseUrl: 'https://default.example.com', embedded: false });
    expect(office.sources).toMatchObject({ companyId: 'config', baseUrl: 'inherited', token: 'default' });
    // The default profile's own settings are its own, never "inherited".
    const own = resolveSettings({ flags: { profile: 'default' }, env: {}, store });
    expect(own.sources).toMatchObject({ baseUrl: 'config', companyId: 'config' });
  });

  it('runs embedded with an empty config', () => {
    const empty = new StoredProfiles(() => ({}));
    const settings = resolveSettings({ env: {}, store: empty });
    expect(settings.profile).toBe('default');
    expect(settings.embedded).toBe(true);
    expect(settings.sources.profile).toBe('default');
  });

  it('ignores empty environment variables', () => {
    const settings = resolveSettings({ env: { SHOPPROP_BASE_URL: '', SHOPPROP_COMPANY: ' ', SHOPPROP_PROFILE: '' }, store });
    expect(settings).toMatchObject({ profile: 'shop', baseUrl: 'https://shop.example.com', companyId: 3 });
  });

  it('refuses a profile named explicitly that does not exist, listing the known ones', () => {
    expect(() => resolveSettings({ flags: { profile: 'ofice' }, env: {}, store })).toThrow(ConfigUsageError);
    expect(() => resolveSettings({ env: { SHOPPROP_PROFILE: 'ofice' }, store })).toThrow(
      /SHOPPROP_PROFILE: no profile "ofice"; known profiles: default, office, shop/,
    );
  });

  it('names the source of a bad value', () => {
    expect(() => resolveSettings({ env: { SHOPPROP_COMPANY: 'acme' }, store })).toThrow(/SHOPPROP_COMPANY: expected a positive whole number/);
    expect(() => resolveSettings({ flags: { companyId: '0' }, env: {}, store })).toThrow(/--company-id: expected a positive whole number/);
    expect(() => resolveSettings({ env: { SHOPPROP_BASE_URL: 'localhost:8080' }, store })).toThrow(/SHOPPROP_BASE_URL: expected an http/);
    const edited = new StoredProfiles(() => ({ profiles: { default: { pagingStyle: 'sideways' } } }));
    expect(() => resolveSettings({ env: {}, store: edited })).toThrow(/config key pagingStyle of profile "default": expected one of offset, page/);
  });
});
