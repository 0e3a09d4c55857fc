import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import type { ClubEvent, NewsItem } from "~/lib/models.server";
import type { SiteInfo } from "~/lib/public/site.server";
import { robotsTxt, sitemap } from "~/lib/public/sitemap.server";
import { escapeXml, xmlSafe } from "~/lib/public/xml.server";

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
  it("dates items by their edit, else by their own date, never in the future; list pages by their newest item", () => {
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

describe("robots.txt", () => {
  it("keeps crawlers out of the admin area and names the sitemap by the site's origin", () => {
    expect(robotsTxt(site)).toBe(
      "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/admin\n\nSitemap: https://dads.example.org/sitemap.xml\n",
    );
  });
});
