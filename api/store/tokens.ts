import type { Kysely } from "kysely";
import type { Role } from "../../common/roles";
import type { Database } from "./schema";
import { personOf } from "./users";

/** How often a session's last use is written down: at most once a minute, not on every request. */
const LAST_USED_PRECISION_MS = 60_000;

export async function insertToken(
  db: Kysely<Database>,
  tokenHash: string,
  userId: number,
  now: Date,
  expiresAt: Date,
  userAgent: string | null = null,
): Promise<void> {
  await db
    .insertInto("tokens")
    .values({
      token_hash: tokenHash,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      user_agent: userAgent,
      last_used_at: now.toISOString(),
    })
    .execute();
}

/** The person signed in with a token. */
export interface TokenUser {
  id: number;
  username: string;
  name: string;
  role: Role;
  /** When the token stops working. */
  expiresAt: string;
}

/**
 * The person behind an unexpired token, or null (expired, signed out, or the person
 * removed: their tokens go with them). Marks the session used, at most once a minute.
 */
export async function findTokenUser(db: Kysely<Database>, tokenHash: string, now: Date): Promise<TokenUser | null> {
  const row = await db
    .selectFrom("tokens")
    .innerJoin("users", "users.id", "tokens.user_id")
    .select(["users.id", "users.username", "users.name", "users.role", "tokens.last_used_at", "tokens.expires_at"])
    .where("tokens.token_hash", "=", tokenHash)
    .where("tokens.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) return null;
  const lastUsed = row.last_used_at ? Date.parse(row.last_used_at) : 0;
  if (now.getTime() - lastUsed >= LAST_USED_PRECISION_MS) {
    await db
      .updateTable("tokens")
      .set({ last_used_at: now.toISOString() })
      .where("token_hash", "=", tokenHash)
      .execute();
  }
  return { id: row.id, username: row.username, ...personOf(row), expiresAt: row.expires_at };
}

export async function deleteToken(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom("tokens").where("token_hash", "=", tokenHash).execute();
}

/** Signs a person out everywhere, or everywhere but the session `except`. */
export async function deleteUserTokens(db: Kysely<Database>, userId: number, except?: string): Promise<void> {
  let query = db.deleteFrom("tokens").where("user_id", "=", userId);
  if (except) query = query.where("token_hash", "!=", except);
  await query.execute();
}

export async function deleteExpiredTokens(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom("tokens").where("expires_at", "<=", now.toISOString()).execute();
}

/** At most this many sessions are listed for one person (each sign-in lasts 12 hours). */
export const MAX_LISTED_SESSIONS = 50;

export interface SessionRow {
  tokenHash: string;
  userAgent: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string;
}

const SESSION_COLUMNS = ["token_hash", "user_agent", "created_at", "last_used_at", "expires_at"] as const;

function toSession(row: {
  token_hash: string;
  user_agent: string | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
}): SessionRow {
  return {
    tokenHash: row.token_hash,
    userAgent: row.user_agent,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
  };
}

/** A person's live sessions, newest first. */
export async function listUserSessions(db: Kysely<Database>, userId: number, now: Date): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom("tokens")
    .select(SESSION_COLUMNS)
    .where("user_id", "=", userId)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .limit(MAX_LISTED_SESSIONS)
    .execute();
  return rows.map(toSession);
}

/**
 * One of a person's live sessions, named by the start of its token's hash (hex, checked
 * by the caller), or null: looked up by the primary key's prefix, however many the person has.
 */
export async function findUserSession(
  db: Kysely<Database>,
  userId: number,
  hashPrefix: string,
  now: Date,
): Promise<SessionRow | null> {
  const row = await db
    .selectFrom("tokens")
    .select(SESSION_COLUMNS)
    .where("user_id", "=", userId)
    .where("token_hash", "like", `${hashPrefix}%`)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ? toSession(row) : null;
}
