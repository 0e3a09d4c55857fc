import { beforeAll, describe, expect, it } from "vitest";
import * as preview from "~/routes/preview.$token";
import { adminCall, adminJson, MovableClock } from "./admin-api";
import { settle } from "./admin-test-helpers";
import { get, signedInHarness } from "./harness";

/**
 * /preview/{token} (docs/product.md, 'Preview'): the item as its public page will show
 * it, without signing in; the site's 404 once the link is dead; never kept, never indexed.
 * The drafts and their links are made through the real /api.
 */
const clock = new MovableClock("2026-11-28T10:00:00.000Z");
const session = signedInHarness({ seedDemo: false, api: { now: clock.now } });

const made = { newsId: 0, newsToken: "", eventToken: "" };

/** A new preview link of an item, as History's 'Copy preview link' makes it: its token. */
async function previewLinkOf(itemPath: string): Promise<string> {
  const { path } = await adminJson<{ path: string }>(session, `${itemPath}/preview-link`, { method: "POST" });
  return path.replace(/^\/preview\//, "");
}

beforeAll(async () => {
  const news = await adminJson<{ id: number }>(session, "/api/admin/news", {
    method: "POST",
    json: {
      title: "Winter fair",
      content: '<h1>Stalls</h1><p>Cakes <script>alert(1)</script><a href="javascript:alert(1)">here</a></p>',
      publishedAt: "2026-12-05T10:00:00.000Z",
      status: "draft",
    },
  });
  const event = await adminJson<{ id: number }>(session, "/api/admin/events", {
    method: "POST",
    json: {
      name: "Pond dipping",
      date: "2026-12-12T14:30:00.000Z",
      comment: "Bring wellies.",
      organiser: "Sam",
      location: "The pond",
      bookingUrl: "https://example.org/book",
      status: "draft",
    },
  });
  made.newsId = news.id;
  made.newsToken = await previewLinkOf(`/api/admin/news/${news.id}`);
  made.eventToken = await previewLinkOf(`/api/admin/events/${event.id}`);
});

async function open(token: string) {
  return settle(() =>
    preview.loader({ request: get(`/preview/${token}`), context: session.h.context, params: { token } }),
  );
}

describe("/preview/{token}", () => {
  it("shows a news item as its page will, its content sanitised, and asks not to be indexed", async () => {
    const response = await open(made.newsToken);
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
    const data = (await (await open(made.eventToken)).json()) as {
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
    // A link that worked, then stopped as History's 'Stop preview links' stops it.
    const token = await previewLinkOf(`/api/admin/news/${made.newsId}`);
    expect((await open(token)).status).toBe(200);
    expect((await adminCall(session, `/api/admin/news/${made.newsId}/preview-link`, { method: "DELETE" })).status).toBe(
      200,
    );
    expect((await open(token)).status).toBe(404);
  });

  it("is the site's 404 once the link's week is over", async () => {
    const token = await previewLinkOf(`/api/admin/news/${made.newsId}`);
    clock.advance(7 * 24 * 60 * 60 * 1000);
    expect((await open(token)).status).toBe(404);
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
