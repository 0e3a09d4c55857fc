import { sql, type Kysely, type RawBuilder } from "kysely";
import { countOf } from "./listing";
import type { Database } from "./schema";

/**
 * Draft, scheduled or published (docs/product.md, 'Publishing'). One column says it:
 * `publish_at`, null for a draft, otherwise the moment the item is public from. An item
 * is public once that moment has come, judged at every read, so a scheduled item
 * appears on time with no job having to run; ISO strings in UTC compare as times.
 */
export type PublishState = "draft" | "scheduled" | "published";
export const PUBLISH_STATES = ["draft", "scheduled", "published"] as const satisfies readonly PublishState[];

/** The tables whose items are published: news and events. */
export type PublishedTable = "news" | "events";

/** Which items a read may see: the public ones (visitors), every one, or those in one state (the admin's lists). */
export type PublishScope = "public" | "all" | PublishState;

/** A read's scope with the moment it judges by. */
export interface Visibility {
  scope: PublishScope;
  now: Date;
}

/** What visitors see, judged now. */
export const publicAt = (now: Date): Visibility => ({ scope: "public", now });

/** The condition on `publish_at` a scope puts on a read (`.where(seenBy(…))`). */
export function seenBy({ scope, now }: Visibility): RawBuilder<boolean> {
  const at = now.toISOString();
  switch (scope) {
    case "all":
      return sql<boolean>`1 = 1`;
    case "draft":
      return sql<boolean>`publish_at is null`;
    case "scheduled":
      return sql<boolean>`publish_at > ${at}`;
    case "public":
    case "published":
      // A draft's null compares as unknown: never public.
      return sql<boolean>`publish_at <= ${at}`;
  }
}

export function stateOf(publishAt: string | null, now: Date): PublishState {
  if (publishAt === null) return "draft";
  return publishAt > now.toISOString() ? "scheduled" : "published";
}

export const isPublic = (publishAt: string | null, now: Date) => stateOf(publishAt, now) === "published";

/** What every admin answer about a news item or event carries besides the item. */
export interface Publishing {
  status: PublishState;
  publishAt: string | null;
  version: number;
}

/** A whole row (news or events) as the admin's item: the public item's fields and its publishing. */
export function withPublishing<Item>(toItem: (row: object) => Item, now: Date) {
  return (row: object): Item & Publishing => {
    const { publish_at: publishAt, version } = row as { publish_at: string | null; version: number };
    return { ...toItem(row), status: stateOf(publishAt, now), publishAt, version };
  };
}

/** The dashboard's counts: drafts, and items scheduled for later. */
export async function unpublishedCounts(
  db: Kysely<Database>,
  table: PublishedTable,
  now: Date,
): Promise<{ draft: number; scheduled: number }> {
  const count = async (scope: "draft" | "scheduled") =>
    countOf(
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("count"))
        .where(seenBy({ scope, now }))
        .executeTakeFirst(),
    );
  const [draft, scheduled] = await Promise.all([count("draft"), count("scheduled")]);
  return { draft, scheduled };
}

/**
 * The items whose publication has come and not been announced, at most `limit`, marked
 * announced now; each is answered by one instance only (the update says which). What
 * follows is the caller's: the page cache's refresh.
 */
export async function claimPublished(
  db: Kysely<Database>,
  table: PublishedTable,
  now: Date,
  limit: number,
): Promise<number[]> {
  const at = now.toISOString();
  const due = await db
    .selectFrom(table)
    .select("id")
    .where("announced_at", "is", null)
    .where("publish_at", "<=", at)
    .orderBy("publish_at")
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  const claimed = await db
    .updateTable(table)
    .set({ announced_at: at })
    .where(
      "id",
      "in",
      due.map((row) => row.id),
    )
    .where("announced_at", "is", null)
    .returning("id")
    .execute();
  return claimed.map((row) => row.id);
}

/**
 * The columns a save writes for `publishAt`: an item public at once counts as announced
 * (the save itself refreshes the page cache); a draft or a scheduled one is announced
 * when its time comes.
 */
export function publishColumns(publishAt: string | null, now: Date) {
  return {
    publish_at: publishAt,
    announced_at: publishAt !== null && isPublic(publishAt, now) ? now.toISOString() : null,
  };
}

/** What a save asks of an item's publication (undefined: as it was), and the version it was typed over. */
export interface SaveChange {
  publishAt?: string | null;
  /** The version the form was opened at: the save is made only over that one. */
  expectedVersion?: number;
}

/** The version is raised by every save; the save is made only over `expectedVersion` when given. */
export const nextVersion = sql<number>`version + 1`;

/** A new version of an item whose change is stored beside its row (an event's booking settings). */
export async function raiseVersion(db: Kysely<Database>, table: PublishedTable, id: number): Promise<void> {
  await db.updateTable(table).set({ version: nextVersion }).where("id", "=", id).execute();
}

/**
 * How a save changes an item's publication: `publish_at`'s new value (undefined: as it
 * was), and whether it must be announced again (a draft or scheduled item, until its time).
 */
export function publishAtAfter(
  change: { status?: PublishState; publishAt?: string },
  current: string | null | undefined,
  now: Date,
): string | null | undefined {
  switch (change.status) {
    case undefined:
      // A new item without a state is published, as the product spec's create call has it.
      return current === undefined ? now.toISOString() : undefined;
    case "draft":
      return null;
    case "scheduled":
      return change.publishAt;
    case "published":
      // Already public: it keeps the moment it went public.
      return current && isPublic(current, now) ? current : now.toISOString();
  }
}
