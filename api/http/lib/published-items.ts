import type { Context } from "hono";
import type { Kysely } from "kysely";
import { planPost, type PostedItem } from "../../mail/post-fan-out";
import { deletePreviewLinks } from "../../store/preview-links";
import {
  isPublic,
  publishAtAfter,
  raiseVersion,
  type PublishedTable,
  type Publishing,
  type SaveChange,
} from "../../store/publishing";
import { addRevision, deleteRevisions, type RevisionTarget } from "../../store/revisions";
import type { Database, RevisionKind } from "../../store/schema";
import type { TokenUser } from "../../store/tokens";
import { inTransaction } from "../../store/transaction";
import type { ApiDeps, ApiEnv } from "./context";
import { mergeOverNewer, staleSave } from "./edit-merge";
import { ApiError } from "./errors";
import type { ItemStore } from "./item-routes";
import type { PublishInput } from "./publish-fields";

/**
 * What news items and events share as published things (docs/product.md, 'Publishing'):
 * the state a save asks for, the version it was typed over, a revision of every save,
 * the 'as posted' e-mail planned for when the item goes public, and visitors seeing only
 * what is public.
 */

/** A published thing's store, as its routes and its revisions need it. */
export interface PublishedKind<Item extends { id: number }, Input extends PublishInput> {
  type: PublishedTable;
  getAdmin(db: Kysely<Database>, id: number, now: Date): Promise<(Item & Publishing) | null>;
  create(db: Kysely<Database>, input: Input, now: Date, publishAt: string | null): Promise<Item>;
  update(db: Kysely<Database>, id: number, input: Input, now: Date, change: SaveChange): Promise<Item | null>;
  remove(db: Kysely<Database>, id: number): Promise<boolean>;
  /** The editable fields a revision keeps (the publishing ones are added). */
  fieldsOf(item: Item): Record<string, unknown>;
  /**
   * More fields a revision keeps and a save over an older version merges, stored beside
   * the item (an event's `booking`). A restore leaves them as they are (see
   * published-item-routes.ts): places already taken must stay valid.
   */
  besideOf?(db: Kysely<Database>, id: number): Promise<Record<string, unknown>>;
  postOf(item: Item): PostedItem;
  /** More of the same save, in its transaction (an event's booking settings). */
  alsoSave?(trx: Kysely<Database>, item: Item, input: Input, now: Date): Promise<void>;
}

/** A save of an existing item, as a 'save' or a 'restore'; null: no such item. */
export type SaveItem<Item, Input> = (
  db: Kysely<Database>,
  id: number,
  input: Input,
  now: Date,
  by: TokenUser,
  revisionKind: RevisionKind,
) => Promise<(Item & Publishing) | null>;

export const revisionTarget = (type: RevisionTarget["type"], id: number | string): RevisionTarget => ({
  type,
  key: String(id),
});

/** An admin item as visitors' calls answer it: without its state and version. */
export function publicPart<Item extends object>(item: Item & Publishing): Item {
  const { status: _status, publishAt: _publishAt, version: _version, ...rest } = item;
  return rest as unknown as Item;
}

/** What GET /{name}/{id} shows a visitor: a public item, and nothing of one that is not. */
export const shownToVisitors =
  (deps: ApiDeps) =>
  async <Item extends object>(_c: Context<ApiEnv>, item: Item & Publishing): Promise<Item | null> =>
    item.publishAt !== null && isPublic(item.publishAt, deps.now()) ? publicPart(item) : null;

/** How many times a save reads the item again when another instance saved it between its read and its write. */
const SAVE_ROUNDS = 3;

/**
 * The item calls' store for a published kind: each save is one transaction that checks
 * the version, writes the item, keeps its revision and plans its e-mail. `kind` of the
 * revision is 'restore' for a restore, 'save' otherwise.
 */
