import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, expect } from "vitest";
import { createApi, type Api } from "../../api";
import { settle } from "./admin-test-helpers";
import { get, ORIGIN } from "./harness";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

/**
 * The site the feed tests read (the calendar, the news feed, the sitemap, robots.txt): an
 * embedded /api with four events from long ago to next year and 22 news items, the last
 * one with HTML to sanitise and a title to escape. Each test file makes its own.
 */
const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = "feeds-test-password";

export const site = {
  /**
   * The /api's clock, which a test moves to make an edit happen later than the creation:
   * whole seconds (iCalendar's precision), and behind the real clock the site judges by.
   */
  apiNow: Math.floor((Date.now() - 30 * 60_000) / 1000) * 1000,
  api: undefined as unknown as Api,
  context: undefined as unknown as AppLoadContext,
  token: "",
};

/** An administrator's call to the /api. */
export async function call(path: string, method = "GET", body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${site.token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return site.api.fetch(
    new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
}

/** The events' ids by name: longAgo, lastMonth, nextWeek, nextYear. */
export const ids: Record<string, string> = {};
/** An event `offsetDays` from now. */
export const eventAt = (name: string, offsetDays: number, extra: Record<string, unknown> = {}) => ({
  name,
  date: new Date(Date.now() + offsetDays * DAY).toISOString(),
  comment: `About ${name}.`,
  bookingUrl: "https://example.org/book",
  ...extra,
});

export function setUpFeedsSite(): void {
  beforeAll(async () => {
    site.api = await createApi({
      dataDir: null,
      adminUsername: "admin",
      adminPassword: PASSWORD,
      seedDemo: false,
      trustProxy: false,
      signingSecret: "feeds-signing-secret-feeds-signing-secret",
      scryptCost: TEST_SCRYPT_COST,
      now: () => new Date(site.apiNow),
    });
    site.context = { apiFetch: (request) => site.api.fetch(request), cspNonce: "test-nonce" };
    const login = await site.api.fetch(
      new Request(`${ORIGIN}/api/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: "admin", password: PASSWORD }),
      }),
    );
    site.token = ((await login.json()) as { token: string }).token;
    const events = {
      longAgo: eventAt("Long ago", -120),
      lastMonth: eventAt("Last month", -30),
      nextWeek: eventAt("Next week", 7, { location: "School hall, room 2; by the gate", organiser: "Sam" }),
      nextYear: eventAt("Next year", 300),
    };
    for (const [key, event] of Object.entries(events)) {
      const created = (await (await call("/api/admin/events", "POST", event)).json()) as { id: number };
      ids[key] = String(created.id);
    }
    for (let i = 1; i <= 22; i++) {
      const publishedAt = new Date(Date.now() - (30 - i) * DAY).toISOString();
      const content =
        i === 22
          ? `<p>Read <a href="/events/${ids.nextWeek}">the event</a> &amp; <strong>come</strong>!</p>` +
            `<p>${"Long text. ".repeat(30)}</p><img src="x" onerror="alert(1)"><script>alert(2)</script>`
          : `<p>Item ${i}</p>`;
      await call("/api/admin/news", "POST", {
        title: i === 22 ? 'Fish & chips <night> ]]> "quoted"' : `News ${i}`,
        content,
        publishedAt,
        imageUrl: i === 22 ? "/objects/images/AAAAAAAAAAAAAAAAAAAAAA" : "",
      });
    }
  });

  afterAll(() => site.api.close());
}

type Loader = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown;

export function load(
  loader: Loader,
  path: string,
  params: Record<string, string> = {},
  ctx = site.context,
): Promise<Response> {
  return settle(() => loader({ request: get(path), context: ctx, params }));
}

/** A feed's answer: 200, of its type, and cacheable for five minutes. */
export function expectCacheableFeed(response: Response, contentType: string): void {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe(contentType);
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
}
