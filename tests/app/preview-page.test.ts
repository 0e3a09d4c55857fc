import { beforeEach, describe, expect, it } from "vitest";
import * as preview from "~/routes/preview.$token";
import { settle } from "./admin-test-helpers";
import { get, signedInHarness } from "./harness";
import { newsRevisions, publishingUpstream, type PublishingUpstream } from "./publishing-upstream";

/**
 * /preview/{token} (docs/product.md, 'Preview'): the item as its public page will show
 * it, without signing in; the site's 404 once the link is dead; never kept, never indexed.
 */
const session = signedInHarness({ seedDemo: false });
let upstream: PublishingUpstream;

beforeEach(() => {
  upstream = publishingUpstream(session.h.context);
  upstream.revisions.set("news/5", newsRevisions(1));
  upstream.previews.set("news-token-1", {
    type: "news",
    item: {
      id: 5,
      title: "Winter fair",
      content: '<h1>Stalls</h1><p>Cakes <script>alert(1)</script><a href="javascript:alert(1)">here</a></p>',
      publishedAt: "2026-12-05T10:00:00.000Z",
      imageUrl: null,
      imageAlt: null,
    },
  });
  upstream.previews.set("event-token-1", {
    type: "events",
    item: {
      id: 9,
      name: "Pond dipping",
      date: "2026-12-12T14:30:00.000Z",
      comment: "Bring wellies.",
      organiser: "Sam",
      location: "The pond",
      imageUrl: null,
      bookingUrl: "https://example.org/book",
    },
  });
});

async function open(token: string) {
  return settle(() =>
    preview.loader({ request: get(`/preview/${token}`), context: upstream.context, params: { token } }),
  );
}

describe("/preview/{token}", () => {
  it("shows a news item as its page will, its content sanitised, and asks not to be indexed", async () => {
    const response = await open("news-token-1");
    expect(response.status).toBe(200);
    const data = (await response.json()) as {
      preview: { type: string; item: { title: string; dateText: string; html: string } };
      meta: unknown[];
    };
    expect(data.preview.type).toBe("news");
    expect(data.preview.item).toMatchObject({ title: "Winter fair", dateText: "December 5, 2026" });
    // As on /news/{id}: the page's h1 is the title, the content's headings start at h2; nothing unsafe is kept.
    expect(data.preview.item.html).toContain("<h2>Stalls</h2>");
    expect(data.preview.item.html).not.toMatch(/<script|javascript:/);
    expect(data.meta).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });

  it("shows an event with its date and time in the site's zone", async () => {
    const data = (await (await open("event-token-1")).json()) as {
      preview: { type: string; event: { name: string; dateText: string; timeText: string } };
    };
    expect(data.preview).toMatchObject({
      type: "events",
      event: { name: "Pond dipping", dateText: "December 12, 2026", timeText: "2:30pm" },
    });
  });

  it("is the site's 404 when the /api says the link is dead, and for a malformed token", async () => {
    expect((await open("revoked-token")).status).toBe(404);
    expect((await open("a")).status).toBe(404);
    upstream.previews.delete("news-token-1");
    expect((await open("news-token-1")).status).toBe(404);
  });

  it("is kept by no cache and indexed by no search engine, found or not", () => {
    const headers = new Headers(
      preview.headers({
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      }) as HeadersInit,
    );
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("X-Robots-Tag")).toBe("noindex");
  });
});
