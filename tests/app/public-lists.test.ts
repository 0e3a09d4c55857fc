import type { AppLoadContext } from "@remix-run/node";
import type * as DOMPurifyModule from "dompurify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as eventsLoader } from "~/routes/events";
import { loader as homeLoader } from "~/routes/_index";
import { loader as newsLoader } from "~/routes/news";
import { settle, withUpstream } from "./admin-test-helpers";
import { createHarness, get, type Harness } from "./harness";

/** Every document DOMPurify is asked to sanitise. */
const purified = vi.hoisted(() => ({ count: 0 }));
vi.mock("dompurify", async (importOriginal) => {
  const original = await importOriginal<typeof DOMPurifyModule>();
  const create: typeof original.default = ((window?: Parameters<typeof original.default>[0]) => {
    const purify = original.default(window);
    const sanitize = purify.sanitize.bind(purify);
    purify.sanitize = ((...args: Parameters<typeof sanitize>) => {
      purified.count += 1;
      return sanitize(...args);
    }) as typeof purify.sanitize;
    return purify;
  }) as typeof original.default;
  return { ...original, default: create };
});

type Loader = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
});
afterAll(() => h.close());

const news = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    title: `News ${i + 1}`,
    content: `<p>Item <strong>${i + 1}</strong></p>`,
    publishedAt: new Date(Date.UTC(2026, 0, 1) - i * 86_400_000).toISOString(),
    imageUrl: null,
  }));

const events = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Event ${i + 1}`,
    // Half a day off the hour: no event falls on the very moment the loader judges by.
    date: new Date(Date.now() + (i - count / 2 + 0.5) * 86_400_000).toISOString(),
    comment: "A morning out.",
    bookingUrl: "https://example.org/book",
  }));

/** An upstream whose lists hold what the test says, the rest from the harness. */
function upstreamWith(lists: Record<string, unknown[]>): AppLoadContext {
  return withUpstream(h.context, (request) => {
    const list = lists[new URL(request.url).pathname];
    return list ? Response.json(list) : null;
  });
}

async function page<T>(loader: Loader, path: string, context: AppLoadContext): Promise<T> {
  const response = await settle(() => loader({ request: get(path), context, params: {} }));
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function status(loader: Loader, path: string, context: AppLoadContext): Promise<number> {
  return (await settle(() => loader({ request: get(path), context, params: {} }))).status;
}

describe("long lists come a page at a time", () => {
  it("News: the newest ten first, the rest on ?page=2 and on, and no page past the last", async () => {
    const context = upstreamWith({ "/api/news": news(25) });
    type NewsPage = { news: Array<{ title: string }>; paging: { page: number; pages: number } };
    const first = await page<NewsPage>(newsLoader, "/news", context);
    expect(first.news.map((item) => item.title)).toEqual(news(10).map((item) => item.title));
    expect(first.paging).toEqual({ page: 1, pages: 3 });
    const last = await page<NewsPage>(newsLoader, "/news?page=3", context);
    expect(last.news.map((item) => item.title)).toEqual(["News 21", "News 22", "News 23", "News 24", "News 25"]);
    for (const path of ["/news?page=4", "/news?page=0", "/news?page=two", "/news?page=-1"]) {
      expect(await status(newsLoader, path, context), path).toBe(404);
    }
  });

  it("Events: upcoming soonest first, then past most recent first, twelve to a page", async () => {
    const context = upstreamWith({ "/api/events": events(30) });
    type EventsPage = { events: Array<{ name: string; past: boolean }>; paging: { page: number; pages: number } };
    const first = await page<EventsPage>(eventsLoader, "/events", context);
    expect(first.paging).toEqual({ page: 1, pages: 3 });
    expect(first.events).toHaveLength(12);
    expect(first.events.every((event) => !event.past)).toBe(true);
    expect(first.events[0].name).toBe("Event 16");
    const last = await page<EventsPage>(eventsLoader, "/events?page=3", context);
    expect(last.events.every((event) => event.past)).toBe(true);
    expect(last.events.at(-1)?.name).toBe("Event 1");
  });

  it("a list that fits on one page has one page", async () => {
    const context = upstreamWith({ "/api/news": news(3) });
    const { paging } = await page<{ paging: unknown }>(newsLoader, "/news", context);
    expect(paging).toEqual({ page: 1, pages: 1 });
    expect(await status(newsLoader, "/news?page=2", context)).toBe(404);
  });
});

describe("news is sanitised once per content, not once per view", () => {
  it("a second and third view of /news and the home page sanitise nothing again", async () => {
    const context = upstreamWith({ "/api/news": news(10), "/api/events": [] });
    await page(newsLoader, "/news", context);
    await page(homeLoader, "/", context);
    const afterFirstViews = purified.count;
    expect(afterFirstViews).toBeGreaterThanOrEqual(10);
    for (let view = 0; view < 2; view++) {
      await page(newsLoader, "/news", context);
      await page(homeLoader, "/", context);
    }
    expect(purified.count).toBe(afterFirstViews);
  });

  it("changed content is sanitised afresh", async () => {
    const before = purified.count;
    const changed = news(1).map((item) => ({ ...item, content: "<p>Edited <em>just now</em></p>" }));
    const { news: shown } = await page<{ news: Array<{ html: string }> }>(
      newsLoader,
      "/news",
      upstreamWith({ "/api/news": changed }),
    );
    expect(shown[0].html).toBe("<p>Edited <em>just now</em></p>");
    expect(purified.count).toBe(before + 1);
  });
});
