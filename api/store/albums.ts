import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** Whether an album with this id exists: a gallery write may only name one that does. */
export async function albumExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom("albums").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}
