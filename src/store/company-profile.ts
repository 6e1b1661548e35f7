/** A company as the store interface gives it: its settings, and for documents its currency and tax number. */

export interface CompanySettings {
  id: number;
  name: string;
  timeZone: string;
  vatRateBp: number;
  address: string | null;
  phone: string | null;
  email: string | null;
}

export interface CompanyProfile extends CompanySettings {
  /** ISO 4217 code of every amount. */
  currency: string;
  /** Tax registration number (e.g. a KRA PIN); null: none set. */
  taxNumber: string | null;
}
