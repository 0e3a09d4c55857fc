import type { AppLoadContext } from "@remix-run/node";
import { JSDOM } from "jsdom";
import { expect } from "vitest";
import { createApi, type Api } from "../../api";
import { createEvent } from "../../api/store/events";
import { createNews } from "../../api/store/news";
import { loader as eventsSitemapLoader } from "~/routes/sitemap-events[.]xml";
import { loader as newsSitemapLoader } from "~/routes/sitemap-news[.]xml";
import { loader as pagesSitemapLoader } from "~/routes/sitemap-pages[.]xml";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { settle } from "./admin-test-helpers";
import { get, ORIGIN } from "./harness";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

/**
 * A large site for the sitemap tests, its items put straight into the store (quick), and
 * the sitemaps' routes read back with jsdom's XML parser.
 */
const DAY = 24 * 60 * 60 * 1000;
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
export const FIXED_PAGES = ["/", "/news", "/events", "/gallery", "/who-we-are", "/what-we-do"];

export async function newApi(): Promise<Api> {
  return createApi({
    dataDir: null,
    adminUsername: "admin",
    adminPassword: "sitemap-index-password",
    seedDemo: false,
    trustProxy: false,
    signingSecret: "sitemap-index-signing-secret-sitemap-index",
    scryptCost: TEST_SCRYPT_COST,
  });
}

/** `count` news items, one a day back from yesterday, stamped an hour ago. */
export async function addNews(api: Api, count: number): Promise<number[]> {
  const ids: number[] = [];
  const stamp = new Date(Date.now() - 60 * 60 * 1000);
  for (let i = 0; i < count; i++) {
    const publishedAt = new Date(Date.now() - (i + 1) * DAY).toISOString();
    const item = await createNews(
      api.store.db,
      { title: `N${i}`, content: "<p>x</p>", publishedAt, imageUrl: null },
      stamp,
    );
    ids.push(item.id);
  }
  return ids;
}

/** `count` events, half of them past and half to come. */
export async function addEvents(api: Api, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const date = new Date(Date.now() + (i - count / 2) * DAY + 60_000).toISOString();
    const input = { name: `E${i}`, date, comment: "c", bookingUrl: "https://example.org/book" };
    const event = await createEvent(
      api.store.db,
      { ...input, organiser: null, location: null, imageUrl: null },
      new Date(Date.now() - 60 * 60 * 1000),
    );
    ids.push(event.id);
  }
  return ids;
}

interface Read {
  root: string;
  /** <loc> of each <url> or <sitemap>, in order. */
  locs: string[];
  lastmod: Map<string, string | null>;
}

export function readXml(xml: string): Read {
  const document = new JSDOM(xml, { contentType: "application/xml" }).window.document;
  expect(document.documentElement.namespaceURI).toBe(NAMESPACE);
  const entries = [...document.documentElement.children];
  const locOf = (entry: Element) => entry.getElementsByTagName("loc")[0]?.textContent ?? "";
  return {
    root: document.documentElement.localName,
    locs: entries.map(locOf),
    lastmod: new Map(
      entries.map((entry) => [locOf(entry), entry.getElementsByTagName("lastmod")[0]?.textContent ?? null]),
    ),
  };
}

type Loader = typeof sitemapLoader;
const LOADERS: Record<string, Loader> = {
  "/sitemap.xml": sitemapLoader,
  "/sitemap-pages.xml": pagesSitemapLoader,
  "/sitemap-news.xml": newsSitemapLoader,
  "/sitemap-events.xml": eventsSitemapLoader,
};

/** The route's answer for an address (path and query), and the /api calls it made. */
export async function fetchSitemap(address: string, context: AppLoadContext) {
  const loader = LOADERS[new URL(address, ORIGIN).pathname];
  const calls: string[] = [];
  const send = context.apiFetch;
  if (!send) throw new Error("the context has no /api");
  const counting: AppLoadContext = {
    ...context,
    apiFetch: (request) => {
      const url = new URL(request.url);
      calls.push(`${url.pathname}${url.search}`);
      return send(request);
    },
  };
  const response = await settle(() => loader({ request: get(address), context: counting, params: {} }));
  return { response, calls };
}
