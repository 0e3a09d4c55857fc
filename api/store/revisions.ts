import type { Kysely } from "kysely";
import { countOf } from "./listing";
import type { Database, RevisionKind } from "./schema";

/**
 * Every save of a news item, an event or a page text, whole (docs/product.md,
 * 'Publishing'): History lists them and Restore saves an old one again. Only the last
 * REVISIONS_KEPT of an item are kept, so an item edited for years costs what one edited
 * for a term does.
 */
export const REVISIONS_KEPT = 50;
export const REVISIONS_PAGE = 20;

/** 'news' and 'events' by id; 'pages' by the page's name. */
export type RevisedType = "news" | "events" | "pages";

export interface RevisionAuthor {
  id: number;
  name: string;
}

export interface RevisionSummary {
  id: number;
  at: string;
  by: RevisionAuthor | null;
  kind: RevisionKind;
  version: number;
}

export interface Revision extends RevisionSummary {
  fields: Record<string, unknown>;
}

export interface RevisionTarget {
  type: RevisedType;
  key: string;
}

function forItem(db: Kysely<Database>, target: RevisionTarget) {
  return db.selectFrom("revisions").where("item_type", "=", target.type).where("item_key", "=", target.key);
}

const authorOf = (row: { by_user_id: number | null; by_name: string | null }): RevisionAuthor | null =>
  row.by_user_id === null ? null : { id: row.by_user_id, name: row.by_name ?? "" };

/**
 * Keeps a save, and drops what is past the bound. A person's save or autosave replaces
 * their autosave of the item: what they typed is now kept in the newer one.
 */
export async function addRevision(
  db: Kysely<Database>,
  target: RevisionTarget,
  revision: { kind: RevisionKind; version: number; at: Date; by: RevisionAuthor | null; fields: object },
): Promise<void> {
  if (revision.by) {
    await deleteAutosave(db, target, revision.by.id);
  }
  await db
    .insertInto("revisions")
    .values({
      item_type: target.type,
      item_key: target.key,
      kind: revision.kind,
      version: revision.version,
      at: revision.at.toISOString(),
      by_user_id: revision.by?.id ?? null,
      by_name: revision.by?.name ?? null,
      fields: JSON.stringify(revision.fields),
    })
    .execute();
  const oldestKept = await forItem(db, target)
    .select("id")
    .orderBy("id", "desc")
    .offset(REVISIONS_KEPT - 1)
    .limit(1)
    .executeTakeFirst();
  if (oldestKept) {
    await db
      .deleteFrom("revisions")
      .where("item_type", "=", target.type)
      .where("item_key", "=", target.key)
      .where("id", "<", oldestKept.id)
      .execute();
  }
}

/** A window of an item's revisions, newest first, with how many there are. */
export async function listRevisions(
  db: Kysely<Database>,
  target: RevisionTarget,
  window: { limit: number; offset: number },
): Promise<{ total: number; items: RevisionSummary[] }> {
  const [count, rows] = await Promise.all([
    forItem(db, target)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst(),
    forItem(db, target)
      .select(["id", "at", "by_user_id", "by_name", "kind", "version"])
      .orderBy("id", "desc")
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return {
    total: countOf(count),
    items: rows.map((row) => ({ id: row.id, at: row.at, by: authorOf(row), kind: row.kind, version: row.version })),
  };
}

export async function getRevision(db: Kysely<Database>, target: RevisionTarget, id: number): Promise<Revision | null> {
  const row = await forItem(db, target).selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    at: row.at,
    by: authorOf(row),
    kind: row.kind,
    version: row.version,
    fields: JSON.parse(row.fields) as Record<string, unknown>,
  };
}

/** The latest save (not an autosave): who changed the item last, for a refused save's sentence. */
export async function latestSave(db: Kysely<Database>, target: RevisionTarget): Promise<RevisionSummary | null> {
  const row = await forItem(db, target)
    .select(["id", "at", "by_user_id", "by_name", "kind", "version"])
    .where("kind", "!=", "autosave")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, at: row.at, by: authorOf(row), kind: row.kind, version: row.version } : null;
}

/** The newest of an item's revisions that `narrow` keeps, whole; null when there is none. */
async function newestWhere(
  db: Kysely<Database>,
  target: RevisionTarget,
  narrow: (rows: ReturnType<typeof forItem>) => ReturnType<typeof forItem>,
): Promise<Revision | null> {
  const row = await narrow(forItem(db, target)).select("id").orderBy("id", "desc").limit(1).executeTakeFirst();
  return row ? getRevision(db, target, row.id) : null;
}

/**
 * The save (or restore) that made `version`: what a form opened at that version started
 * from, for a save typed over it to be merged against. Null once it is past the bound.
 */
export function revisionAt(db: Kysely<Database>, target: RevisionTarget, version: number): Promise<Revision | null> {
  return newestWhere(db, target, (rows) => rows.where("version", "=", version).where("kind", "!=", "autosave"));
}

/** A person's autosave of an item: at most one, replaced each time (see addRevision). */
export async function saveAutosave(
  db: Kysely<Database>,
  target: RevisionTarget,
  autosave: { version: number; at: Date; by: RevisionAuthor; fields: object },
): Promise<void> {
  await addRevision(db, target, { ...autosave, kind: "autosave" });
}

export function readAutosave(db: Kysely<Database>, target: RevisionTarget, userId: number): Promise<Revision | null> {
  return newestWhere(db, target, (rows) => rows.where("kind", "=", "autosave").where("by_user_id", "=", userId));
}

async function deleteAutosave(db: Kysely<Database>, target: RevisionTarget, userId: number): Promise<void> {
  await db
    .deleteFrom("revisions")
    .where("item_type", "=", target.type)
    .where("item_key", "=", target.key)
    .where("kind", "=", "autosave")
    .where("by_user_id", "=", userId)
    .execute();
}

/** An item deleted takes its history with it. */
export async function deleteRevisions(db: Kysely<Database>, target: RevisionTarget): Promise<void> {
  await db.deleteFrom("revisions").where("item_type", "=", target.type).where("item_key", "=", target.key).execute();
}
