import { describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { action as eventsAction, loader as eventsLoader } from "~/routes/admin.events";
import { action as newsAction, loader as newsLoader } from "~/routes/admin.news";
import { args, failureOf, picnicEventForm, settle, tokenOf } from "./admin-test-helpers";
import { flashOf, get, ORIGIN, post, signedInHarness } from "./harness";

/**
 * publishing: the dialogs' three saves, the states on Manage News and
 * Manage Events with their filter, and the dashboard's line, against the real /api (two
 * people editing one item: admin-edit-conflict.test.ts).
 */

interface AdminItem {
  id: string;
  title?: string;
  name?: string;
  content?: string;
  status: "draft" | "scheduled" | "published";
  publishAt: string | null;
  version: number;
}

const session = signedInHarness();

async function admin<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const token = (await tokenOf(session.cookie)) ?? "";
  const response = await session.h.api.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: init.method ?? "GET",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    }),
  );
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

const sendNews = (fields: Record<string, string>, path = "/admin/news") =>
  settle(() => newsAction(args(post(path, fields, session.cookie), session.h.context)));
const sendEvent = (fields: Record<string, string>, path = "/admin/events") =>
  settle(() => eventsAction(args(post(path, fields, session.cookie), session.h.context)));

async function loadNews(path: string) {
  const response = await settle(() => newsLoader(args(get(path, session.cookie), session.h.context)));
  expect(response.status).toBe(200);
  return (await response.json()) as { items: AdminItem[]; chosen: AdminItem | null };
}

async function findNews(title: string): Promise<AdminItem | undefined> {
  const all = await admin<AdminItem[]>("/api/admin/news?limit=100");
  return all.find((item) => item.title === title);
}

const publicNewsTitles = async () => (await session.h.read<Array<{ title: string }>>("/api/news")).map((i) => i.title);

const news = (title: string, extra: Record<string, string> = {}) => ({
  intent: "create",
  title,
  publishedAt: "2030-03-01",
  content: `<p>${title}</p>`,
  imageUrl: "",
  ...extra,
});

describe("the news dialog's three saves", () => {
  it("'Save draft' stores a draft that the public lists do not show", async () => {
    const response = await sendNews(news("Half-written notice", { status: "draft" }));
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual({ kind: "success", title: "News item created successfully" });
    expect(await findNews("Half-written notice")).toMatchObject({ status: "draft", publishAt: null, version: 1 });
    expect(await publicNewsTitles()).not.toContain("Half-written notice");
  });

  it("'Schedule…' sends the time typed in the site's time zone as UTC, and the item waits", async () => {
    const response = await sendNews(
      news("Friday announcement", { status: "scheduled", publishAt: "2031-07-04T16:30" }),
    );
    expect(response.status).toBe(302);
    // 16:30 in London in July (summer time) is 15:30 UTC.
    expect(await findNews("Friday announcement")).toMatchObject({
      status: "scheduled",
      publishAt: "2031-07-04T15:30:00.000Z",
    });
    expect(await publicNewsTitles()).not.toContain("Friday announcement");
  });

  it("'Schedule…' refuses a time that has passed, or none, beside the time field, keeping what was typed", async () => {
    const past = await failureOf(
      await sendNews(news("Too late", { status: "scheduled", publishAt: "2020-01-01T09:00" })),
    );
    expect(past.fieldErrors).toEqual({ publishAt: "Publish at must be in the future" });
    expect(past.notice).toEqual({
      kind: "error",
      title: "Failed to create news item: Publish at must be in the future",
    });
    expect(past.values).toMatchObject({ title: "Too late", publishAt: "2020-01-01T09:00", status: "scheduled" });

    const none = await failureOf(await sendNews(news("No time", { status: "scheduled", publishAt: "" })));
    expect(none.fieldErrors).toEqual({ publishAt: "Publish at is required to schedule" });
    expect(await findNews("Too late")).toBeUndefined();
    expect(await findNews("No time")).toBeUndefined();
  });

  it("the product spec's button publishes a new item, publishes a draft now, and keeps a published item published", async () => {
    expect((await sendNews(news("Straight out"))).status).toBe(302);
    expect(await findNews("Straight out")).toMatchObject({ status: "published" });

    const draft = await findNews("Half-written notice");
    const opened = await loadNews(`/admin/news?edit=${draft?.id}`);
    expect(opened.chosen).toMatchObject({ id: String(draft?.id), status: "draft" });
    const update = {
      ...news("Half-written notice, finished"),
      intent: "update",
      id: String(draft?.id),
      version: String(opened.chosen?.version),
      state: "draft",
    };
    const response = await sendNews(update, `/admin/news?edit=${draft?.id}`);
    expect(await flashOf(response)).toEqual({ kind: "success", title: "News item updated successfully" });
    expect(await findNews("Half-written notice, finished")).toMatchObject({ status: "published" });
    expect(await publicNewsTitles()).toContain("Half-written notice, finished");

    const published = await findNews("Straight out");
    const saved = await sendNews({
      ...news("Straight out, corrected"),
      intent: "update",
      id: String(published?.id),
      version: String(published?.version),
      state: "published",
    });
    expect(saved.status).toBe(302);
    expect(await findNews("Straight out, corrected")).toMatchObject({
      status: "published",
      version: (published?.version ?? 0) + 1,
    });
  });

  it("'Save draft' on an event keeps it off the public list", async () => {
    const response = await sendEvent({ ...picnicEventForm, name: "Draft picnic", status: "draft" });
    expect(response.status).toBe(302);
    const events = await admin<AdminItem[]>("/api/admin/events?status=draft&limit=100");
    expect(events.map((event) => event.name)).toContain("Draft picnic");
    const visible = await session.h.read<Array<{ name: string }>>("/api/events");
    expect(visible.map((event) => event.name)).not.toContain("Draft picnic");
  });
});

