/**
 * `POST /api/auth/login`, as the browser and mobile apps of this interface call it: a login name
 * and password in, a bearer token and who it belongs to out. Not in the interface document
 * (its section 5 leaves authentication open); these are the shapes those apps send and read.
 */
import { Type, type Static } from '@sinclair/typebox';

export const LOGIN_PATH = '/api/auth/login';

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
});
export type LoginResponse = Static<typeof LoginResponse>;
