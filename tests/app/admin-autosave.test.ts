import { beforeEach, describe, expect, it } from "vitest";
import * as autosave from "~/routes/admin.news_.$id.autosave";
import { crossSitePost, settle } from "./admin-test-helpers";
import { ORIGIN, post, signedInHarness } from "./harness";
import { newsRevisions, publishingUpstream, type PublishingUpstream } from "./publishing-upstream";

/**
 * The news editor's autosave route (docs/product.md, 'No edit lost'): the browser's
 * script posts the form every 30 seconds, and asks for a waiting autosave when the dialog opens.
 */
const session = signedInHarness({ seedDemo: false });
let upstream: PublishingUpstream;

beforeEach(() => {
  upstream = publishingUpstream(session.h.context);
  upstream.revisions.set("news/5", newsRevisions(3));
});

const params = { id: "5" };
const form = {
  intent: "update",
  id: "5",
  title: "Winter fair",
  publishedAt: "2026-12-05T10:00",
  content: "<p>Cakes and <strong>games</strong></p>",
  imageUrl: "",
};

function asked(signedIn = true) {
  const headers: Record<string, string> = { Accept: "application/json", "Sec-Fetch-Dest": "empty" };
  if (signedIn) headers.Cookie = session.cookie;
  return settle(() =>
    autosave.loader({
      request: new Request(`${ORIGIN}/admin/news/5/autosave`, { headers }),
      context: upstream.context,
      params,
    }),
  );
}

function kept(fields: Record<string, string>, request = post("/admin/news/5/autosave", fields, session.cookie)) {
  return settle(() => autosave.action({ request, context: upstream.context, params }));
}

describe("the news editor's autosave", () => {
  it("keeps the form's fields as a save would send them, with the version the dialog was opened at", async () => {
    const response = await kept({ ...form, version: "3" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ at: "2026-11-28T09:30:00.000Z", when: "Sat 28 Nov 2026, 09:30" });
    expect(upstream.calls.at(-1)).toEqual({
      method: "PUT",
      path: "/api/admin/news/5/autosave",
      body: {
        id: "5",
        title: "Winter fair",
        // Wall-clock time in the site's zone (Europe/London, GMT in December).
        publishedAt: "2026-12-05T10:00:00.000Z",
        content: "<p>Cakes and <strong>games</strong></p>",
        imageUrl: null,
        version: 3,
      },
    });
  });

  it("refuses a form a save would refuse, naming the field, and keeps nothing", async () => {
    const response = await kept({ ...form, title: "  " });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Title is required" });
    expect(upstream.autosaves.size).toBe(0);
  });

  it("offers back a waiting autosave in the form's own shapes, with the version the dialog opens at", async () => {
    expect(await (await asked()).json()).toEqual({ version: 3, autosave: null });
    await kept({ ...form, version: "3" });
    expect(await (await asked()).json()).toEqual({
      version: 3,
      autosave: {
        at: "2026-11-28T09:30:00.000Z",
        when: "Sat 28 Nov 2026, 09:30",
        fields: expect.objectContaining({ title: "Winter fair", publishedAt: "2026-12-05" }),
      },
    });
  });

  it("offers nothing for an item the /api has no autosave calls for", async () => {
    const request = new Request(`${ORIGIN}/admin/news/77/autosave`, {
      headers: { Accept: "application/json", "Sec-Fetch-Dest": "empty", Cookie: session.cookie },
    });
    const response = await settle(() => autosave.loader({ request, context: upstream.context, params: { id: "77" } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ version: null, autosave: null });
  });

  it("signs out a visitor without a session and refuses a post from another site", async () => {
    expect((await asked(false)).headers.get("Location")).toBe("/admin");
    const crossSite = await kept(form, crossSitePost("/admin/news/5/autosave", form, session.cookie));
    expect(crossSite.status).toBe(403);
    expect(upstream.autosaves.size).toBe(0);
  });
});
