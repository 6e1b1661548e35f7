import { describe, expect, it } from 'vitest';
import { escapeHtml, formatAmount, rentDetailsHtml } from '../../src/domain/rent-details-html.js';

describe('rentDetailsHtml', () => {
  it('escapes every value', () => {
    const html = rentDetailsHtml([
      {
        unitId: 1,
        unitNo: '<A1>',
        tenantName: `Frank <O'Brien> & "Sons"`,
        marketRent: 0,
        monthlyCharge: 1_000_000,
        invoiced: 1_116_000,
        invoicedTax: 16_000,
        balanceBf: -5_040_000,
        amountPaid: 0,
        amountPaidTax: 0,
        balanceCf: 12,
      },
    ]);
    expect(html).toContain('<td>&lt;A1&gt;</td><td>Frank &lt;O&#39;Brien&gt; &amp; &quot;Sons&quot;</td>');
    expect(html).not.toMatch(/<A1>|<O'Brien>/);
    expect(html).toContain('<td>-50,400.00</td>');
    expect(html).toContain('<td>0.12</td>');
  });

  it('formats amounts with two decimals and thousands separators', () => {
    expect(formatAmount(4_691_195)).toBe('46,911.95');
    expect(formatAmount(-56_405)).toBe('-564.05');
    expect(formatAmount(0)).toBe('0.00');
    expect(escapeHtml(`<script>alert('x')</script>`)).toBe('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
  });
});
