import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/admin.dashboard";
import { createHarness, get, ORIGIN, type Harness } from "./harness";
import { args, settle, tokenOf } from "./admin-test-helpers";

interface DashboardData {
  counts: { news: number; events: number; images: number };
  latestNews: Array<{ id: string; title: string; date: string }>;
  upcomingEvents: Array<{ id: string; name: string; date: string }>;
  timeZone: string;
}

const DAY = 24 * 60 * 60 * 1000;

async function dashboard(h: Harness, cookie: string): Promise<DashboardData> {
  const response = await settle(() => loader(args(get("/admin/dashboard", cookie), h.context)));
  expect(response.status).toBe(200);
  return (await response.json()) as DashboardData;
}

async function addEvent(h: Harness, token: string, name: string, date: Date) {
  const response = await h.api.fetch(
    new Request(`${ORIGIN}/api/admin/events`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name, date: date.toISOString(), comment: "Test", bookingUrl: "https://example.com/book" }),
    }),
  );
  expect(response.ok).toBe(true);
}

describe("the admin dashboard", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it("sends a signed-out visitor to /admin", async () => {
    const response = await settle(() => loader(args(get("/admin/dashboard"), h.context)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
  });

  it("counts news, events and images from the upstream lists", async () => {
    const cookie = await h.signIn();
    const [news, events, gallery] = await Promise.all([
      h.read<unknown[]>("/api/news"),
      h.read<unknown[]>("/api/events"),
      h.read<unknown[]>("/api/gallery"),
    ]);
    const data = await dashboard(h, cookie);
    expect(data.counts).toEqual({ news: news.length, events: events.length, images: gallery.length });
    expect(data.counts.news).toBeGreaterThan(0);
  });

  it("lists the first five news items as the upstream orders them", async () => {
    const cookie = await h.signIn();
    const news = await h.read<Array<{ title: string; publishedAt: string }>>("/api/news");
    const data = await dashboard(h, cookie);
    expect(data.latestNews.map((item) => item.title)).toEqual(news.slice(0, 5).map((item) => item.title));
    expect(data.latestNews[0].date).toBe(news[0].publishedAt);
  });

  it("lists the next five events that have not happened yet, soonest first", async () => {
    const cookie = await h.signIn();
    const token = (await tokenOf(cookie)) ?? "";
    const now = Date.now();
    await addEvent(h, token, "Yesterday's picnic", new Date(now - DAY));
    for (const days of [40, 2, 30, 1, 20, 10]) await addEvent(h, token, `In ${days} days`, new Date(now + days * DAY));

    const data = await dashboard(h, cookie);
    expect(data.upcomingEvents).toHaveLength(5);
    expect(data.upcomingEvents.map((event) => event.name)).not.toContain("Yesterday's picnic");
    const times = data.upcomingEvents.map((event) => new Date(event.date).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.every((time) => time >= now)).toBe(true);
    expect(data.upcomingEvents[0].name).toBe("In 1 days");
  });
});

describe("the dashboard of an empty site", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ seedDemo: false });
  });
  afterAll(() => h.close());

  it("counts nothing and lists nothing", async () => {
    const data = await dashboard(h, await h.signIn());
    expect(data.counts).toEqual({ news: 0, events: 0, images: 0 });
    expect(data.latestNews).toEqual([]);
    expect(data.upcomingEvents).toEqual([]);
  });
});
