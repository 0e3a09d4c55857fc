import { beforeEach, describe, expect, it } from "vitest";
import * as autosave from "~/routes/admin.news_.$id.autosave";
import { adminCall, adminJson, MovableClock } from "./admin-api";
import { crossSitePost, settle } from "./admin-test-helpers";
import { ORIGIN, post, signedInHarness } from "./harness";

/**
 * The news editor's autosave route (docs/product.md, 'No edit lost'): the browser's
 * script posts the form every 30 seconds, and asks for a waiting autosave when the dialog
 * opens. Against the real /api: each test saves its own item three times.
 */
const clock = new MovableClock("2026-11-28T09:00:00.000Z");
const session = signedInHarness({ seedDemo: false, api: { now: clock.now } });

let id = "";
const itemPath = () => `/api/admin/news/${id}`;

beforeEach(async () => {
  clock.set("2026-11-28T09:00:00.000Z");
  const fair = { content: "<p>The fair</p>", publishedAt: "2026-11-01T09:00:00.000Z", status: "draft" };
  const created = await adminJson<{ id: number }>(session, "/api/admin/news", {
    method: "POST",
    json: { ...fair, title: "Fair 1" },
  });
  id = String(created.id);
  for (const version of [1, 2]) {
    await adminJson(session, itemPath(), { method: "PUT", json: { ...fair, title: `Fair ${version + 1}`, version } });
  }
  // The autosave comes half an hour after the last save.
  clock.set("2026-11-28T09:30:00.000Z");
});

const form = {
  intent: "update",
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
      request: new Request(`${ORIGIN}/admin/news/${id}/autosave`, { headers }),
      context: session.h.context,
      params: { id },
    }),
  );
}

function kept(fields: Record<string, string>, request = post(`/admin/news/${id}/autosave`, fields, session.cookie)) {
  return settle(() => autosave.action({ request, context: session.h.context, params: { id } }));
}

/** The autosave the /api holds for the signed-in admin, or its status when there is none. */
async function heldAutosave() {
  const response = await adminCall(session, `${itemPath()}/autosave`);
  return response.ok ? ((await response.json()) as unknown) : response.status;
}

describe("the news editor's autosave", () => {
  it("keeps the form's fields as a save would send them, with the version the dialog was opened at", async () => {
    const response = await kept({ ...form, id, version: "3" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ at: "2026-11-28T09:30:00.000Z", when: "Sat 28 Nov 2026, 09:30" });
    expect(await heldAutosave()).toEqual({
      at: "2026-11-28T09:30:00.000Z",
      version: 3,
      fields: {
        title: "Winter fair",
        // Wall-clock time in the site's zone (Europe/London, GMT in December).
        publishedAt: "2026-12-05T10:00:00.000Z",
        content: "<p>Cakes and <strong>games</strong></p>",
        imageUrl: null,
      },
    });
    // Not a save: the item is as its last save left it.
    expect(await adminJson(session, itemPath())).toMatchObject({ title: "Fair 3", version: 3 });
  });

  it("refuses a form a save would refuse, naming the field, and keeps nothing", async () => {
    const response = await kept({ ...form, id, title: "  " });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Title is required" });
    expect(await heldAutosave()).toBe(404);
  });

  it("offers back a waiting autosave in the form's own shapes, with the version the dialog opens at", async () => {
    expect(await (await asked()).json()).toEqual({ version: 3, autosave: null });
    await kept({ ...form, id, version: "3" });
    expect(await (await asked()).json()).toEqual({
      version: 3,
      autosave: {
        at: "2026-11-28T09:30:00.000Z",
        when: "Sat 28 Nov 2026, 09:30",
        fields: expect.objectContaining({ title: "Winter fair", publishedAt: "2026-12-05" }),
      },
    });
  });

  it("offers nothing for an item the /api does not have", async () => {
    const request = new Request(`${ORIGIN}/admin/news/999999/autosave`, {
      headers: { Accept: "application/json", "Sec-Fetch-Dest": "empty", Cookie: session.cookie },
    });
    const response = await settle(() =>
      autosave.loader({ request, context: session.h.context, params: { id: "999999" } }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ version: null, autosave: null });
  });

  it("signs out a visitor without a session and refuses a post from another site", async () => {
    expect((await asked(false)).headers.get("Location")).toBe("/admin");
    const crossSite = await kept(form, crossSitePost(`/admin/news/${id}/autosave`, { ...form, id }, session.cookie));
    expect(crossSite.status).toBe(403);
    expect(await heldAutosave()).toBe(404);
  });
});
