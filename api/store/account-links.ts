import type { Kysely } from "kysely";
import { isRole, type Role } from "../../common/roles";
import type { Database } from "./schema";

/** An invitation (someone new) or a password reset (someone already on the committee). */
export type AccountLink =
  { kind: "invitation"; name: string; role: Role } | { kind: "reset"; userId: number; name: string; username: string };

export async function insertAccountLink(
  db: Kysely<Database>,
  tokenHash: string,
  link: { kind: "invitation"; name: string; role: Role } | { kind: "reset"; userId: number },
  now: Date,
  expiresAt: Date,
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
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .execute();
}

/** The link behind a token if it is unused and unexpired, else null. */
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
    .where("account_links.used_at", "is", null)
    .where("account_links.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) return null;
  if (row.kind === "invitation") {
    return { kind: "invitation", name: row.name ?? "", role: isRole(row.role) ? row.role : "editor" };
  }
  if (row.user_id === null || !row.username) return null;
  return { kind: "reset", userId: row.user_id, name: row.user_name || row.username, username: row.username };
}

/**
 * Marks a link used, if nobody used it first: true for the one request (on any
 * instance) that did; the update is the check, so two at once cannot both pass.
 */
export async function claimLink(db: Kysely<Database>, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("account_links")
    .set({ used_at: now.toISOString() })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Links used or expired over a month ago say nothing anyone needs: the daily maintenance drops them. */
export async function deleteStaleLinks(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom("account_links").where("expires_at", "<", before.toISOString()).execute();
}
