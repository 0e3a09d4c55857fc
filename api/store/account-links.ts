import { sql, type Kysely } from "kysely";
import { isRole, type Role } from "../../common/roles";
import { lookalikeKey } from "./lookalikes";
import type { Database } from "./schema";
import { personOf } from "./users";

/** An invitation (someone new) or a password reset (someone already on the committee). */
export type AccountLink =
  { kind: "invitation"; name: string; role: Role } | { kind: "reset"; userId: number; name: string; username: string };

/**
 * A link is named outside the store by the start of its token's hash, as a session is
 * (routes/account.ts): enough to pick it out, nothing to use it with. The hash itself
 * never leaves the store.
 */
export const LINK_ID_LENGTH = 16;
export const LINK_ID_PATTERN = /^[0-9a-f]{16}$/;

export function linkIdOf(tokenHash: string): string {
  return tokenHash.slice(0, LINK_ID_LENGTH);
}

/**
 * A link lives only while whoever made it may still make one: made by the operator's
 * command line (no maker), or by someone who is an Administrator now. Checked on every
 * read and in the claim itself, so a link whose maker was made an Editor a moment ago
 * is refused even if its row was not yet deleted (docs/product.md, 'The committee').
 */
const madeByAnAdministrator = sql<boolean>`(account_links.created_by is null or exists (
  select 1 from users as link_makers
  where link_makers.id = account_links.created_by and link_makers.role = 'administrator'))`;

/** A link that can still be used: unused, unexpired, and its maker may still make it. */
const isLive = (now: Date) =>
  sql<boolean>`(account_links.used_at is null and account_links.expires_at > ${now.toISOString()} and ${madeByAnAdministrator})`;

export async function insertAccountLink(
  db: Kysely<Database>,
  tokenHash: string,
  link: { kind: "invitation"; name: string; role: Role } | { kind: "reset"; userId: number },
  times: { now: Date; expiresAt: Date },
  createdBy: number | null,
): Promise<void> {
  if (link.kind === "reset") {
    // One live reset link per person: a new one replaces any the person has not used.
    await db
      .deleteFrom("account_links")
      .where("kind", "=", "reset")
      .where("user_id", "=", link.userId)
      .where("used_at", "is", null)
      .execute();
  }
  await db
    .insertInto("account_links")
    .values({
      token_hash: tokenHash,
      kind: link.kind,
      user_id: link.kind === "reset" ? link.userId : null,
      name: link.kind === "invitation" ? link.name : null,
      role: link.kind === "invitation" ? link.role : null,
      created_at: times.now.toISOString(),
      expires_at: times.expiresAt.toISOString(),
      created_by: createdBy,
    })
    .execute();
}

/** The link behind a token if it is unused, unexpired and its maker may still make it, else null. */
export async function findLiveLink(db: Kysely<Database>, tokenHash: string, now: Date): Promise<AccountLink | null> {
  const row = await db
    .selectFrom("account_links")
    .leftJoin("users", "users.id", "account_links.user_id")
    .select([
      "account_links.kind",
      "account_links.user_id",
      "account_links.name",
      "account_links.role",
      "users.name as user_name",
      "users.username",
    ])
    .where("account_links.token_hash", "=", tokenHash)
    .where(isLive(now))
    .executeTakeFirst();
  if (!row) return null;
  if (row.kind === "invitation") {
    return { kind: "invitation", name: row.name ?? "", role: isRole(row.role) ? row.role : "editor" };
  }
  if (row.user_id === null || !row.username) return null;
  return { kind: "reset", userId: row.user_id, name: row.user_name || row.username, username: row.username };
}

/**
 * Marks a link used, if nobody used it first and its maker is still an Administrator:
 * true for the one request (on any instance) that did; the update is the check, so two
 * at once cannot both pass, and a maker's demotion committed before it cannot be missed.
 */
export async function claimLink(db: Kysely<Database>, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("account_links")
    .set({ used_at: now.toISOString() })
    .where("token_hash", "=", tokenHash)
    .where(isLive(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Deletes the unused links of everyone who made links but is no longer an Administrator;
 * run in the transaction that takes someone's role away, so their links die with it.
 */
export async function deleteLinksOfNonAdministrators(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom("account_links")
    .where("used_at", "is", null)
    .where("created_by", "in", (eb) =>
      eb.selectFrom("users").select("users.id").where("users.role", "!=", "administrator"),
    )
    .execute();
}

/** A pending invitation as an Administrator sees it: never its token, nor its hash. */
export interface PendingInvitation {
  id: string;
  name: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  createdBy: { id: number; name: string; username: string } | null;
}

/** The pending invitations (unused, unexpired, their maker still an Administrator), newest first, at most `limit`. */
export async function listPendingInvitations(
  db: Kysely<Database>,
  now: Date,
  limit: number,
): Promise<PendingInvitation[]> {
  const rows = await db
    .selectFrom("account_links")
    .leftJoin("users as makers", "makers.id", "account_links.created_by")
    .select([
      "account_links.token_hash",
      "account_links.name",
      "account_links.role",
      "account_links.created_at",
      "account_links.expires_at",
      "makers.id as maker_id",
      "makers.name as maker_name",
      "makers.username as maker_username",
      "makers.role as maker_role",
    ])
    .where("account_links.kind", "=", "invitation")
    .where(isLive(now))
    .orderBy("account_links.created_at", "desc")
    .orderBy("account_links.token_hash")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: linkIdOf(row.token_hash),
    name: row.name ?? "",
    role: isRole(row.role) ? row.role : "editor",
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    createdBy:
      row.maker_id === null || row.maker_username === null
        ? null
        : {
            id: row.maker_id,
            name: personOf({ username: row.maker_username, name: row.maker_name ?? "", role: row.maker_role ?? "" })
              .name,
            username: row.maker_username,
          },
  }));
}

/** Deletes a pending invitation by its id; the name it was for, or null when there is no such pending one. */
export async function revokeInvitation(db: Kysely<Database>, id: string, now: Date): Promise<string | null> {
  if (!LINK_ID_PATTERN.test(id)) return null;
  const row = await db
    .deleteFrom("account_links")
    .where("kind", "=", "invitation")
    .where("token_hash", "like", `${id}%`)
    .where(isLive(now))
    .returning("name")
    .executeTakeFirst();
  return row ? (row.name ?? "") : null;
}

/** Links used or expired over a month ago say nothing anyone needs: the daily maintenance drops them. */
export async function deleteStaleLinks(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom("account_links").where("expires_at", "<", before.toISOString()).execute();
}

/** More live invitations than any committee makes at once; the look stops here. */
const MAX_PENDING = 500;

/**
 * Whether a live invitation (unused, unexpired, its maker still an Administrator) is for
 * a name that looks like this one (lookalikeKey): that name is held for whoever it was
 * made for, so two invitations cannot both join as the same person.
 */
export async function pendingInvitationHolds(db: Kysely<Database>, name: string, now: Date): Promise<boolean> {
  const rows = await db
    .selectFrom("account_links")
    .select("name")
    .where("kind", "=", "invitation")
    .where(isLive(now))
    .limit(MAX_PENDING)
    .execute();
  const key = lookalikeKey(name);
  return rows.some((row) => row.name !== null && lookalikeKey(row.name) === key);
}
