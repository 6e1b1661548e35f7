import { describe, expect, it } from 'vitest';
import { parseProfileValue } from '../../src/cli/config/keys.js';
import { parseCorsOrigin, parseCorsOrigins } from '../../src/server/cors-origin.js';

describe('the CORS allow-list', () => {
  it('keeps scheme, host and port of each origin, each once', () => {
    expect(parseCorsOrigin('HTTPS://Portal.Example.com')).toBe('https://portal.example.com');
    expect(parseCorsOrigin('http://localhost:4200/')).toBe('http://localhost:4200');
    expect(parseCorsOrigins('https://a.example, https://b.example:8443 https://a.example')).toEqual(['https://a.example', 'https://b.example:8443']);
  });

  it('refuses anything that is not exactly one origin: a path, a wildcard, credentials, another scheme', () => {
    for (const bad of ['https://a.example/portal', '*', 'https://user:pw@a.example', 'ftp://a.example', 'a.example']) {
      expect(() => parseCorsOrigin(bad), bad).toThrow(/expected scheme, host and port only/);
    }
  });

  it('is a config key whose value is stored normalised', () => {
    expect(parseProfileValue('corsOrigins', 'https://A.example/ ,http://localhost:4200')).toBe('https://a.example,http://localhost:4200');
    expect(() => parseProfileValue('corsOrigins', 'https://a.example/x')).toThrow(/corsOrigins: CORS origin/);
    expect(() => parseProfileValue('corsOrigins', ' ')).toThrow(/at least one origin/);
  });
});
