/**
 * Users who log in with a password (`POST /api/auth/login`): a login name unique in the store,
 * the scrypt hash of the password, an e-mail address the apps show; and an expiry on tokens,
 * since a token handed out at login lives only for a while (tokens made by hand never expire).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table users add column username text').execute(db);
  await sql.raw('alter table users add column password_hash text').execute(db);
  await sql.raw('alter table users add column email text').execute(db);
  await sql.raw('create unique index users_username on users (username) where username is not null').execute(db);
  await sql.raw('alter table api_tokens add column expires_at integer').execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table api_tokens drop column expires_at').execute(db);
  await sql.raw('drop index users_username').execute(db);
  await sql.raw('alter table users drop column email').execute(db);
  await sql.raw('alter table users drop column password_hash').execute(db);
  await sql.raw('alter table users drop column username').execute(db);
}
