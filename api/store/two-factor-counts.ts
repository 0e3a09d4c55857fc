import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** How many passkeys a person has. */
export async function countPasskeys(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many of a person's recovery codes are still unused. */
export async function countRecoveryCodesLeft(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
