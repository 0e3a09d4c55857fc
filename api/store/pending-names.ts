import type { Kysely } from "kysely";
import { lookalikeKey } from "./lookalikes";
import type { Database } from "./schema";

/** More live invitations than any committee makes at once; the look stops here. */
const MAX_PENDING = 500;

/**
 * Whether an invitation nobody has used yet, and that has not expired, is for a name
 * that looks like this one (lookalikeKey): that name is held for whoever it was made
 * for, so two invitations cannot both join as the same person.
 */
export async function pendingInvitationHolds(db: Kysely<Database>, name: string, now: Date): Promise<boolean> {
  const rows = await db
    .selectFrom("account_links")
    .select("name")
    .where("kind", "=", "invitation")
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .limit(MAX_PENDING)
    .execute();
  const key = lookalikeKey(name);
  return rows.some((row) => row.name !== null && lookalikeKey(row.name) === key);
}
