import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** The site's settings an Administrator changes, kept in the `meta` table as key/value rows. */
const REQUIRE_TWO_FACTOR_KEY = "require_two_factor";

/** Whether everyone must have two-factor sign-in before they may change anything. */
export async function readRequireTwoFactor(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("meta").select("value").where("key", "=", REQUIRE_TWO_FACTOR_KEY).executeTakeFirst();
  return row?.value === "1";
}

export async function writeRequireTwoFactor(db: Kysely<Database>, required: boolean): Promise<void> {
  const value = required ? "1" : "0";
  await db
    .insertInto("meta")
    .values({ key: REQUIRE_TWO_FACTOR_KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}
