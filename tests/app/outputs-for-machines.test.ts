import type { AppLoadContext } from "@remix-run/node";
import Parser from "rss-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as calendarLoader } from "~/routes/events[.]ics";
import { loader as eventPageLoader } from "~/routes/events_.$id";
import { loader as newsFeedLoader } from "~/routes/news[.]xml";
import { loader as newsItemLoader } from "~/routes/news_.$id";
import { settle } from "./admin-test-helpers";
import { apiForFile, dayAt } from "./api-for-file";
import { get } from "./harness";

/**
 * What search engines and feed readers are given (issue 40, item 13): an event's JSON-LD
 * with its end, a place and an offer whether or not it names them, and the club once as
 * its organiser; a news item's dateModified; a plain-text item's paragraphs and an
 * image's description in the feed; and Last-Modified on the feeds.
 */
const site = apiForFile();
const ids: Record<string, string> = {};

async function made(path: string, body: object): Promise<string> {
  const response = await site.call(path, "POST", body);
  expect(response.status).toBe(201);
  return String(((await response.json()) as { id: number }).id);
}

const event = (name: string, days: number, extra: object = {}) => ({
  name,
  date: dayAt(days),
  comment: `About ${name}.`,
  bookingUrl: "https://example.org/book",
  ...extra,
});

beforeAll(async () => {
  ids.park = await made("/api/admin/events", event("Picnic", 7, { location: "Oakfield Park", organiser: "Sam" }));
  // The demo's own wording of the club, with a curly apostrophe.
  ids.bare = await made("/api/admin/events", event("Quiz", 9, { organiser: "Oakfield Primary Dads’ Club" }));
  ids.past = await made("/api/admin/events", event("Bonfire", -9));
  ids.plain = await made("/api/admin/news", {
    title: "Typed plainly",
    content: "First paragraph.\n\nSecond paragraph,\nwith a line break.",
    publishedAt: new Date(site.now - 86_400_000).toISOString(),
    imageUrl: "https://images.example.org/den.jpg",
    imageAlt: "Three children in a den of branches",
  });
  site.now += 60_000;
  const opened = (await (await site.call(`/api/admin/news/${ids.plain}`)).json()) as Record<string, unknown>;
  expect((await site.call(`/api/admin/news/${ids.plain}`, "PUT", { ...opened, title: "Typed plainly!" })).status).toBe(
    200,
  );
});

type Loader = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown;

const load = (loader: Loader, path: string, params: Record<string, string> = {}) =>
  settle(() => loader({ request: get(path), context: site.context(), params }));

async function jsonLdOf(loader: Loader, path: string, id: string) {
  const data = (await (await load(loader, path, { id })).json()) as { meta: Array<Record<string, unknown>> };
  return data.meta.find((tag) => "script:ld+json" in tag)?.["script:ld+json"] as Record<string, unknown>;
}

describe("an event's JSON-LD", () => {
  it("has its end, its place with a postal address, a priced offer and the club once among its organisers", async () => {
    const park = await jsonLdOf(eventPageLoader, `/events/${ids.park}`, ids.park ?? "");
    expect(Date.parse(String(park.endDate)) - Date.parse(String(park.startDate))).toBe(2 * 60 * 60 * 1000);
    expect(park.location).toEqual({
      "@type": "Place",
      name: "Oakfield Park",
      address: { "@type": "PostalAddress", streetAddress: "Oakfield Park", addressCountry: "GB" },
    });
    expect(park.offers).toEqual({
      "@type": "Offer",
      url: "https://example.org/book",
      price: 0,
      priceCurrency: "GBP",
      availability: "https://schema.org/InStock",
    });
    expect(park.organizer).toEqual([
      { "@type": "Organization", name: "Oakfield Primary Dads' Club", url: "http://localhost:3000/" },
      { "@type": "Person", name: "Sam" },
    ]);
  });

  it("names the club as the place when the event names none, and as its organiser once", async () => {
    const bare = await jsonLdOf(eventPageLoader, `/events/${ids.bare}`, ids.bare ?? "");
    expect(bare.location).toMatchObject({ "@type": "Place", name: "Oakfield Primary Dads' Club" });
    expect(bare.location).toHaveProperty("address.@type", "PostalAddress");
    expect(bare.organizer).toEqual({
      "@type": "Organization",
      name: "Oakfield Primary Dads' Club",
      url: "http://localhost:3000/",
    });
    const past = await jsonLdOf(eventPageLoader, `/events/${ids.past}`, ids.past ?? "");
    expect(past.offers).toMatchObject({ availability: "https://schema.org/SoldOut", price: 0 });
  });
});

describe("a news item's JSON-LD", () => {
  it("says when it was last changed", async () => {
    const article = await jsonLdOf(newsItemLoader, `/news/${ids.plain}`, ids.plain ?? "");
    expect(article.dateModified).toBe(new Date(site.now).toISOString());
    expect(Date.parse(String(article.dateModified))).toBeGreaterThan(Date.parse(String(article.datePublished)));
  });
});

describe("the feeds", () => {
  it("/news.xml keeps a plain-text item's paragraphs and gives its image its description", async () => {
    const response = await load(newsFeedLoader, "/news.xml");
    const feed = await new Parser({ customFields: { item: ["content:encoded"] } }).parseString(await response.text());
    const item = feed.items.find((one) => one.title === "Typed plainly!") as Record<string, string> | undefined;
    expect(item?.["content:encoded"]).toBe(
      '<p><img src="https://images.example.org/den.jpg" alt="Three children in a den of branches"></p>' +
        "<p>First paragraph.</p><p>Second paragraph,<br>with a line break.</p>",
    );
    expect(response.headers.get("Last-Modified")).toBe(new Date(site.now).toUTCString());
  });

  it("/events.ics says when what it holds last changed", async () => {
    site.now += 60_000;
    const opened = (await (await site.call(`/api/admin/events/${ids.park}`)).json()) as Record<string, unknown>;
    expect((await site.call(`/api/admin/events/${ids.park}`, "PUT", { ...opened, name: "Picnic!" })).status).toBe(200);
    const response = await load(calendarLoader, "/events.ics");
    expect(response.headers.get("Last-Modified")).toBe(new Date(site.now).toUTCString());
  });
});
