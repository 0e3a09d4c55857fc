import type { Kysely } from "kysely";
import type { SearchType } from "../../common/search";
import type { Database } from "./schema";
import { reindex } from "./search-index";

const TABLES: Record<SearchType, "news" | "events" | "albums" | "gallery"> = {
  news: "news",
  event: "events",
  album: "albums",
  image: "gallery",
};
const BATCH = 500;

/**
 * Indexes everything already stored, a batch of ids at a time (the search's migration, for
 * a site that had content before it): what is public goes in, as every write does it.
 */
export async function fillSearchIndex(db: Kysely<Database>, now: Date): Promise<void> {
  for (const kind of Object.keys(TABLES) as SearchType[]) {
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom(TABLES[kind])
        .select("id")
        .where("id", ">", after)
        .orderBy("id")
        .limit(BATCH)
        .execute();
      if (rows.length === 0) break;
      await reindex(
        db,
        kind,
        rows.map((row) => row.id),
        now,
      );
      after = rows[rows.length - 1].id;
    }
  }
}
