import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import type { ClubEvent, NewsItem } from "~/lib/upstream/answers.server";
import type { SiteInfo } from "~/lib/site.server";
import { requestedSitemapPage, sitemapAddresses } from "~/lib/public/sitemap-parts.server";
import { pageUrls, robotsTxt, sitemap, sitemapIndex } from "~/lib/public/sitemap.server";
import { escapeXml, xmlSafe } from "~/lib/xml.server";

/** The sitemap and robots.txt as written for a given upstream answer, read back with jsdom's XML parser. */
const site: SiteInfo = {
  name: "Club",
  origin: "https://dads.example.org",
  timeZone: "Europe/London",
  now: "2027-01-15T12:00:00.000Z",
};

const news = (id: string, publishedAt: string, updatedAt?: string): NewsItem => ({
  id,
  title: id,
  content: "",
  publishedAt,
  imageUrl: null,
  updatedAt,
});
const event = (id: string, date: string, updatedAt?: string): ClubEvent => ({
  id,
  name: id,
  date,
  comment: "",
  organiser: null,
  location: null,
  imageUrl: null,
  bookingUrl: "https://example.org",
  updatedAt,
});

function read(xml: string): Map<string, string | null> {
  const document = new JSDOM(xml, { contentType: "application/xml" }).window.document;
  return new Map(
    [...document.getElementsByTagName("url")].map((url) => [
      url.getElementsByTagName("loc")[0]?.textContent ?? "",
      url.getElementsByTagName("lastmod")[0]?.textContent ?? null,
    ]),
  );
}

describe("the sitemap", () => {
  it("dates items by their edit, else by their own date, never in the future; list pages by the items they show", () => {
    const urls = read(
      sitemap(
        [news("1", "2027-01-01T09:00:00Z", "2027-01-10T09:00:00Z"), news("2", "2026-12-01T09:00:00Z")],
        [
          event("5", "2027-03-01T10:00:00Z"),
          event("6", "2026-11-01T10:00:00Z"),
          event("7", "2027-05-01T10:00:00Z", "2027-01-02T00:00:00Z"),
        ],
        site,
      ),
    );
    expect(urls.get("https://dads.example.org/news/1")).toBe("2027-01-10T09:00:00.000Z");
    expect(urls.get("https://dads.example.org/news/2")).toBe("2026-12-01T09:00:00.000Z");
    expect(urls.get("https://dads.example.org/events/5")).toBeNull();
    expect(urls.get("https://dads.example.org/events/6")).toBe("2026-11-01T10:00:00.000Z");
    expect(urls.get("https://dads.example.org/events/7")).toBe("2027-01-02T00:00:00.000Z");
    expect(urls.get("https://dads.example.org/news")).toBe("2027-01-10T09:00:00.000Z");
    expect(urls.get("https://dads.example.org/events")).toBe("2027-01-02T00:00:00.000Z");
    expect(urls.get("https://dads.example.org/")).toBe("2027-01-10T09:00:00.000Z");
    expect(urls.has("https://dads.example.org/gallery")).toBe(true);
    expect(urls.get("https://dads.example.org/gallery")).toBeNull();
    expect(urls.size).toBe(6 + 2 + 3);
  });

  it("dates a list page by the items it shows, not by an edit to one further back", () => {
    // Eleven items, newest first; the oldest (on the second page of /news) was edited last.
    const items = Array.from({ length: 11 }, (_, i) =>
      news(
        `n${i}`,
        `2026-12-${String(20 - i).padStart(2, "0")}T09:00:00Z`,
        i === 10 ? "2027-01-14T00:00:00Z" : undefined,
      ),
    );
    const urls = read(sitemap(items, [], site));
    expect(urls.get("https://dads.example.org/news/n10")).toBe("2027-01-14T00:00:00.000Z");
    expect(urls.get("https://dads.example.org/news")).toBe("2026-12-20T09:00:00.000Z");
    expect(urls.get("https://dads.example.org/")).toBe("2026-12-20T09:00:00.000Z");
  });

  it("dates the home page by the next event too, and /events by its first page", () => {
    const events = [
      event("soon", "2027-01-20T10:00:00Z", "2027-01-12T00:00:00Z"),
      event("later", "2027-02-20T10:00:00Z", "2027-01-13T00:00:00Z"),
    ];
    const urls = new Map(
      pageUrls([news("n", "2027-01-01T00:00:00Z")], events, site).map((url) => [url.path, url.lastmod]),
    );
    expect(urls.get("/")).toBe(Date.parse("2027-01-12T00:00:00Z"));
    expect(urls.get("/events")).toBe(Date.parse("2027-01-13T00:00:00Z"));
    expect(urls.get("/gallery")).toBeNull();
  });

  it("stays well-formed whatever ids a foreign upstream uses", () => {
    const urls = read(sitemap([news("a&b<c>\"'", "2026-01-01")], [event("x y/z", "2026-01-01")], site));
    expect(urls.has("https://dads.example.org/news/a%26b%3Cc%3E%22'")).toBe(true);
    expect(urls.has("https://dads.example.org/events/x%20y%2Fz")).toBe(true);
  });

  it("escapes XML and drops the characters XML cannot hold", () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    expect(xmlSafe("ok\u0000\u0007\uFFFE 🎉\ttab\nline")).toBe("ok 🎉\ttab\nline");
  });
});

describe("the sitemap index", () => {
  it("names the pages' sitemap and one per thousand news items and events, by absolute address", () => {
    expect(sitemapAddresses(1000, 1)).toEqual([
      "/sitemap-pages.xml",
      "/sitemap-news.xml?page=1",
      "/sitemap-events.xml?page=1",
    ]);
    expect(sitemapAddresses(2001, 0)).toEqual([
      "/sitemap-pages.xml",
      "/sitemap-news.xml?page=1",
      "/sitemap-news.xml?page=2",
      "/sitemap-news.xml?page=3",
    ]);
    const document = new JSDOM(sitemapIndex(sitemapAddresses(1500, 10), site), { contentType: "application/xml" })
      .window.document;
    expect(document.documentElement.localName).toBe("sitemapindex");
    expect(document.documentElement.namespaceURI).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect([...document.getElementsByTagName("loc")].map((loc) => loc.textContent)).toEqual([
      "https://dads.example.org/sitemap-pages.xml",
      "https://dads.example.org/sitemap-news.xml?page=1",
      "https://dads.example.org/sitemap-news.xml?page=2",
      "https://dads.example.org/sitemap-events.xml?page=1",
    ]);
  });

  it("reads ?page= as a whole number from 1, the first when there is none", () => {
    const page = (query: string) =>
      requestedSitemapPage(new Request(`https://dads.example.org/sitemap-news.xml${query}`));
    expect(page("")).toBe(1);
    expect(page("?page=1")).toBe(1);
    expect(page("?page=42")).toBe(42);
    expect(page("?page=999999")).toBe(999999);
    for (const query of ["?page=", "?page=0", "?page=01", "?page=-1", "?page=1.0", "?page=x", "?page=1000000"]) {
      expect(page(query), query).toBeNull();
    }
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of the admin area and names the sitemap by the site's origin", () => {
    expect(robotsTxt(site)).toBe(
      "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/admin\n\nSitemap: https://dads.example.org/sitemap.xml\n",
    );
  });
});
