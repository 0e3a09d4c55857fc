import type { Kysely, Migration } from "kysely";
import { columnTypes } from "../dialect";

/**
 * The committee (docs/product.md, 'The committee'): each person has a name and a role; sign-ins
 * remember their device and last use; invitation and reset links; the record of who
 * changed what; and what two-factor sign-in keeps (an authenticator's secret, recovery
 * codes, passkeys, and the short-lived challenges a sign-in step hands out, kept in
 * the database so any instance can take the next step).
 */
export function committeeMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const { blob, serialId } = columnTypes(db);
      await db.schema
        .alterTable("users")
        .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .alterTable("users")
        .addColumn("role", "text", (c) => c.notNull().defaultTo("administrator"))
        .execute();
      await db.schema.alterTable("users").addColumn("last_sign_in_at", "text").execute();
      await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
      await db.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();

      await db.schema.alterTable("tokens").addColumn("user_agent", "text").execute();
      await db.schema.alterTable("tokens").addColumn("last_used_at", "text").execute();

      await db.schema
        .createTable("account_links")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("name", "text")
        .addColumn("role", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();

      await db.schema
        .createTable("activity")
        .addColumn("id", "integer", serialId)
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("user_id", "integer")
        .addColumn("user_name", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("target_type", "text")
        .addColumn("target_id", "text")
        .addColumn("target_title", "text")
        .execute();
      await db.schema.createIndex("activity_at").on("activity").column("at").execute();
      await db.schema.createIndex("activity_user").on("activity").columns(["user_id", "id"]).execute();
      await db.schema
        .createIndex("activity_target")
        .on("activity")
        .columns(["target_type", "target_id", "id"])
        .execute();

      await db.schema
        .createTable("recovery_codes")
        .addColumn("id", "integer", serialId)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema.createIndex("recovery_codes_user").on("recovery_codes").column("user_id").execute();

      await db.schema
        .createTable("passkeys")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("public_key", blob, (c) => c.notNull())
        .addColumn("counter", "integer", (c) => c.notNull())
        .addColumn("transports", "text")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_used_at", "text")
        .execute();
      await db.schema.createIndex("passkeys_user").on("passkeys").column("user_id").execute();

      await db.schema
        .createTable("auth_challenges")
        .addColumn("id_hash", "text", (c) => c.primaryKey())
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("value", "text")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["auth_challenges", "passkeys", "recovery_codes", "activity", "account_links"]) {
        await db.schema.dropTable(table).execute();
      }
      for (const column of ["last_used_at", "user_agent"]) {
        await db.schema.alterTable("tokens").dropColumn(column).execute();
      }
      for (const column of ["totp_last_step", "totp_secret", "last_sign_in_at", "role", "name"]) {
        await db.schema.alterTable("users").dropColumn(column).execute();
      }
    },
  };
}
