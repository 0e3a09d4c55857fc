import { z } from "zod";
import { env } from "../../config.server";
import { formatDate } from "../../dates";
import { UpstreamError, type UpstreamSender } from "../../upstream/client.server";
import { personLabel, type ActivityLine, type Person } from "./activity-words";

/**
 * The record of who changed what, as the admin screens read it from the /api
 * (docs/product.md, 'The committee'): a page of it for Recent changes, the people to filter by, and
 * who last changed each item of a list for its edit dialog.
 */
const lineSchema = z.object({
  at: z.string(),
  user: z
    .object({
      id: z.number(),
      name: z.string(),
      // An upstream that keeps no username in its record says nothing of it.
      username: z
        .string()
        .nullish()
        .transform((username) => username ?? null),
    })
    .nullable(),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string(), title: z.string().nullable() }).nullable(),
});

const pageSchema = z.object({
  items: z.array(lineSchema),
  next: z.string().nullable(),
  // An upstream that pages one way only says nothing of newer lines.
  newer: z.string().nullable().optional(),
});

const latestSchema = z.object({ items: z.array(lineSchema) });

const peopleSchema = z.array(z.object({ id: z.number(), name: z.string(), username: z.string() }));

const CURSOR = /^[A-Za-z0-9_-]{1,64}$/;
const PERSON = /^[1-9]\d{0,14}$/;

export interface ActivityQuery {
  before: string | null;
  after: string | null;
  user: string | null;
}

/** ?before=, ?after= and ?user= of the screen's address; anything malformed is left out. */
export function activityQueryOf(request: Request): ActivityQuery {
  const params = new URL(request.url).searchParams;
  const pick = (name: string, pattern: RegExp) => {
    const value = params.get(name);
    return value && pattern.test(value) ? value : null;
  };
  const before = pick("before", CURSOR);
  return { before, after: before ? null : pick("after", CURSOR), user: pick("user", PERSON) };
}

export async function readActivityPage(admin: UpstreamSender, query: ActivityQuery) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const search = params.size > 0 ? `?${params.toString()}` : "";
  const page = pageSchema.parse(await (await admin.send(`/api/admin/activity${search}`)).json());
  return { items: page.items satisfies ActivityLine[], next: page.next, newer: page.newer ?? null };
}

/**
 * Everyone on the committee, to filter by. Only an Administrator may list people
 * (403 for an Editor), and an upstream without the call answers 404: then the people
 * the page itself names will do.
 */
export async function readPeople(admin: UpstreamSender, lines: ActivityLine[]): Promise<Person[]> {
  try {
    const people = peopleSchema.parse(await (await admin.send("/api/admin/users")).json());
    return people.map(({ id, name, username }) => ({ id, name: name || username, username }));
  } catch (error) {
    if (!(error instanceof UpstreamError && (error.status === 403 || error.status === 404))) throw error;
  }
  const seen = new Map<number, Person>();
  for (const { user } of lines) if (user && !seen.has(user.id)) seen.set(user.id, user);
  return [...seen.values()]
    .map(({ id, name, username }) => ({ id, name, username }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The latest line about each of these items of one type; none when the upstream cannot say. */
export async function latestLines(admin: UpstreamSender, type: string, ids: string[]): Promise<ActivityLine[]> {
  const wanted = [...new Set(ids)].slice(0, 50);
  if (wanted.length === 0) return [];
  try {
    const path = `/api/admin/activity/latest?type=${encodeURIComponent(type)}&ids=${wanted.map(encodeURIComponent).join(",")}`;
    return latestSchema.parse(await (await admin.send(path)).json()).items;
  } catch (error) {
    // The line is an addition to the SPEC's screens: an upstream without the record shows them as they were.
    if (error instanceof UpstreamError || error instanceof z.ZodError) return [];
    throw error;
  }
}

/**
 * 'Last edited by {name} ({username}), {date}' for each item of a list page that has a line in the
 * record, by the item's id, for its edit dialog.
 */
export async function lastEditsOf(
  admin: UpstreamSender,
  type: string,
  ids: string[],
  timeZone: string,
): Promise<Record<string, string>> {
  const lines = await latestLines(admin, type, ids);
  const edits: Record<string, string> = {};
  for (const { target, user, at } of lines) {
    if (target && user) edits[target.id] = `Last edited by ${personLabel(user)}, ${formatDate(at, timeZone)}`;
  }
  return edits;
}

/** The same for a list page: its items and the one an edit link from elsewhere names. */
export function lastEditsOfPage(
  admin: UpstreamSender,
  type: string,
  page: { items: ReadonlyArray<{ id: string }>; chosen: { id: string } | null },
): Promise<Record<string, string>> {
  const ids = [...page.items, ...(page.chosen ? [page.chosen] : [])].map((item) => item.id);
  return lastEditsOf(admin, type, ids, env().SITE_TIME_ZONE);
}
