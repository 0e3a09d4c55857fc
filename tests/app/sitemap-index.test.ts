import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Api } from "../../api";
import { ORIGIN } from "./harness";
import { addEvents, addNews, fetchSitemap, FIXED_PAGES, newApi, readXml } from "./sitemap-fixtures";

/**
 * A site past 1,000 addresses: /sitemap.xml becomes a sitemap index, and each sitemap it
 * lists is read back with jsdom's XML parser. Items go straight into the store, so the
 * test is quick; the sitemaps then read them through the /api as ever.
 */
const NEWS = 1_500;
const EVENTS = 1_200;
let api: Api;
let context: AppLoadContext;
let newsIds: number[];
let eventIds: number[];

beforeAll(async () => {
  api = await newApi();
  context = { apiFetch: (request) => api.fetch(request), cspNonce: "test-nonce" };
  newsIds = await addNews(api, NEWS);
  eventIds = await addEvents(api, EVENTS);
});

afterAll(() => api.close());

const CHILDREN = [
  "/sitemap-pages.xml",
  "/sitemap-news.xml?page=1",
  "/sitemap-news.xml?page=2",
  "/sitemap-events.xml?page=1",
  "/sitemap-events.xml?page=2",
];

describe("a site of more than 1,000 addresses", () => {
  it("has a sitemap index at /sitemap.xml, made from three counts (news, events, albums)", async () => {
    const { response, calls } = await fetchSitemap("/sitemap.xml", context);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const index = readXml(await response.text());
    expect(index.root).toBe("sitemapindex");
    expect(index.locs).toEqual(CHILDREN.map((child) => `${ORIGIN}${child}`));
    expect(calls).toHaveLength(3);
    for (const call of calls) expect(new URL(call, ORIGIN).searchParams.get("limit")).toBe("0");
  });

  it("lists every address in exactly one sitemap, each of at most 1,000, each read with one bounded query", async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    for (const child of CHILDREN) {
      const { response, calls } = await fetchSitemap(child, context);
      expect(response.status, child).toBe(200);
      const read = readXml(await response.text());
      expect(read.root).toBe("urlset");
      sizes.push(read.locs.length);
      seen.push(...read.locs);
      for (const call of calls) {
        const query = new URL(call, ORIGIN).searchParams;
        expect(Number(query.get("limit")), call).toBeLessThanOrEqual(1000);
        if (child.startsWith("/sitemap-news")) expect(query.get("fields")).toBe("id,publishedAt,updatedAt");
        if (child.startsWith("/sitemap-events")) expect(query.get("fields")).toBe("id,date,updatedAt");
      }
      if (child !== "/sitemap-pages.xml") expect(calls, child).toHaveLength(1);
    }
    expect(sizes).toEqual([6, 1000, 500, 1000, 200]);
    expect(new Set(seen).size).toBe(seen.length);
    const expected = [
      ...FIXED_PAGES.map((path) => `${ORIGIN}${path}`),
      ...newsIds.map((id) => `${ORIGIN}/news/${id}`),
      ...eventIds.map((id) => `${ORIGIN}/events/${id}`),
    ];
    expect(new Set(seen)).toEqual(new Set(expected));
  });

  it("dates items as the plain sitemap does: by their edit, never in the future", async () => {
    const news = readXml(await (await fetchSitemap("/sitemap-news.xml?page=2", context)).response.text());
    const events = readXml(await (await fetchSitemap("/sitemap-events.xml?page=2", context)).response.text());
    for (const read of [news, events]) {
      for (const [loc, lastmod] of read.lastmod) {
        expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        expect(Date.parse(lastmod ?? ""), loc).toBeLessThanOrEqual(Date.now());
      }
    }
    const pages = readXml(await (await fetchSitemap("/sitemap-pages.xml", context)).response.text());
    expect(pages.locs).toEqual(FIXED_PAGES.map((path) => `${ORIGIN}${path}`));
    expect(pages.lastmod.get(`${ORIGIN}/news`)).toMatch(/^\d{4}-/);
    expect(pages.lastmod.get(`${ORIGIN}/gallery`)).toBeNull();
  });

  it.each([
    "/sitemap-news.xml?page=3",
    "/sitemap-events.xml?page=3",
    "/sitemap-news.xml?page=0",
    "/sitemap-news.xml?page=1.5",
    "/sitemap-events.xml?page=",
    "/sitemap-events.xml?page=abc",
    "/sitemap-news.xml?page=9999999",
  ])("answers %s with a short 404", async (address) => {
    const { response } = await fetchSitemap(address, context);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Sitemap not found.");
  });

  it("takes /sitemap-news.xml without a page as the first", async () => {
    const plain = await (await fetchSitemap("/sitemap-news.xml", context)).response.text();
    expect(plain).toBe(await (await fetchSitemap("/sitemap-news.xml?page=1", context)).response.text());
  });
});

/** An upstream that speaks docs/product.md, 'The calls it makes' alone: it ignores the query and sends every list whole, uncounted. */
async function ignoringParameters(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const answer = await api.fetch(new Request(`${url.origin}${url.pathname}`, { headers: request.headers }));
  const headers = new Headers(answer.headers);
  headers.delete("X-Total-Count");
  return new Response(answer.body, { status: answer.status, headers });
}

describe("against an upstream that ignores the parameters", () => {
  it("makes the same index and the same sitemaps, cut here from the whole lists", async () => {
    const foreign: AppLoadContext = { apiFetch: ignoringParameters };
    for (const address of ["/sitemap.xml", ...CHILDREN, "/sitemap-news.xml?page=3"]) {
      const ours = await fetchSitemap(address, context);
      const theirs = await fetchSitemap(address, foreign);
      expect(theirs.response.status, address).toBe(ours.response.status);
      if (ours.response.status !== 200) continue;
      const [a, b] = [readXml(await ours.response.text()), readXml(await theirs.response.text())];
      expect(b.locs, address).toEqual(a.locs);
    }
  });
});

describe("at the threshold", () => {
  let small: Api;
  let smallContext: AppLoadContext;

  beforeAll(async () => {
    small = await newApi();
    smallContext = { apiFetch: (request) => small.fetch(request) };
    await addNews(small, 994);
  });

  afterAll(() => small.close());

  it("is one <urlset> of all 1,000 addresses, and an index from the 1,001st on", async () => {
    const exactly = readXml(await (await fetchSitemap("/sitemap.xml", smallContext)).response.text());
    expect(exactly.root).toBe("urlset");
    expect(exactly.locs).toHaveLength(1000);
    expect(new Set(exactly.locs).size).toBe(1000);

    await addEvents(small, 1);
    const over = readXml(await (await fetchSitemap("/sitemap.xml", smallContext)).response.text());
    expect(over.root).toBe("sitemapindex");
    expect(over.locs).toEqual(
      ["/sitemap-pages.xml", "/sitemap-news.xml?page=1", "/sitemap-events.xml?page=1"].map(
        (path) => `${ORIGIN}${path}`,
      ),
    );
  });
});
