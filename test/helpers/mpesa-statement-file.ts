/**
 * Paybill statements as the M-Pesa portal exports them, generated: the header block, then the
 * table (its columns in the order given), CRLF line ends, amounts quoted with thousands
 * separators. Payments go to the tenants of paybillReference(): typed by tenant account or by
 * unit reference, in any case and spacing; some match nothing; some are reversed in the same
 * statement; business charges and withdrawals in between. What each line should come to is
 * counted as the lines are written.
 */
import { paybillTenants } from './mpesa-reference.js';

export interface GeneratedStatement {
  text: string;
  lines: number;
  paidIn: { count: number; cents: number };
  booked: { count: number; cents: number };
  setAside: { count: number; cents: number };
  reversed: { count: number; cents: number };
  notPayments: number;
}

export const PORTAL_COLUMNS = [
  'Receipt No.',
  'Completion Time',
  'Initiation Time',
  'Details',
  'Transaction Status',
  'Paid In',
  'Withdrawn',
  'Balance',
  'Balance Confirmed',
  'Reason Type',
  'Other Party Info',
  'Linked Transaction ID',
  'A/C No.',
];

/** 40000.5 -> "40,000.50", quoted when it has a comma, as the portal writes it. */
export function portalAmount(cents: number): string {
  const text = `${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
  return text.includes(',') ? `"${text}"` : text;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-10-DD HH:mm:ss` for the n-th line: spread over October, East Africa Time. */
function octoberTime(n: number): string {
  const seconds = (n * 97) % (30 * 86_400);
  return `2026-10-${pad(1 + Math.floor(seconds / 86_400))} ${pad(Math.floor(seconds / 3600) % 24)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** The M-Pesa code of the n-th line (ten capitals and digits, unique per n). */
export const codeOf = (n: number) => `SJ${n.toString(36).toUpperCase().padStart(8, '0')}`;

/** A statement of lines first..last (inclusive), so that two overlapping ranges share their lines exactly. */
export function generateStatement(first: number, last: number, columns: readonly string[] = PORTAL_COLUMNS): GeneratedStatement {
  const tenants = paybillTenants();
  const out: GeneratedStatement = {
    text: '',
    lines: 0,
    paidIn: { count: 0, cents: 0 },
    booked: { count: 0, cents: 0 },
    setAside: { count: 0, cents: 0 },
    reversed: { count: 0, cents: 0 },
    notPayments: 0,
  };
  const rows: string[] = [
    'Organization Name,SAVANNA PROPERTY MANAGERS LTD',
    'Organization short code,600123',
    'Time Period,From 01-10-2026 00:00:00 To 31-10-2026 23:59:59',
    'Operator,ACCOUNTS01',
    '',
    columns.join(','),
  ];
  const row = (cells: Record<string, string>) => rows.push(columns.map((c) => cells[c] ?? '').join(','));
  for (let n = first; n <= last; n++) {
    const time = octoberTime(n);
    const base = {
      'Receipt No.': codeOf(n),
      'Completion Time': time,
      'Initiation Time': time,
      'Transaction Status': 'Completed',
      'Balance Confirmed': 'true',
      Balance: portalAmount(100_000_00 + n),
    };
    out.lines++;
    if (n % 10 === 3) {
      row({ ...base, Details: 'Business Charges', Withdrawn: portalAmount(5200), 'Reason Type': 'Pay Bill Charge' });
      out.notPayments++;
      continue;
    }
    if (n % 50 === 7) {
      row({ ...base, Details: 'Business Payment to Bank', Withdrawn: portalAmount(1_000_000 + n), 'Reason Type': 'Business Payment' });
      out.notPayments++;
      continue;
    }
    if (n % 100 === 9) {
      // Reverses the payment of the line before it (n - 1, a payment: n - 1 ends in 8).
      row({
        ...base,
        Details: `Reversal of ${codeOf(n - 1)}`,
        Withdrawn: portalAmount(amountOf(n - 1)),
        'Reason Type': 'Reversal',
        'Linked Transaction ID': codeOf(n - 1),
      });
      out.notPayments++;
      continue;
    }
    const amount = amountOf(n);
    const tenant = tenants[n % tenants.length]!;
    const unmatched = n % 97 === 0;
    const account = unmatched
      ? `${9000 + (n % 500)}`
      : n % 3 === 0
        ? tenant.unitTyped
        : n % 3 === 1
          ? tenant.account.toLowerCase().replace('-', ' ')
          : tenant.account;
    row({
      ...base,
      Details: `Pay Bill from 2547****${String(n % 1000).padStart(3, '0')} - PAYER ${n} Acc. ${account}`,
      'Paid In': portalAmount(amount),
      'Reason Type': 'Pay Bill Online',
      'Other Party Info': `2547****${String(n % 1000).padStart(3, '0')} - PAYER ${n}`,
      'A/C No.': account,
    });
    out.paidIn.count++;
    out.paidIn.cents += amount;
    const reversedNext = n % 100 === 8 && n + 1 <= last;
    if (reversedNext) {
      out.reversed.count++;
      out.reversed.cents += amount;
      out.notPayments++;
    } else if (unmatched) {
      out.setAside.count++;
      out.setAside.cents += amount;
    } else {
      out.booked.count++;
      out.booked.cents += amount;
    }
  }
  out.text = `${rows.join('\r\n')}\r\n`;
  return out;
}

/** 1,000.00 to 60,999.50, whole or half shillings. */
function amountOf(n: number): number {
  return 100_000 + ((n * 7919) % 120_000) * 50;
}
