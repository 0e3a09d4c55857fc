import type { Kysely } from "kysely";
import type { Database } from "./schema";

export interface UserRecord {
  id: number;
  username: string;
  passwordHash: string;
}

export async function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRecord | null> {
  const row = await db
    .selectFrom("users")
    .select(["id", "username", "password_hash"])
    .where("username", "=", username)
    .executeTakeFirst();
  return row ? { id: row.id, username: row.username, passwordHash: row.password_hash } : null;
}

export async function createUser(
  db: Kysely<Database>,
  username: string,
  passwordHash: string,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto("users")
    .values({ username, password_hash: passwordHash, created_at: now.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setPasswordHash(db: Kysely<Database>, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
}
