import type { Kysely, Migration } from "kysely";

/**
 * A login attempt whose password is being checked is written down as pending, apart
 * from the attempts that failed: only real failures lock an address out, and attempts
 * in flight merely wait their turn (see ../login-failures.ts).
 */
export function pendingLoginAttemptsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("login_failures")
        .addColumn("pending", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("login_failures").dropColumn("pending").execute();
    },
  };
}
