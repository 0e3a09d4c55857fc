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

/**
 * The gallery passphrase (docs/product.md, 'Photos'): its scrypt hash and a version, in one row
 * so they change together. Every new passphrase gets a new version and the cookies name
 * the version they were given under, so changing or removing it ends them all.
 */
const GALLERY_PASSPHRASE_KEY = "gallery_passphrase";

export interface GalleryPassphrase {
  hash: string;
  version: string;
}

export async function readGalleryPassphrase(db: Kysely<Database>): Promise<GalleryPassphrase | null> {
  const row = await db.selectFrom("meta").select("value").where("key", "=", GALLERY_PASSPHRASE_KEY).executeTakeFirst();
  if (!row) return null;
  try {
    const { hash, version } = JSON.parse(row.value) as Partial<GalleryPassphrase>;
    return typeof hash === "string" && typeof version === "string" ? { hash, version } : null;
  } catch {
    return null;
  }
}

/** Sets the passphrase (null removes it: every parents-only album is then locked). */
export async function writeGalleryPassphrase(db: Kysely<Database>, passphrase: GalleryPassphrase | null) {
  if (passphrase === null) {
    await db.deleteFrom("meta").where("key", "=", GALLERY_PASSPHRASE_KEY).execute();
    return;
  }
  const value = JSON.stringify(passphrase);
  await db
    .insertInto("meta")
    .values({ key: GALLERY_PASSPHRASE_KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}
