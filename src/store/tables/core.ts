/** Row types of the tables every part of the store shares: companies, users, API tokens. */
import type { Generated } from 'kysely';
import type { Role } from '../../contract/enums.js';

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  /** IANA zone; "month M of year Y" means this zone's calendar month. */
  time_zone: string;
  /** VAT on management fees and other services, in basis points (1600 = 16%). */
  vat_rate_bp: number;
  /** Last receipt number handed out; advanced inside each sale's own transaction. */
  receipt_seq: number;
  address: string | null;
  phone: string | null;
  email: string | null;
  /** ISO 4217 code of every amount (KES by default), shown on statements and receipts. */
  currency: Generated<string>;
  /** Tax registration number (e.g. a KRA PIN), printed on statements and receipts; null: none set. */
  tax_number: string | null;
}

export interface UsersTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  role: Role;
  /** Login name for `POST /api/auth/login`, unique in the store; null for users without a login. */
  username: string | null;
  /** scrypt hash of the password (rules/password-hash.ts); null: cannot log in. */
  password_hash: string | null;
  email: string | null;
}

export interface ApiTokensTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  role: Role;
  name: string;
  /** SHA-256 of the token in hex; the token itself is shown once and never stored. */
  token_hash: string;
  created_at: number;
  revoked_at: number | null;
  /** When a token handed out at login stops working; null for tokens made by hand (never). */
  expires_at: number | null;
}

/** Key/value settings of the store itself, such as the key that signs document URLs. */
export interface StoreSettingsTable {
  key: string;
  value: string;
}

export interface CoreTables {
  companies: CompaniesTable;
  users: UsersTable;
  api_tokens: ApiTokensTable;
  store_settings: StoreSettingsTable;
}
