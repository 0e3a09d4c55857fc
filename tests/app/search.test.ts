import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as openSearchLoader } from "~/routes/opensearch[.]xml";
import { loader as searchLoader } from "~/routes/search";
import { snippetHtml } from "~/lib/public/search.server";
import { settle } from "./admin-test-helpers";
import { createHarness, get, type Harness } from "./harness";

/** Search: the page's data from the real /api with the demo content, and the OpenSearch description. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

interface SearchData {
  q: string;
  problem: string | null;
  results: Array<{ title: string; snippetHtml: string; url: string; dateText: string; label: string }>;
  total: number;
  paging: { page: number; pages: number };
  suggestion: string | null;
}

const load = (path: string) =>
  settle(() => searchLoader({ request: get(path), context: h.context as AppLoadContext, params: {} }));

async function data(path: string): Promise<SearchData> {
  const response = await load(path);
  expect(response.status).toBe(200);
  return (await response.json()) as SearchData;
}

describe("/search", () => {
  it("shows what matches, each with its title, kind, date, marked snippet and link", async () => {
    const found = await data("/search?q=helmets");
    expect(found.total).toBe(2);
    const titles = found.results.map((result) => result.title).sort();
    expect(titles).toEqual(["Bookings open for the family bike ride", "Family Bike Ride and Picnic"]);
    const event = found.results.find((result) => result.title === "Family Bike Ride and Picnic");
    expect(event).toMatchObject({ label: "Upcoming event", url: expect.stringMatching(/^\/events\/\d+$/) });
    expect(event?.snippetHtml).toContain("<mark>Helmets</mark> required");
    expect(event?.dateText).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(found.paging).toEqual({ page: 1, pages: 1 });
  });

  it("asks nothing without a query, and says so when a query is too long", async () => {
    expect(await data("/search")).toMatchObject({ q: "", total: 0, results: [], problem: null });
    expect(await data(`/search?q=${"a".repeat(201)}`)).toMatchObject({
      problem: "Search words must be at most 200 characters.",
      total: 0,
    });
  });

  it("offers a close spelling when nothing is found", async () => {
    expect(await data("/search?q=stargazng")).toMatchObject({ total: 0, results: [], suggestion: "Stargazing" });
    expect(await data("/search?q=qwxzv")).toMatchObject({ total: 0, suggestion: null });
  });

  it("answers 404 for a page past the last", async () => {
    expect((await load("/search?q=bike&page=9")).status).toBe(404);
    expect((await load("/search?q=bike&page=0")).status).toBe(404);
  });

  it("lets no markup but <mark> through from the upstream", () => {
    expect(snippetHtml("a <mark>b</mark> <img src=x onerror=alert(1)> &amp;")).toBe(
      "a <mark>b</mark> &lt;img src=x onerror=alert(1)> &amp;",
    );
  });
});

describe("/opensearch.xml", () => {
  it("describes the site's search for browsers", async () => {
    const response = await openSearchLoader();
    expect(response.headers.get("Content-Type")).toBe("application/opensearchdescription+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain('<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">');
    expect(xml).toMatch(
      /<Url type="text\/html" method="get" template="https?:\/\/[^"]+\/search\?q=\{searchTerms\}"\/>/,
    );
  });
});
