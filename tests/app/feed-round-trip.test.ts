import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent } from "../../api/store/events";
import { createNews } from "../../api/store/news";
import { loader as calendarLoader } from "~/routes/events[.]ics";
import { loader as newsFeedLoader } from "~/routes/news[.]xml";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { readCalendar } from "../fixtures/ical";
import { settle } from "./admin-test-helpers";
import { createHarness, get, ORIGIN, type Harness } from "./harness";

/**
 * Every text the site writes into /news.xml, /events.ics and /sitemap.xml comes back
 * the same when an independent parser reads the file (jsdom's XML parser, ical.js):
 * nothing in a title can close its element or add one of its own.
 */
const CORPUS = [
  "a]]>b]]></title><link>https://evil.example/rss</link><description><![CDATA[<img src=x onerror=alert(1)>]]></description><title>c",
  "]]>]]>]]>",
  "</title></item><item><title>smuggled</title><link>https://evil.example/</link></item><item><title>x",
  "tab\there, bell\u0007, nul\u0000, escape\u001b, delete\u007f, form feed\u000c",
  "lone \ud800 high, lone \udfff low, a real pair 😀, and é",
  "line one\r\nline two\rline three\nline four",
  `${"a very long line ".repeat(600)}end`,
  `&amp; &lt; <b>bold</b> "double" 'single' ; semicolon , comma \\ backslash`,
];

/** What XML 1.0 can carry of a text: its Char production (§2.2), which leaves out most controls and lone surrogates. */
const inXml = (text: string) => text.replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "");

/** What iCalendar TEXT can carry: no control characters at all, and a line break is a line break. */
const inCalendar = (text: string) =>
  inXml(text)
    .replace(/\u007f/g, "")
    .replace(/\r\n?/g, "\n");

let h: Harness;
const newsIds: string[] = [];
/** The texts as the /api keeps them (a lone surrogate is no text a database stores), in CORPUS's order. */
let stored: string[];
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  const db = h.api.store.db;
  for (const [i, text] of CORPUS.entries()) {
    const publishedAt = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
    const item = await createNews(db, { title: text, content: "<p>x</p>", publishedAt, imageUrl: null }, new Date());
    newsIds.push(String(item.id));
    const date = new Date(Date.now() + (i + 1) * 86_400_000).toISOString();
    const event = { name: text, date, comment: text, organiser: text, location: text, imageUrl: null };
    await createEvent(db, { ...event, bookingUrl: "https://example.org/book" }, new Date());
  }
  const news = await h.read<Array<{ title: string }>>("/api/news");
  stored = news.map((item) => item.title).reverse();
  expect(stored).toHaveLength(CORPUS.length);
});
afterAll(() => h.close());

async function body(loader: typeof newsFeedLoader, path: string): Promise<string> {
  const response = await settle(() => loader({ request: get(path), context: h.context, params: {} }));
  expect(response.status).toBe(200);
  return response.text();
}

const xmlOf = (text: string) => new JSDOM(text, { contentType: "application/xml" }).window.document;

describe("round trips", () => {
  it("/news.xml: every title comes back whole, one item and one link per news item", async () => {
    const xml = xmlOf(await body(newsFeedLoader, "/news.xml"));
    const items = [...xml.querySelectorAll("channel > item")];
    expect(items).toHaveLength(CORPUS.length);
    const newestFirst = [...stored].reverse();
    expect(items.map((item) => item.querySelector("title")?.textContent)).toEqual(newestFirst.map(inXml));
    for (const item of items) {
      expect(item.children.length).toBe(6);
      expect(item.querySelectorAll("link")).toHaveLength(1);
    }
    const links = items.map((item) => item.querySelector("link")?.textContent);
    expect(links).toEqual([...newsIds].reverse().map((id) => `${ORIGIN}/news/${id}`));
    expect(xml.querySelectorAll("channel > link")).toHaveLength(1);
  });

  it("/events.ics: every name, description, place and organiser comes back whole", async () => {
    const { events } = readCalendar(await body(calendarLoader, "/events.ics"));
    expect(events).toHaveLength(CORPUS.length);
    expect(events.map((event) => event.summary)).toEqual(stored.map(inCalendar));
    expect(events.map((event) => event.location)).toEqual(stored.map(inCalendar));
    for (const [i, event] of events.entries()) {
      const text = inCalendar(stored[i]);
      expect(event.description.startsWith(`${text}\n\nOrganised by ${text}`)).toBe(true);
    }
  });

  it("/sitemap.xml: one address per page and item, each as written", async () => {
    const xml = xmlOf(await body(sitemapLoader, "/sitemap.xml"));
    const locs = [...xml.querySelectorAll("url > loc")].map((loc) => loc.textContent);
    expect(new Set(locs).size).toBe(locs.length);
    for (const id of newsIds) expect(locs).toContain(`${ORIGIN}/news/${id}`);
    expect(locs).toHaveLength(6 + 2 * CORPUS.length);
  });
});
