/** The two demo companies and their admin users. */
import type { Store } from '../open-db.js';
import type { DemoCompany } from './demo-context.js';

/** Demo data goes into an empty store only. */
export function hasCompanies(store: Store): boolean {
  return store.sqlite.prepare('select 1 from companies limit 1').get() !== undefined;
}

export function seedCompanies(store: Store): DemoCompany[] {
  const companies = [
    {
      id: 1,
      name: 'Savanna Phones & Properties Ltd',
      timeZone: 'Africa/Nairobi',
      share: 1,
      address: 'Moi Avenue 12, Nairobi',
      phone: '+254 700 100 100',
      email: 'office@savanna.example',
      currency: 'KES',
      taxNumber: 'P051234567X',
    },
    {
      id: 2,
      name: 'Lakeside Traders',
      timeZone: 'Africa/Kampala',
      share: 0.1,
      address: 'Kampala Road 5, Kampala',
      phone: '+256 700 200 200',
      email: 'info@lakeside.example',
      currency: 'KES',
      taxNumber: 'P052345678Q',
    },
  ];
  const insertCompany = store.sqlite.prepare(
    'insert into companies (id, name, time_zone, vat_rate_bp, receipt_seq, address, phone, email, currency, tax_number) values (?, ?, ?, 1600, 0, ?, ?, ?, ?, ?)',
  );
  const insertUser = store.sqlite.prepare('insert into users (company_id, name, role) values (?, ?, ?)');
  return companies.map((c) => {
    insertCompany.run(c.id, c.name, c.timeZone, c.address, c.phone, c.email, c.currency, c.taxNumber);
    const adminUserId = Number(insertUser.run(c.id, `${c.name.split(' ')[0]} Admin`, 'admin').lastInsertRowid);
    return { id: c.id, name: c.name, timeZone: c.timeZone, adminUserId, share: c.share };
  });
}
