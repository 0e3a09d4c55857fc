import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as notFoundLoader } from "~/routes/$";
import { loader as homeLoader } from "~/routes/_index";
import { loader as eventsLoader } from "~/routes/events";
import { loader as galleryLoader } from "~/routes/gallery";
import { loader as newsLoader } from "~/routes/news";
import { loader as whatWeDoLoader } from "~/routes/what-we-do";
import { loader as whoWeAreLoader } from "~/routes/who-we-are";
import { settle } from "./admin-test-helpers";
import { createHarness, get, ORIGIN, type Harness } from "./harness";

type Loader = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function load<T>(loader: Loader, path: string, context: AppLoadContext = h.context): Promise<T> {
  const response = await settle(() => loader({ request: get(path), context, params: {} }));
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** What a loader throws: the Response the route's error boundary will receive. */
async function thrown(loader: Loader, path: string, context: AppLoadContext): Promise<Response> {
  try {
    await loader({ request: get(path), context, params: {} });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error(`${path} did not throw`);
}

interface Site {
  name: string;
  origin: string;
  timeZone: string;
  now: string;
}
interface EventView {
  id: string;
  name: string;
  date: string;
  dateText: string;
  past: boolean;
  shareText: string;
  bookingUrl: string;
}
interface NewsView {
  id: string;
  title: string;
  dateText: string;
  html: string;
  shareText: string;
}

describe("home loader", () => {
  it("returns the first upcoming event and the newest news item, dates formatted in the site zone", async () => {
    const data = await load<{ site: Site; nextEvent: EventView | null; latestNews: NewsView | null }>(homeLoader, "/");
    expect(data.site.name).toBe("Oakfield Primary Dads' Club");
    expect(data.site.origin).toBe(ORIGIN);
    expect(data.site.timeZone).toBe("Europe/London");
    expect(data.nextEvent?.name).toBe("Family Bike Ride and Picnic");
    expect(new Date(data.nextEvent!.date).getTime()).toBeGreaterThanOrEqual(new Date(data.site.now).getTime());
    expect(data.nextEvent?.dateText).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(data.latestNews?.title).toBe("Bookings open for the family bike ride");
    // The card heading is an h3 on the home page, so the content's top heading (an h2) is an h4.
    expect(data.latestNews?.html).toContain("<h4>What to bring</h4>");
  });

  it("sends a server-side booking request to the Events page's dialog", async () => {
    const response = await thrown(homeLoader, "/?book=3", h.context);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/events?book=3");
  });

  it("has no next event when every event is past", async () => {
    const empty = await createHarness({ seedDemo: false });
    try {
      const data = await load<{ nextEvent: unknown; latestNews: unknown }>(homeLoader, "/", empty.context);
      expect(data.nextEvent).toBeNull();
      expect(data.latestNews).toBeNull();
    } finally {
      await empty.close();
    }
  });
});

describe("news loader", () => {
  it("returns every item with sanitised HTML and a 150-character plain share text", async () => {
    const { news } = await load<{ news: NewsView[] }>(newsLoader, "/news");
    expect(news.map((item) => item.title)).toEqual([
      "Bookings open for the family bike ride",
      "Welcome to our new website",
      "Den-building day: a muddy success",
    ]);
    const bikeRide = news[0];
    expect(bikeRide.html).toContain("<u>open for booking</u>");
    // Right below the card's h2: no heading level is skipped.
    expect(bikeRide.html).toContain("<h3>What to bring</h3>");
    expect(bikeRide.shareText).not.toMatch(/[<>]/);
    expect(bikeRide.shareText.length).toBeLessThanOrEqual(151);
    expect(bikeRide.shareText.endsWith("…")).toBe(true);
    expect(bikeRide.shareText.startsWith("Our spring bike ride is open for booking.")).toBe(true);
  });

  it("sanitises content again, whatever the upstream sent", async () => {
    const hostile: AppLoadContext = {
      apiFetch: async () =>
        Response.json([
          {
            id: 9,
            title: "Hostile",
            publishedAt: "2025-01-01T00:00:00.000Z",
            imageUrl: null,
            content:
              '<p onclick="alert(1)">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p><img src=x onerror=alert(1)>',
          },
          {
            id: 10,
            title: "Plain",
            publishedAt: "2025-01-01T00:00:00.000Z",
            content: "Line one\nLine two\n\nSecond paragraph",
          },
        ]),
    };
    const { news } = await load<{ news: NewsView[] }>(newsLoader, "/news", hostile);
    expect(news[0].html).not.toMatch(/onclick|script|onerror|<img|javascript:/i);
    expect(news[0].html).toContain("Hi");
    expect(news[1].html).toBe("<p>Line one<br>Line two</p><p>Second paragraph</p>");
  });
});

describe("events loader", () => {
  it("lists upcoming events soonest first, then past ones most recent first", async () => {
    const { events, site } = await load<{ events: EventView[]; site: Site }>(eventsLoader, "/events");
    expect(events.map((event) => [event.name, event.past])).toEqual([
      ["Family Bike Ride and Picnic", false],
      ["Stargazing Night", false],
      ["Pancake Breakfast and Board Games", false],
      ["Dads' and Kids' Five-a-Side", true],
      ["Autumn Den-Building Day", true],
    ]);
    for (const event of events) {
      expect(new Date(event.date) < new Date(site.now)).toBe(event.past);
    }
    expect(events[0].shareText.length).toBeLessThanOrEqual(151);
  });
});

describe("gallery loader", () => {
  it("returns the images newest first with their captions", async () => {
    const { images } = await load<{ images: Array<{ id: string; imageUrl: string; caption: string | null }> }>(
      galleryLoader,
      "/gallery",
    );
    expect(images).toHaveLength(4);
    expect(images[0].caption).toBe("Den building in Oakfield Woods — the tallest den yet!");
    expect(images[0].imageUrl).toMatch(/^\/objects\/images\//);
  });
});

describe("text page loaders", () => {
  it("who we are returns the three texts", async () => {
    const { content } = await load<{ content: { aboutUs: string; whoAreWe: string; contactEmail: string } }>(
      whoWeAreLoader,
      "/who-we-are",
    );
    expect(content.contactEmail).toBe("dadsclub@example.org");
    expect(content.aboutUs.split("\n\n")).toHaveLength(3);
    expect(content.whoAreWe).toContain("volunteer committee");
  });

  it("what we do returns mission, activities and impact", async () => {
    const { content } = await load<{ content: { mission: string; activities: string; impact: string } }>(
      whatWeDoLoader,
      "/what-we-do",
    );
    expect(content.mission).toMatch(/^Our mission/);
    expect(content.activities.split("\n\n")).toHaveLength(3);
    expect(content.impact).toContain("150 families");
  });
});

describe("not found", () => {
  it("answers 404 for any other path", async () => {
    const response = await thrown(notFoundLoader, "/no/such/page", h.context);
    expect(response.status).toBe(404);
  });
});

describe("when the upstream fails", () => {
  const loaders: Array<[string, Loader]> = [
    ["/", homeLoader],
    ["/news", newsLoader],
    ["/events", eventsLoader],
    ["/gallery", galleryLoader],
    ["/who-we-are", whoWeAreLoader],
    ["/what-we-do", whatWeDoLoader],
  ];
  const failing: AppLoadContext = { apiFetch: async () => new Response("database is locked", { status: 500 }) };
  const down: AppLoadContext = {
    apiFetch: async () => {
      throw new TypeError("fetch failed: ECONNREFUSED");
    },
  };
  const garbled: AppLoadContext = { apiFetch: async () => Response.json("not what was asked for") };

  it.each(loaders)("%s answers 503 with a friendly message when the upstream answers 500", async (path, loader) => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await thrown(loader, path, failing);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBeTruthy();
    const body = (await response.json()) as { message: string };
    expect(body.message).toBe("This page could not be loaded just now. Please try again in a few minutes.");
    expect(JSON.stringify(body)).not.toContain("database is locked");
    log.mockRestore();
  });

  it.each(loaders)("%s answers 503 when the upstream cannot be reached", async (path, loader) => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await thrown(loader, path, down)).status).toBe(503);
    log.mockRestore();
  });

  it.each(loaders)("%s answers 502 when the upstream's answer is unusable", async (path, loader) => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await thrown(loader, path, garbled)).status).toBe(502);
    log.mockRestore();
  });
});
