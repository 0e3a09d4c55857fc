import { sql, type Kysely } from "kysely";
import type { Store } from "./db";
import type { Database } from "./schema";

/**
 * A number that moves on with every write, so a cache of what was read (the public page
 * cache in server.ts) can tell it is stale.
 */
export interface ContentVersion {
  current(): Promise<number>;
  bump(): Promise<void>;
}

/** SQLite: one process serves the data, so it can count in memory at no cost. */
function inProcess(): ContentVersion {
  let version = 0;
  return {
    current: async () => version,
    bump: async () => {
      version += 1;
    },
  };
}

/**
 * PostgreSQL: every instance writes the same database, so the counter lives there; one
 * indexed row read per cached page is still far cheaper than rendering it.
 */
function inDatabase(db: Kysely<Database>): ContentVersion {
  return {
    current: async () =>
      (await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirstOrThrow()).version,
    bump: () => bumpStoredVersion(db),
  };
}

/**
 * Moves the PostgreSQL counter on, also from outside a server (`npm run admin --
 * purge-image`), so every instance's cached pages go stale at once.
 */
export async function bumpStoredVersion(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable("content_version")
    .set({ version: sql<number>`version + 1` })
    .where("id", "=", 1)
    .execute();
}

export function contentVersionOf(store: Store): ContentVersion {
  return store.dialect === "postgres" ? inDatabase(store.db) : inProcess();
}
