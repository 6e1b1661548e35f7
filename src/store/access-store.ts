/**
 * The access area of the store interface (shop-store.ts): API tokens, local users, log-ins and
 * the secrets the server signs with. Every method is one unit of work of the backend.
 */
import type { Role } from '../contract/enums.js';

export interface CreatedToken {
  id: number;
  token: string;
  userId: number;
  companyId: number;
  role: Role;
  name: string;
}

export interface TokenSummary {
  id: number;
  name: string;
  role: Role;
  companyId: number;
  userId: number;
  createdAt: number;
  revokedAt: number | null;
}

/** The columns of `api_tokens` as a TokenSummary, in SQL that both backends read. */
export const TOKEN_SUMMARY_COLUMNS = 'id, name, role, company_id as "companyId", user_id as "userId", created_at as "createdAt", revoked_at as "revokedAt"';

export interface NewLocalUser {
  companyId: number;
  role: Role;
  name: string;
  username: string;
  email?: string;
  password: string;
}

export interface LoginResult {
  token: string;
  name: string;
  userId: number;
  /** Local users are the company's staff, not landlords: always null here. */
  landlordId: number | null;
  companyId: number;
  email: string | null;
  /** When the token stops working (epoch ms). */
  expiresAt: number;
  role: Role;
}

/** Who a live API token acts as. */
export interface TokenUser {
  userId: number;
  companyId: number;
  role: Role;
  /** The user's name. */
  name: string;
}

/** A new token's owner: a user of the company with this name and role (made when missing). */
export interface NewToken {
  companyId: number;
  role: Role;
  name: string;
  now?: number;
}

/** Log-in attempts allowed per login name and per client address within a window. */
export interface LoginLimits {
  windowMs: number;
  perUsername: number;
  perAddress: number;
}

/** An attempt may check its password (its reserved rows), or must wait this many seconds. */
export type LoginAdmission = { allowed: true; reserved: { username: string; addressAttemptId: number } } | { allowed: false; waitSeconds: number };

export interface AccessStore {
  /**
   * The user of a bearer token, or undefined for an unknown, revoked or expired one. A token
   * revoked anywhere (another process, another instance) is refused within a bounded time.
   */
  tokenUser(token: string, now: number): Promise<TokenUser | undefined>;
  createToken(input: NewToken): Promise<CreatedToken>;
  listTokens(companyId?: number): Promise<TokenSummary[]>;
  /** Revokes a token: 404 for no such token, 409 for one revoked already. */
  revokeToken(id: number, now?: number): Promise<void>;
  /**
   * Revokes the token of this text (a caller signing itself out); false when no live token has
   * it. Refused at once by every instance, like any revoked token.
   */
  revokeTokenText(token: string, now?: number): Promise<boolean>;
  /** A user who logs in with a password; the new user's id. */
  createLocalUser(input: NewLocalUser): Promise<number>;
  /** Sets a user's password and revokes the tokens their log-ins got. */
  setLocalPassword(username: string, password: string, now?: number): Promise<void>;
  /** A log-in token for the name and password, or undefined when they do not match. */
  logIn(username: string, password: string, now?: number): Promise<LoginResult | undefined>;
  /** A secret kept in the store (made on first use), e.g. the key document links are signed with. */
  secret(name: string): Promise<Buffer>;
  /**
   * Counts a log-in attempt before its password is checked, for its name and its client address
   * (units/login-attempts.ts): admitted, or how many seconds to wait. Every instance counts alike.
   */
  admitLogin(username: string, address: string, limits: LoginLimits, now?: number): Promise<LoginAdmission>;
  /** Forgets the name's attempts and gives back the address's reserved one: the password was right. */
  loginSucceeded(reserved: { username: string; addressAttemptId: number }): Promise<void>;
}
