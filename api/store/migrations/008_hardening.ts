import { sql, type Kysely, type Migration } from "kysely";
import { lookalikeKey } from "../lookalikes";

/**
 * Hardening III (docs/product.md, 'The committee'):
 * - each person's username and shown name also kept as their look-alike key, unique, so
 *   'ADMIN' or a Cyrillic 'аdmin' cannot join beside 'admin', nor an Editor take an
 *   Administrator's name;
 * - who made an invitation or a reset link, so the link dies with its maker's right to
 *   make it (removed: the row goes with them; made an Editor: the link no longer works);
 * - the second step's wrong codes in a row per person, and until when it is locked;
 * - the record of changes keeps the username as it was, beside the name.
 */
export function hardeningMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("users")
        .addColumn("username_key", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .alterTable("users")
        .addColumn("name_key", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .alterTable("users")
        .addColumn("second_factor_failures", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("users").addColumn("second_factor_locked_until", "text").execute();
      await fillKeys(db);
      // Not "users_username_key": PostgreSQL already gave that name to the username's own
      // unique constraint (migration 001), and refuses a second relation by it.
      await db.schema.createIndex("users_username_lookalike").on("users").column("username_key").unique().execute();
      await db.schema.createIndex("users_name_lookalike").on("users").column("name_key").unique().execute();

      await db.schema
        .alterTable("account_links")
        .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .execute();
      await db.schema.createIndex("account_links_created_by").on("account_links").column("created_by").execute();

      await db.schema.alterTable("activity").addColumn("user_username", "text").execute();
      await sql`update activity set user_username = (select username from users where users.id = activity.user_id)
        where user_id is not null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("activity").dropColumn("user_username").execute();
      await db.schema.dropIndex("account_links_created_by").execute();
      await db.schema.alterTable("account_links").dropColumn("created_by").execute();
      await db.schema.dropIndex("users_name_lookalike").execute();
      await db.schema.dropIndex("users_username_lookalike").execute();
      for (const column of ["second_factor_locked_until", "second_factor_failures", "name_key", "username_key"]) {
        await db.schema.alterTable("users").dropColumn(column).execute();
      }
    },
  };
}

/**
 * Keys for the people already there (a committee, so a few rows). Two who already look
 * alike keep working: the later one's key gets its id, which no typed text can match,
 * and the committee screen shows both with their usernames until one is renamed.
 */
async function fillKeys(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{
    id: number;
    username: string;
    name: string;
  }>`select id, username, name from users order by id`.execute(db);
  const taken = { username: new Set<string>(), name: new Set<string>() };
  const unique = (set: Set<string>, key: string, id: number) => {
    const result = set.has(key) ? `${key}#${id}` : key;
    set.add(result);
    return result;
  };
  for (const row of rows.rows) {
    const usernameKey = unique(taken.username, lookalikeKey(row.username), row.id);
    const nameKey = unique(taken.name, lookalikeKey(row.name || row.username), row.id);
    await sql`update users set username_key = ${usernameKey}, name_key = ${nameKey} where id = ${row.id}`.execute(db);
  }
}
