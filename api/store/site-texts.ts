import type { Kysely } from "kysely";
import type { Database } from "./schema";
import { inTransaction } from "./transaction";

export const WHO_WE_ARE_KEYS = ["aboutUs", "whoAreWe", "contactEmail"] as const;
export const WHAT_WE_DO_KEYS = ["mission", "activities", "impact"] as const;

export type WhoWeAre = Record<(typeof WHO_WE_ARE_KEYS)[number], string>;
export type WhatWeDo = Record<(typeof WHAT_WE_DO_KEYS)[number], string>;

/** Reads a page's texts; a key never written reads as ''. */
export async function readTexts<K extends string>(
  db: Kysely<Database>,
  page: string,
  keys: readonly K[],
): Promise<Record<K, string>> {
  const rows = await db
    .selectFrom("site_texts")
    .select(["key", "value"])
    .where(
      "key",
      "in",
      keys.map((k) => `${page}.${k}`),
    )
    .execute();
  const values = new Map(rows.map((r) => [r.key, r.value]));
  const result = {} as Record<K, string>;
  for (const key of keys) result[key] = values.get(`${page}.${key}`) ?? "";
  return result;
}

export async function writeTexts<K extends string>(
  db: Kysely<Database>,
  page: string,
  texts: Record<K, string>,
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  // One transaction, the caller's (with the page's revision), or its own.
  const write = async (trx: Kysely<Database>) => {
    for (const [key, value] of Object.entries<string>(texts)) {
      await trx
        .insertInto("site_texts")
        .values({ key: `${page}.${key}`, value, updated_at: stamp })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: stamp }))
        .execute();
    }
  };
  await inTransaction(db, write);
}
