/**
 * `POST /api/auth/login`, as the browser and mobile apps of this interface call it: a login name
 * and password in, a bearer token and who it belongs to out. Not in the interface document
 * (its section 5 leaves authentication open); these are the shapes those apps send and read.
 */
import { Type, type Static } from '@sinclair/typebox';

export const LOGIN_PATH = '/api/auth/login';

/** cashier, accountant or admin on the bundled server; text, as other servers may name others. */
const RoleText = Type.String({ minLength: 1, maxLength: 64 });

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const LoginResponse = Type.Object({
  /** Send it as `Authorization: Bearer <token>` on every other request. */
  token: Type.String(),
  name: Type.String(),
  userId: Type.Integer(),
  /** Null: the local server's users are the company's staff, not landlords. */
  landlordId: Type.Union([Type.Integer(), Type.Null()]),
  companyId: Type.Integer(),
  email: Type.Union([Type.String(), Type.Null()]),
  /** When the token stops working (epoch ms); log in again after it. */
  expiresAt: Type.Integer(),
  /** What the user may do; optional, since other servers of this interface may leave it out. */
  role: Type.Optional(RoleText),
});
export type LoginResponse = Static<typeof LoginResponse>;

/** `POST /api/auth/logout`: the bearer token the request carries stops working at once. */
export const LOGOUT_PATH = '/api/auth/logout';

export const LogoutResponse = Type.Object({
  /** The same token sent again is refused with 401. */
  revoked: Type.Boolean(),
});
export type LogoutResponse = Static<typeof LogoutResponse>;

/** `GET /api/auth/session`: who the bearer token acts as, so a client can show who is signed in. */
export const SESSION_PATH = '/api/auth/session';

export const SessionResponse = Type.Object({
  name: Type.String(),
  /** Null for the local admin of an embedded store. */
  userId: Type.Union([Type.Integer(), Type.Null()]),
  companyId: Type.Union([Type.Integer(), Type.Null()]),
  role: RoleText,
});
export type SessionResponse = Static<typeof SessionResponse>;
