/** The profile's smtp.* settings: checked whatever their source, errors naming the key. */
import { describe, expect, it } from 'vitest';
import { parseProfileValue } from '../../../src/cli/config/keys.js';

describe('smtp settings', () => {
  it('keeps valid values, normalised', () => {
    expect(parseProfileValue('smtp.host', ' mail.example.com ')).toBe('mail.example.com');
    expect(parseProfileValue('smtp.port', '587')).toBe(587);
    expect(parseProfileValue('smtp.user', 'accounts')).toBe('accounts');
    expect(parseProfileValue('smtp.from', 'Savanna Accounts <accounts@savanna.example>')).toBe('Savanna Accounts <accounts@savanna.example>');
    expect(parseProfileValue('smtp.security', 'NONE')).toBe('none');
  });

  it('refuses a scheme or port in the host, a port out of range, a sender that is no address or carries a newline', () => {
    expect(() => parseProfileValue('smtp.host', 'smtp://mail.example.com')).toThrow(/smtp\.host: expected a host name/);
    expect(() => parseProfileValue('smtp.port', '0')).toThrow(/port 1\.\.65535/);
    expect(() => parseProfileValue('smtp.from', 'accounts')).toThrow(/e-mail address/);
    expect(() => parseProfileValue('smtp.from', 'a@b.example\r\nBcc: x@y.example')).toThrow(/e-mail address/);
    expect(() => parseProfileValue('smtp.security', 'ssl')).toThrow(/starttls, tls, none/);
  });
});