export function publishedStore<Item extends { id: number; updatedAt: string }, Input extends PublishInput>(
  deps: ApiDeps,
  kind: PublishedKind<Item, Input>,
) {
  const read = async (db: Kysely<Database>, id: number, now: Date) => kind.getAdmin(db, id, now);
  const author = (by: TokenUser) => ({ id: by.id, name: by.name });
  /** Every field a revision keeps and a merge compares, as the item stands. */
  const revisedFields = async (db: Kysely<Database>, item: Item) => ({
    ...kind.fieldsOf(item),
    ...(await kind.besideOf?.(db, item.id)),
  });
  /** A refused save's 409, its `current` with the fields stored beside it (an event's `booking`), for a client to show theirs. */
  const refusal = async (
    trx: Kysely<Database>,
    target: RevisionTarget,
    current: Item & Publishing,
    conflict?: { conflicts: string[]; merged: object },
  ) => staleSave(deps, trx, target, { ...current, ...(await kind.besideOf?.(trx, current.id)) }, conflict);

  const scheduledTime = (input: Input, now: Date): string | undefined => {
    if (input.status !== "scheduled") return undefined;
    if (!input.publishAt) throw new ApiError(400, "publishAt: is required to schedule", { field: "publishAt" });
    if (input.publishAt <= now.toISOString()) {
      throw new ApiError(400, "publishAt: must be in the future", { field: "publishAt" });
    }
    return input.publishAt;
  };

  async function keepRevision(
    trx: Kysely<Database>,
    saved: Item & Publishing,
    revisionKind: RevisionKind,
    now: Date,
    by: TokenUser,
  ) {
    await addRevision(trx, revisionTarget(kind.type, saved.id), {
      kind: revisionKind,
      version: saved.version,
      at: now,
      by: author(by),
      fields: { ...(await revisedFields(trx, saved)), status: saved.status, publishAt: saved.publishAt },
    });
  }

  /** What follows a save's write, in its transaction; `before` is the item as the save read it (null: a new one). */
  async function afterSave(
    trx: Kysely<Database>,
    item: Item,
    input: Input,
    now: Date,
    by: TokenUser,
    revision: { kind: RevisionKind; before: Publishing | null; publishAt: string | null | undefined },
  ): Promise<Item & Publishing> {
    await kind.alsoSave?.(trx, item, input, now);
    const saved = await read(trx, item.id, now);
    if (!saved) throw new Error(`${kind.type} ${item.id} vanished in its own save`);
    await keepRevision(trx, saved, revision.kind, now, by);
    const { before, publishAt } = revision;
    // Its e-mail follows when it goes public: planned again only when that moment moved.
    if (publishAt !== undefined && publishAt !== before?.publishAt) {
      await planPost(trx, deps.mail.settings, kind.postOf(saved), saved.publishAt, now);
    }
    // A preview link lives until the item is first public: a save of a public item, or one that
    // publishes it, ends its links for good, so a draft made again never brings one back.
    if (before?.status === "published" || saved.status === "published") {
      await deletePreviewLinks(trx, kind.type, item.id);
    }
    return saved;
  }

  const save: SaveItem<Item, Input> = async (db, id, input, now, by, revisionKind) => {
    const target = revisionTarget(kind.type, id);
    return inTransaction(db, async (trx) => {
      for (let round = 1; ; round++) {
        const current = await read(trx, id, now);
        if (!current) return null;
        const asked = await overCurrent(trx, target, current, input, now, revisionKind);
        scheduledTime(asked, now);
        const publishAt = publishAtAfter(asked, current.publishAt, now);
        // Made only over the version read: a save by another instance in between is merged with
        // (the next round reads it), never overwritten.
        const item = await kind.update(trx, id, asked, now, { publishAt, expectedVersion: current.version });
        if (!item) {
          if (round < SAVE_ROUNDS) continue;
          throw await refusal(trx, target, (await read(trx, id, now)) ?? current);
        }
        return afterSave(trx, item, asked, now, by, { kind: revisionKind, before: current, publishAt });
      }
    });
  };

  /** The save to make over the item as it is now: as asked, or merged when it was typed over an older version. */
  async function overCurrent(
    trx: Kysely<Database>,
    target: RevisionTarget,
    current: Item & Publishing,
    input: Input,
    now: Date,
    revisionKind: RevisionKind,
  ): Promise<Input> {
    if (input.version === undefined || input.version === current.version) return input;
    // A restore puts an old text back whole: over a newer save it is refused, never merged.
    if (revisionKind !== "save") throw await refusal(trx, target, current);
    const theirs = { fields: await revisedFields(trx, current), publishAt: current.publishAt };
    const outcome = await mergeOverNewer(trx, target, theirs, input, now);
    if ("conflicts" in outcome) throw await refusal(trx, target, current, outcome);
    return outcome.input;
  }

  /**
   * A change to what is stored beside the item, made away from its form (an event's
   * bookings closed from its door list): a new version and its revision, so a form opened
   * before it is merged with it (No edit lost) rather than putting it back. Null: no such item.
   */
  const changeBeside = (
    db: Kysely<Database>,
    id: number,
    now: Date,
    by: TokenUser,
    change: (trx: Kysely<Database>) => Promise<unknown>,
  ): Promise<(Item & Publishing) | null> =>
    inTransaction(db, async (trx) => {
      await change(trx);
      await raiseVersion(trx, kind.type, id);
      const saved = await read(trx, id, now);
      if (saved) await keepRevision(trx, saved, "save", now, by);
      return saved;
    });

  const store: ItemStore<Item & Publishing, Input> = {
    get: (db, id) => read(db, id, deps.now()),
    create: (db, input, now, by) =>
      inTransaction(db, async (trx) => {
        scheduledTime(input, now);
        const publishAt = publishAtAfter(input, undefined, now) ?? null;
        const item = await kind.create(trx, input, now, publishAt);
        return afterSave(trx, item, input, now, by, { kind: "save", before: null, publishAt });
      }),
    update: (db, id, input, now, by) => save(db, id, input, now, by, "save"),
    remove: (db, id) =>
      inTransaction(db, async (trx) => {
        await deleteRevisions(trx, revisionTarget(kind.type, id));
        await deletePreviewLinks(trx, kind.type, id);
        return kind.remove(trx, id);
      }),
  };
  return { store, save, changeBeside };
}
