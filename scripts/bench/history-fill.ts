import { join } from "node:path";
import pg from "pg";
import { DATABASE_FILE } from "../../api/ops/files";
import { REVISIONS_KEPT } from "../../api/store/revisions";
import { SQLite } from "../../api/store/sqlite-driver";

/**
 * Years of editing on a filled database (docs/product.md, 'Publishing'): every news item
 * gets the most revisions an item keeps, and one in twenty becomes a draft, so the
 * admin's History and its Drafts list are measured at their heaviest. Written straight
 * into the store in two statements: through the /api it would be half a million saves.
 *
 * Each item's first revision (the create, made by the fill) is copied into the later
 * ones, each with its own title, in version order, as saves one after another make them.
 */
export interface HistoryPlan {
  /** Items kept published whatever their id: the ones the bench opens as visitors. */
  keepPublished: number[];
}

/** Shared by both stores: only the series of version numbers is written differently. */
function copySaves(series: string): string {
  return `insert into revisions (item_type, item_key, kind, version, at, by_user_id, by_name, fields)
    select r.item_type, r.item_key, 'save', v.n, r.at, r.by_user_id, r.by_name,
      replace(r.fields, '"title":"', '"title":"Save ' || v.n || ': ')
    from revisions r cross join ${series} where r.item_type = 'news' and r.version = 1
    order by v.n, r.item_key`;
}

const draftsWhere = (keep: number[]) =>
  `id % 20 = 0${keep.length > 0 ? ` and id not in (${keep.map((id) => Math.trunc(id)).join(", ")})` : ""}`;

function onSqlite(dataDir: string, plan: HistoryPlan): void {
  const database = new SQLite(join(dataDir, DATABASE_FILE), { fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    database.transaction(() => {
      database
        .prepare(
          `with recursive v(n) as (select 2 union all select n + 1 from v where n < ${REVISIONS_KEPT}) ${copySaves("v")}`,
        )
        .run();
      database.prepare(`update news set version = ${REVISIONS_KEPT}`).run();
      database.prepare(`update news set publish_at = null where ${draftsWhere(plan.keepPublished)}`).run();
    })();
  } finally {
    database.close();
  }
}

async function onPostgres(url: string, plan: HistoryPlan): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(copySaves(`generate_series(2, ${REVISIONS_KEPT}) as v(n)`));
    await client.query(`update news set version = ${REVISIONS_KEPT}`);
    await client.query(`update news set publish_at = null where ${draftsWhere(plan.keepPublished)}`);
    await client.query("commit");
    // Fresh statistics, as autovacuum would have them after years of use.
    await client.query("analyze revisions; analyze news");
  } finally {
    await client.end();
  }
}

/** Writes the history into the store `env` names (DATABASE_URL, else DATA_DIR's SQLite file). */
export async function addHistory(env: Record<string, string>, plan: HistoryPlan): Promise<void> {
  if (env.DATABASE_URL) return onPostgres(env.DATABASE_URL, plan);
  if (!env.DATA_DIR) throw new Error("addHistory: neither DATABASE_URL nor DATA_DIR is set");
  onSqlite(env.DATA_DIR, plan);
}
