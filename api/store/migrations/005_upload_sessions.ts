import type { Kysely, Migration } from "kysely";

/**
 * A presigned upload URL belongs to the sign-in that asked for it: its token's hash is
 * kept with the upload, and the URL stops working when that session ends (logout, a new
 * password, the person removed), not only when it expires.
 */
export function uploadSessionsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("uploads").addColumn("token_hash", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("uploads").dropColumn("token_hash").execute();
    },
  };
}
