/**
 * A company's currency and tax registration number: set when it is created, changed later,
 * listed, and refused with a clear word when malformed. In-process, each test in its own home.
 */
import { describe, expect, it } from 'vitest';
import { freshHomeEachTest } from '../../helpers/cli-home.js';

const home = freshHomeEachTest();

describe('local company settings', () => {
  it('creates a company with a currency and a PIN, and says so', async () => {
    const h = home();
    const created = await h.cli(['local', 'company', 'create', '--name', 'Acme Homes', '--currency', 'KES', '--tax-number', ' P051234567X ']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toBe('1\n');
    expect(created.stderr).toContain('company 1: currency KES, PIN P051234567X, time zone Africa/Nairobi, VAT 16%');
    const listed = await h.cli(['local', 'company', 'list', '--format', 'json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      {
        id: 1,
        name: 'Acme Homes',
        currency: 'KES',
        taxNumber: 'P051234567X',
        timeZone: 'Africa/Nairobi',
        vatRate: 16,
        address: null,
        phone: null,
        email: null,
      },
    ]);
  });

  it('gives a new company KES and no PIN when none is given', async () => {
    const h = home();
    const created = await h.cli(['local', 'company', 'create', '--name', 'Plain Ltd']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain('company 1: currency KES, no PIN (--tax-number sets one), time zone Africa/Nairobi, VAT 16%');
  });

  it("changes the currency and the PIN of the profile's company or of --company, and removes the PIN", async () => {
    const h = home();
    expect((await h.cli(['local', 'company', 'create', '--name', 'First Ltd', '--use'])).code).toBe(0);
    expect((await h.cli(['local', 'company', 'create', '--name', 'Second Ltd', '--time-zone', 'Africa/Kampala'])).code).toBe(0);

    const own = await h.cli(['local', 'company', 'set', '--tax-number', 'P051234567X']);
    expect(own.code, own.stderr).toBe(0);
    expect(own.stderr).toBe('company 1 (First Ltd): currency KES, PIN P051234567X, time zone Africa/Nairobi, VAT 16%\n');

    const other = await h.cli(['local', 'company', 'set', '--company', '2', '--currency', 'UGX', '--tax-number', '1000-123-456']);
    expect(other.code, other.stderr).toBe(0);
    expect(other.stderr).toBe('company 2 (Second Ltd): currency UGX, PIN 1000-123-456, time zone Africa/Kampala, VAT 16%\n');

    const removed = await h.cli(['local', 'company', 'set', '--company', '2', '--no-tax-number']);
    expect(removed.code, removed.stderr).toBe(0);
    const listed = await h.cli(['local', 'company', 'list', '--format', 'csv']);
    // CSV lines end in CRLF (RFC 4180).
    expect(listed.stdout).toBe(
      'id,name,currency,taxNumber,timeZone,vatRate,address,phone,email\r\n1,First Ltd,KES,P051234567X,Africa/Nairobi,16,,,\r\n2,Second Ltd,UGX,,Africa/Kampala,16,,,\r\n',
    );
  });

  it('refuses a malformed currency or tax number, and nothing to set, with exit 2 and the reason, changing nothing', async () => {
    const h = home();
    expect((await h.cli(['local', 'company', 'create', '--name', 'Kept Ltd', '--use'])).code).toBe(0);
    const cases: [string[], string][] = [
      [['--currency', 'kes'], 'currency "kes" is not three upper-case letters: give an ISO 4217 code such as KES, UGX, TZS or USD (did you mean KES?)'],
      [['--currency', 'KSH'], 'currency "KSH" is not a known ISO 4217 code: give an ISO 4217 code such as KES, UGX, TZS or USD'],
      [['--currency', 'EURO'], 'currency "EURO" is not three upper-case letters'],
      [['--tax-number', 'P05<script>'], 'tax number "P05<script>" may hold only letters, digits, spaces, "-", "/" and "." (e.g. P051234567X)'],
      [['--tax-number', 'P051234567X\u001b[2J'], 'tax number "P051234567X?[2J" may hold only letters'],
      [['--tax-number', 'A'.repeat(31)], `tax number "${'A'.repeat(30)}..." is longer than 30 characters`],
      [['--tax-number', '  '], 'the tax number is empty: give one such as P051234567X, or remove it with --no-tax-number'],
      [[], 'nothing to set: give --currency CODE, --tax-number NUMBER or --no-tax-number'],
    ];
    for (const [flags, message] of cases) {
      const refused = await h.cli(['local', 'company', 'set', ...flags]);
      expect(refused.code, flags.join(' ')).toBe(2);
      expect(refused.stderr, flags.join(' ')).toContain(message);
    }
    const created = await h.cli(['local', 'company', 'create', '--name', 'Never Ltd', '--currency', 'usd']);
    expect(created.code).toBe(2);
    expect(created.stderr).toContain('(did you mean USD?)');
    const listed = await h.cli(['local', 'company', 'list', '--format', 'json']);
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ name: 'Kept Ltd', currency: 'KES', taxNumber: null })]);
  });
});