describe("Manage News's states", () => {
  it("shows every state with its state, and filters by ?status=", async () => {
    expect((await sendNews(news("Filtered draft", { status: "draft" }))).status).toBe(302);
    const all = await loadNews("/admin/news");
    const stateOf = (items: AdminItem[], title: string) => items.find((item) => item.title === title)?.status;
    expect(stateOf(all.items, "Friday announcement")).toBe("scheduled");
    expect(stateOf(all.items, "Straight out, corrected")).toBe("published");

    const drafts = await loadNews("/admin/news?status=draft");
    expect(drafts.items.length).toBeGreaterThan(0);
    expect(drafts.items.every((item) => item.status === "draft")).toBe(true);
    const scheduled = await loadNews("/admin/news?status=scheduled");
    expect(scheduled.items.map((item) => item.title)).toEqual(["Friday announcement"]);
    const published = await loadNews("/admin/news?status=published");
    expect(published.items.every((item) => item.status === "published")).toBe(true);
    expect(published.items.map((item) => item.title)).toContain("Straight out, corrected");

    // Anything else is 'All'.
    const unknown = await loadNews("/admin/news?status=everything");
    expect(unknown.items.map((item) => item.id)).toEqual(all.items.map((item) => item.id));
  });

  it("a save from a filtered list returns to that list", async () => {
    const response = await sendNews(news("Another draft", { status: "draft" }), "/admin/news?status=draft&new");
    expect(response.headers.get("Location")).toBe("/admin/news?status=draft");
  });

  it("the events list carries each event's state too", async () => {
    const response = await settle(() =>
      eventsLoader(args(get("/admin/events?status=draft", session.cookie), session.h.context)),
    );
    const data = (await response.json()) as { events: AdminItem[] };
    expect(data.events.map((event) => [event.name, event.status])).toEqual([["Draft picnic", "draft"]]);
    // 'All' lists every state, upcoming soonest first then past.
    const all = await settle(() => eventsLoader(args(get("/admin/events", session.cookie), session.h.context)));
    const every = ((await all.json()) as { events: AdminItem[] }).events;
    expect(every.map((event) => [event.name, event.status])).toContainEqual(["Draft picnic", "draft"]);
  });
});

describe("the dashboard", () => {
  it("counts the drafts and scheduled items of each list as the /api does", async () => {
    const response = await settle(() =>
      dashboardLoader(args(get("/admin/dashboard", session.cookie), session.h.context)),
    );
    const data = (await response.json()) as { states: unknown };
    const states = await admin<{ news: { draft: number; scheduled: number } }>("/api/admin/content-states");
    expect(data.states).toEqual(states);
    expect(data.states).toMatchObject({ news: { draft: 2, scheduled: 1 }, events: { draft: 1, scheduled: 0 } });
  });
});
