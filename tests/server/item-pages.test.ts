import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServing, stop, type Child } from "../fixtures/real-server";

/**
 * The pages of single events and news items as a link preview, a search engine or a
 * visitor following a shared link gets them from the real server: their own tags, their
 * schema.org data, and the 404 screen for anything else. Needs `npm run build`.
 */
const PASSWORD = "item-pages-test-password";
const SITE_URL = "https://dads.example.org";
/** User text that tries to end the JSON-LD script element and run its own. */
const HOSTILE = `Picnic </script><script>alert("x")</script> & "friends"`;

let dataDir: string;
let server: Child & { base: string };
let token: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "club-items-"));
  server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, SITE_URL, SEED_DEMO: "0" });
  const login = await fetch(`${server.base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  token = ((await login.json()) as { token: string }).token;
});

afterAll(async () => {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
});

async function create(kind: "events" | "news", body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${server.base}/api/admin/${kind}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return String(((await response.json()) as { id: number }).id);
}

/** A news item without an image; its id. */
const createNews = (title: string, content: string, publishedAt: string) =>
  create("news", { title, content, publishedAt, imageUrl: null });

async function page(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.base}${path}`);
  return { status: response.status, html: await response.text() };
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

/** Every JSON-LD block of the page, parsed as JSON (a parse error fails the test). */
function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]),
  );
}

describe("an event's own page", () => {
  it("shows the event with its booking, a way back, its own preview tags and schema.org Event", async () => {
    const comment = `A long afternoon in the park. ${"Bring a blanket and something to share. ".repeat(6)}`.trim();
    const id = await create("events", {
      name: "Summer picnic",
      date: "2031-07-27T13:00:00.000Z",
      comment,
      bookingUrl: "https://tickets.example.org/picnic",
      location: "Oakfield Park",
      organiser: "Sam",
      imageUrl: "https://images.example.org/picnic.jpg",
    });
    const { status, html } = await page(`/events/${id}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1 [^>]*class="card__title"[^>]*>Summer picnic<\/h1>/);
    expect(html).toContain(`href="/events/${id}?book=${id}"`);
    expect(html).toContain(`href="/events/${id}.ics"`);
    expect(html).toContain('href="/events"');

    expect(metaContent(html, "og:title")).toBe("Summer picnic");
    expect(metaContent(html, "og:description")).toBe(`${comment.slice(0, 150).trimEnd()}…`);
    expect(metaContent(html, "og:image")).toBe("https://images.example.org/picnic.jpg");
    expect(metaContent(html, "og:url")).toBe(`${SITE_URL}/events/${id}`);
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/events/${id}"/>`);

    const [event] = jsonLd(html) as Array<Record<string, unknown>>;
    expect(event).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "Summer picnic",
      // 13:00Z is 14:00 in London's summer time.
      startDate: "2031-07-27T14:00:00+01:00",
      location: { "@type": "Place", name: "Oakfield Park" },
      description: comment,
      image: ["https://images.example.org/picnic.jpg"],
      url: `${SITE_URL}/events/${id}`,
      eventStatus: "https://schema.org/EventScheduled",
      offers: { "@type": "Offer", url: "https://tickets.example.org/picnic" },
    });
    expect(JSON.stringify(event.organizer)).toContain("Oakfield Primary Dads' Club");
  });

  it("keeps a title that tries to end the script element inside its JSON-LD", async () => {
    const id = await create("events", {
      name: HOSTILE,
      date: "2031-08-01T10:00:00.000Z",
      comment: "Fine print.",
      bookingUrl: "https://tickets.example.org/x",
    });
    const { html } = await page(`/events/${id}`);
    expect(html).not.toContain('<script>alert("x")</script>');
    const blocks = jsonLd(html) as Array<{ name: string }>;
    expect(blocks.map((block) => block.name)).toEqual([HOSTILE]);
    // And on the Events page, which describes every event it lists.
    const list = jsonLd((await page("/events")).html) as Array<Array<{ name: string }>>;
    expect(list.flat().map((event) => event.name)).toContain(HOSTILE);
  });

  it("is the not-found screen, with a 404, for an unknown or malformed id", async () => {
    for (const path of ["/events/999999", "/events/abc%20def", "/events/%3Cscript%3E", "/news/999999", "/news/x.y"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain("404 Page Not Found");
    }
  });
});

describe("a news item's own page", () => {
  it("shows the whole item under its title, with preview tags and schema.org NewsArticle", async () => {
    const id = await createNews(
      "Den building day",
      "<h1>What we built</h1><p>Three dens and a drawbridge.</p>",
      "2030-05-04T00:00:00.000Z",
    );
    const { status, html } = await page(`/news/${id}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1 [^>]*class="card__title"[^>]*>Den building day<\/h1>/);
    // The content's own top heading comes below the page's h1.
    expect(html).toContain("<h2>What we built</h2>");
    expect(metaContent(html, "og:type")).toBe("article");
    expect(metaContent(html, "og:description")).toBe("What we built Three dens and a drawbridge.");
    expect(metaContent(html, "twitter:card")).toBe("summary");
    expect(metaContent(html, "og:image")).toBeUndefined();
    const [article] = jsonLd(html) as Array<Record<string, unknown>>;
    expect(article).toMatchObject({
      "@type": "NewsArticle",
      headline: "Den building day",
      datePublished: "2030-05-04T00:00:00.000Z",
      url: `${SITE_URL}/news/${id}`,
      author: { "@type": "Organization", name: "Oakfield Primary Dads' Club" },
      publisher: { "@type": "Organization", name: "Oakfield Primary Dads' Club" },
    });
  });

  it("is linked from the lists' titles and the home page", async () => {
    const id = await createNews("Linked item", "<p>x</p>", "2031-01-01T00:00:00.000Z");
    const titleLink = new RegExp(`<h[23] [^>]*class="card__title"[^>]*><a [^>]*href="/news/${id}"`);
    expect((await page("/news")).html).toMatch(titleLink);
    const home = (await page("/")).html;
    expect(home).toMatch(titleLink);
    const [organization] = jsonLd(home) as Array<Record<string, unknown>>;
    expect(organization).toMatchObject({
      "@type": "Organization",
      name: "Oakfield Primary Dads' Club",
      url: `${SITE_URL}/`,
    });
    expect(String(organization.logo)).toMatch(new RegExp(`^${SITE_URL}/build/_assets/logo-`));
  });
});
