import type { Kysely } from "kysely";
import { isRole, type Role } from "../../common/roles";
import { lookalikeKey } from "./lookalikes";
import type { Database } from "./schema";

export interface UserRecord {
  id: number;
  username: string;
  name: string;
  role: Role;
  passwordHash: string;
  totpSecret: string | null;
  totpLastStep: number | null;
}

/** A committee far larger than any club's is still listed whole; the list stops here. */
export const MAX_USERS = 500;

/**
 * How a stored person is shown: by their name, or their username until they give one,
 * and with their role, or the lesser one for a role this version does not know.
 */
export function personOf(row: { username: string; name: string; role: string }): { name: string; role: Role } {
  return { name: row.name || row.username, role: isRole(row.role) ? row.role : "editor" };
}

const USER_COLUMNS = ["id", "username", "name", "role", "password_hash", "totp_secret", "totp_last_step"] as const;

function toUser(row: {
  id: number;
  username: string;
  name: string;
  role: string;
  password_hash: string;
  totp_secret: string | null;
  totp_last_step: number | null;
}): UserRecord {
  return {
    id: row.id,
    username: row.username,
    ...personOf(row),
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret,
    totpLastStep: row.totp_last_step,
  };
}

export async function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRecord | null> {
  const row = await db.selectFrom("users").select(USER_COLUMNS).where("username", "=", username).executeTakeFirst();
  return row ? toUser(row) : null;
}

/**
 * The one person whose username looks like this one (lookalikeKey: case, look-alike
 * letters), or null. Keys are unique, so there is at most one.
 */
export async function findUserByUsernameKey(db: Kysely<Database>, username: string): Promise<UserRecord | null> {
  const row = await db
    .selectFrom("users")
    .select(USER_COLUMNS)
    .where("username_key", "=", lookalikeKey(username))
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

/**
 * Who signs in with what was typed: the person with exactly that username, else the one
 * whose username looks like it ('Admin' for 'admin'). Usernames are unique after
 * lookalikeKey, so either way it is one person, and their password still decides.
 */
export async function findUserToSignIn(db: Kysely<Database>, typed: string): Promise<UserRecord | null> {
  return (await findUserByUsername(db, typed)) ?? (await findUserByUsernameKey(db, typed));
}

/** The person whose shown name looks like this one (lookalikeKey), other than `exceptId`, or null. */
export async function findUserByNameKey(
  db: Kysely<Database>,
  name: string,
  exceptId?: number,
): Promise<UserRecord | null> {
  let select = db.selectFrom("users").select(USER_COLUMNS).where("name_key", "=", lookalikeKey(name));
  if (exceptId !== undefined) select = select.where("id", "<>", exceptId);
  const row = await select.executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRecord | null> {
  const row = await db.selectFrom("users").select(USER_COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function createUser(
  db: Kysely<Database>,
  username: string,
  passwordHash: string,
  now: Date,
  profile: { name?: string; role?: Role } = {},
): Promise<number> {
  const row = await db
    .insertInto("users")
    .values({
      username,
      username_key: lookalikeKey(username),
      name_key: lookalikeKey(profile.name || username),
      password_hash: passwordHash,
      created_at: now.toISOString(),
      name: profile.name ?? "",
      role: profile.role ?? "administrator",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setPasswordHash(db: Kysely<Database>, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
}

export async function updateUser(
  db: Kysely<Database>,
  userId: number,
  change: { name?: string; role?: Role; lastSignInAt?: Date },
): Promise<void> {
  await db
    .updateTable("users")
    .set({
      ...(change.name !== undefined ? { name: change.name, name_key: lookalikeKey(change.name) } : {}),
      ...(change.role !== undefined ? { role: change.role } : {}),
      ...(change.lastSignInAt ? { last_sign_in_at: change.lastSignInAt.toISOString() } : {}),
    })
    .where("id", "=", userId)
    .execute();
}

/** Removes a person; their sessions, links, codes and passkeys go with them (foreign keys cascade). */
export async function deleteUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("users").where("id", "=", userId).execute();
}

export async function countAdministrators(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("role", "=", "administrator")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface UserSummary {
  id: number;
  username: string;
  name: string;
  role: Role;
  createdAt: string;
  lastSignInAt: string | null;
  totp: boolean;
  passkeys: number;
}

/** Everyone, by name: the committee screen and `npm run admin -- list-users`. */
export async function listUsers(db: Kysely<Database>): Promise<UserSummary[]> {
  const rows = await db
    .selectFrom("users")
    .select((eb) => [
      "users.id",
      "users.username",
      "users.name",
      "users.role",
      "users.created_at",
      "users.last_sign_in_at",
      "users.totp_secret",
      eb
        .selectFrom("passkeys")
        .select((inner) => inner.fn.countAll<number | string>().as("n"))
        .whereRef("passkeys.user_id", "=", "users.id")
        .as("passkey_count"),
    ])
    .orderBy("users.id")
    .limit(MAX_USERS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    ...personOf(row),
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
    totp: row.totp_secret !== null,
    passkeys: Number(row.passkey_count ?? 0),
  }));
}
