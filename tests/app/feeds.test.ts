import type { AppLoadContext } from "@remix-run/node";
import { JSDOM } from "jsdom";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { loader as calendarLoader } from "~/routes/events[.]ics";
import { loader as newsFeedLoader } from "~/routes/news[.]xml";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { expectCacheableFeed, ids, load, setUpFeedsSite, site } from "./feeds-site";
import { ORIGIN } from "./harness";

/**
 * The news feed, the sitemap and robots.txt, as their routes answer them over the embedded
 * /api, each read back with an independent parser: rss-parser, jsdom's XML parser. And
 * what the feeds answer when the upstream fails. The calendars: calendars.test.ts.
 */
setUpFeedsSite();

interface RssItem {
  title: string;
  link: string;
  guid: string;
  pubDate: string;
  content: string;
  "content:encoded": string;
}

describe("/news.xml", () => {
  it("is RSS 2.0 with the latest 20 items, newest first", async () => {
    const response = await load(newsFeedLoader, "/news.xml");
    expectCacheableFeed(response, "application/rss+xml; charset=utf-8");
    const feed = await new Parser<Record<string, never>, RssItem>({
      customFields: { feed: ["language", "lastBuildDate"] as never[] },
    }).parseString(await response.text());
    expect(feed.title).toBe("Oakfield Primary Dads' Club news");
    expect(feed.description).toBe("News from Oakfield Primary Dads' Club.");
    expect(feed.link).toBe(`${ORIGIN}/news`);
    expect((feed as unknown as { language: string }).language).toBe("en-GB");
    expect(feed.items).toHaveLength(20);
    expect(feed.items[0].title).toBe('Fish & chips <night> ]]> "quoted"');
    expect(feed.items.at(-1)?.title).toBe("News 3");
    for (const item of feed.items) {
      expect(item.link).toMatch(new RegExp(`^${ORIGIN}/news/\\d+$`));
      expect(item.guid).toBe(item.link);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    }
    // The channel's date is the newest change, so an unchanged feed stays the same file.
    const lastBuild = (feed as unknown as { lastBuildDate: string }).lastBuildDate;
    expect(Date.parse(lastBuild)).toBeLessThanOrEqual(Date.now());
  });

  it("describes an item in 150 characters of plain text and gives its sanitised HTML, links made absolute", async () => {
    const text = await (await load(newsFeedLoader, "/news.xml")).text();
    const feed = await new Parser<Record<string, never>, RssItem>().parseString(text);
    const item = feed.items[0];
    // rss-parser gives <description> as `content` when content:encoded is also there.
    const xml = new JSDOM(text, { contentType: "application/xml" }).window.document;
    const description = xml.querySelector("item > description")?.textContent;
    expect(description).toMatch(/^Read the event & come! Long text\. /);
    expect(description?.endsWith("…")).toBe(true);
    expect(description?.length).toBeLessThanOrEqual(151);
    expect(description).not.toContain("<");

    const html = item["content:encoded"];
    expect(html).toContain(`<a href="${ORIGIN}/events/${ids.nextWeek}"`);
    expect(html).toContain("<strong>come</strong>");
    expect(html).toMatch(/^<p><img src="http:\/\/localhost:3000\/objects\/images\/A+" alt=""><\/p>/);
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("<script");
  });
});

describe("/sitemap.xml", () => {
  it("lists the six public pages and every item page, with absolute addresses and dates", async () => {
    const response = await load(sitemapLoader, "/sitemap.xml");
    expectCacheableFeed(response, "application/xml; charset=utf-8");
    // jsdom's XML mode refuses a document that is not well-formed.
    const document = new JSDOM(await response.text(), { contentType: "application/xml" }).window.document;
    expect(document.documentElement.namespaceURI).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const urls = [...document.getElementsByTagName("url")].map((url) => ({
      loc: url.getElementsByTagName("loc")[0]?.textContent,
      lastmod: url.getElementsByTagName("lastmod")[0]?.textContent ?? null,
    }));
    const locs = urls.map((url) => url.loc);
    for (const path of ["/", "/news", "/events", "/gallery", "/who-we-are", "/what-we-do"]) {
      expect(locs).toContain(`${ORIGIN}${path}`);
    }
    const news = (await (await site.api.fetch(new Request(`${ORIGIN}/api/news`))).json()) as Array<{ id: number }>;
    for (const { id } of news) expect(locs).toContain(`${ORIGIN}/news/${id}`);
    for (const id of Object.values(ids)) expect(locs).toContain(`${ORIGIN}/events/${id}`);
    expect(urls).toHaveLength(6 + news.length + Object.keys(ids).length);
    // Our /api says when each item changed: that is its lastmod, never in the future.
    for (const url of urls.filter((entry) => /\/(news|events)\/\d+$/.test(entry.loc ?? ""))) {
      expect(url.lastmod, url.loc ?? "").toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(Date.parse(url.lastmod ?? "")).toBeLessThanOrEqual(site.apiNow);
    }
  });
});

describe("/robots.txt", () => {
  it("lets crawlers read the public site, not the admin area, and names the sitemap", async () => {
    const response = await load(robotsLoader, "/robots.txt");
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual(expect.arrayContaining(["User-agent: *", "Disallow: /admin", "Disallow: /api/admin"]));
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("when the upstream fails", () => {
  it("answers 503 with Retry-After and nothing cached, rather than an empty calendar or feed", async () => {
    const down: AppLoadContext = { ...site.context, apiFetch: async () => new Response("down", { status: 500 }) };
    for (const [loader, path] of [
      [calendarLoader, "/events.ics"],
      [newsFeedLoader, "/news.xml"],
      [sitemapLoader, "/sitemap.xml"],
    ] as const) {
      const response = await load(loader, path, {}, down);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
      expect(response.headers.get("Retry-After"), path).toBe("60");
    }
  });
});
