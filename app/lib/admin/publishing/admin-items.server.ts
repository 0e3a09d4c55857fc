import { z } from "zod";
import { eventSchema, newsItemSchema, type ClubEvent, type NewsItem } from "../../upstream/answers.server";
import { UpstreamError } from "../../upstream/client.server";
import { eventsForDisplay, newsWindow, readEvent, readNewsItem } from "../../upstream/club-lists.server";
import { readItem, readSlice, type ListSlice, type Send } from "../../upstream/lists.server";
import { PUBLISH_STATES, type PublishState } from "./states";
import { seriesFields } from "../series/series-answer.server";

/**
 * What the admin calls add to a news item or an event (publishing): its
 * state, when it goes (or went) public, and the version a form was opened at. An upstream
 * that speaks the product spec alone sends none of it: its items are published, unversioned.
 */
const publishing = {
  status: z.enum(PUBLISH_STATES).catch("published"),
  publishAt: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  version: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null),
};
export const adminNewsSchema = newsItemSchema.extend(publishing);
/** An event also says which repeating series it is an occurrence of, if any. */
export const adminEventSchema = eventSchema.extend(publishing).extend(seriesFields);
export type AdminNews = z.infer<typeof adminNewsSchema>;
export type AdminEvent = z.infer<typeof adminEventSchema>;
export type Publishing = Pick<AdminNews, "status" | "publishAt" | "version">;

const PUBLISHED: Publishing = { status: "published", publishAt: null, version: null };
/** An upstream without repeating events: every event is a single one. */
const SINGLE = { series: null };

/** An upstream without the admin call (404 or 405): the public one answers instead. */
function isMissingCall(error: unknown): boolean {
  return error instanceof UpstreamError && (error.status === 404 || error.status === 405);
}

async function orPublic<T>(admin: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
  try {
    return await admin();
  } catch (error) {
    if (isMissingCall(error)) return fallback();
    throw error;
  }
}

const asPublished = <T>(slice: ListSlice<T>): ListSlice<T & Publishing> => ({
  items: slice.items.map((item) => ({ ...item, ...PUBLISHED })),
  total: slice.total,
});

/** Manage News's window: every state, or one (`status`), newest first. */
export function adminNewsWindow(
  send: Send,
  state: PublishState | null,
  limit: number,
  offset: number,
): Promise<ListSlice<AdminNews>> {
  const params: Record<string, string> = state ? { status: state } : {};
  const schema = z.array(adminNewsSchema);
  const applyLocally = (items: AdminNews[]) => (state ? items.filter((item) => item.status === state) : items);
  return orPublic(
    () => readSlice(send, { path: "/api/admin/news", schema, limit, offset, params, applyLocally }),
    async () =>
      state && state !== "published" ? { items: [], total: 0 } : asPublished(await newsWindow(send, limit, offset)),
  );
}

/**
 * Manage Events's window: every state, or one (`status`), in the order the Events page
 * and the admin list have always shown (docs/architecture.md, 'The /api (api/)'):
 * upcoming soonest first, then past most recent first.
 */
export function adminEventsWindow(
  send: Send,
  state: PublishState | null,
  now: string,
  limit: number,
  offset: number,
): Promise<ListSlice<AdminEvent>> {
  const source = {
    path: "/api/admin/events",
    schema: z.array(adminEventSchema),
    params: state ? { status: state } : undefined,
  };
  return orPublic(
    () => eventsForDisplay(send, now, limit, offset, source),
    async () =>
      state && state !== "published"
        ? { items: [], total: 0 }
        : single(asPublished(await eventsForDisplay(send, now, limit, offset))),
  );
}

const single = <T>(slice: ListSlice<T>): ListSlice<T & typeof SINGLE> => ({
  items: slice.items.map((item) => ({ ...item, ...SINGLE })),
  total: slice.total,
});

const withPublishing = <T>(item: T | null): (T & Publishing) | null => (item ? { ...item, ...PUBLISHED } : null);

/** One news item in any state, for its edit dialog. */
export function readAdminNews(send: Send, id: string): Promise<AdminNews | null> {
  return orPublic(
    () => readItem(send, "/api/admin/news", id, { item: adminNewsSchema, list: z.array(adminNewsSchema) }),
    async () => withPublishing<NewsItem>(await readNewsItem(send, id)),
  );
}

/** One event in any state, for its edit dialog. */
export function readAdminEvent(send: Send, id: string): Promise<AdminEvent | null> {
  return orPublic(
    () => readItem(send, "/api/admin/events", id, { item: adminEventSchema, list: z.array(adminEventSchema) }),
    async () => {
      const event = withPublishing<ClubEvent>(await readEvent(send, id));
      return event ? { ...event, ...SINGLE } : null;
    },
  );
}

const stateCounts = z.object({ draft: z.number().int().min(0), scheduled: z.number().int().min(0) });
const contentStatesSchema = z.object({ news: stateCounts, events: stateCounts });
export type ContentStates = z.infer<typeof contentStatesSchema>;

/** The dashboard's drafts and scheduled counts (COUNTs at the /api); null from an upstream without them. */
export async function readContentStates(send: Send): Promise<ContentStates | null> {
  return orPublic(
    async () => contentStatesSchema.parse(await (await send("/api/admin/content-states")).json()),
    async () => null,
  );
}
