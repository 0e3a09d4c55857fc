import { beforeEach, describe, expect, it } from "vitest";
import * as newsHistory from "~/routes/admin.news_.$id.history";
import * as whoWeAreHistory from "~/routes/admin.who-we-are_.history";
import { adminCall, adminJson, MovableClock, revisionsOf } from "./admin-api";
import { args, settle } from "./admin-test-helpers";
import { flashOf, get, post, signedInHarness } from "./harness";

/**
 * History (docs/product.md, 'History'): the revisions newest first, 20 a page, what one
 * changed against the one before it, Restore with the version the screen was opened at,
 * and the /api's own sentence when that version is stale. Preview links are made and
 * stopped from the same screen. Against the real /api: each test saves its own item.
 */
const clock = new MovableClock("2026-11-01T09:00:00.000Z");
const session = signedInHarness({ seedDemo: false, api: { now: clock.now, siteOrigin: "https://club.example" } });

const fairContent = (n: number) => `<p>The fair <strong>${n}</strong></p>`;
const fair = (n: number) => ({
  title: `Fair ${n}`,
  content: fairContent(n),
  publishedAt: "2026-11-01T09:00:00.000Z",
  status: "draft",
});

// 20 minutes apart, so that all fall within the admin's sign-in (the /api's tokens live 12 hours).
const APART = 20 * 60 * 1000;

/** The item of each test: saved `count` times 20 minutes apart from 1 Nov 2026 09:00 UTC, each titled 'Fair {n}'. */
let item: { id: string; path: string; screen: string; revs: string[] };

async function savedFair(count: number) {
  clock.set("2026-11-01T09:00:00.000Z");
  const { id } = await adminJson<{ id: number }>(session, "/api/admin/news", { method: "POST", json: fair(1) });
  const path = `/api/admin/news/${id}`;
  for (let n = 2; n <= count; n++) {
    clock.advance(APART);
    await adminJson(session, path, { method: "PUT", json: { ...fair(n), version: n - 1 } });
  }
  // The revisions' own ids, oldest first, as the screen names them.
  const pages = [
    ...(await revisionsOf(session, path)),
    ...(await adminJson<Array<{ id: number }>>(session, `${path}/revisions?page=2`)),
  ];
  const revs = pages.map((row) => String(row.id)).reverse();
  return { id: String(id), path, screen: `/admin/news/${id}/history`, revs };
}

beforeEach(async () => {
  item = await savedFair(25);
});

/** The n-th save's revision id (1 is the first). */
const rev = (n: number) => item.revs[n - 1];

async function screen(query = "", cookie: string = session.cookie) {
  return settle(() =>
    newsHistory.loader({ ...args(get(`${item.screen}${query}`, cookie), session.h.context), params: { id: item.id } }),
  );
}

async function send(fields: Record<string, string>) {
  return settle(() =>
    newsHistory.action({
      ...args(post(item.screen, fields, session.cookie), session.h.context),
      params: { id: item.id },
    }),
  );
}

interface Screen {
  title: string;
  version: number | null;
  rows: Array<{ id: string; when: string; who: string; kind: string }>;
  paging: { page: number; pages: number };
  chosen: {
    row: { id: string; when: string };
    comparedWith: { id: string } | null | undefined;
    changes: Array<{ name: string; label: string; parts: Array<{ change: string; text: string }> }>;
    confirmRestore: boolean;
  } | null;
}

describe("a news item's History", () => {
  it("lists its revisions newest first, 20 a page, with when (in the site's zone), who and kind", async () => {
    const response = await screen();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const data = (await response.json()) as Screen;
    expect(data.title).toBe("Fair 25");
    expect(data.version).toBe(25);
    expect(data.rows).toHaveLength(20);
    expect(data.rows[0]).toEqual({
      id: rev(25),
      at: "2026-11-01T17:00:00.000Z",
      when: "Sun 1 Nov 2026, 17:00",
      who: "admin",
      kind: "save",
    });
    expect(data.paging).toEqual({ page: 1, pages: 2 });

    const second = (await (await screen("?page=2")).json()) as Screen;
    expect(second.rows.map((row) => row.id)).toEqual([rev(5), rev(4), rev(3), rev(2), rev(1)]);
    expect((await screen("?page=3")).status).toBe(404);
  });

  it("lists an autosave as such, and a save drops it", async () => {
    clock.advance(APART / 2);
    await adminJson(session, `${item.path}/autosave`, {
      method: "PUT",
      json: { ...fair(26), title: "Fair, still typing", version: 25 },
    });
    const data = (await (await screen()).json()) as Screen;
    expect(data.rows[0]).toMatchObject({ when: "Sun 1 Nov 2026, 17:10", who: "admin", kind: "autosave" });
    // An autosave is not a save: the item is still at its version.
    expect(data.version).toBe(25);
    expect(data.rows[1]).toMatchObject({ id: rev(25), kind: "save" });

    // The same person's next save replaces it.
    await adminJson(session, item.path, { method: "PUT", json: { ...fair(26), version: 25 } });
    const saved = (await (await screen()).json()) as Screen;
    expect(saved.version).toBe(26);
    expect(saved.rows.slice(0, 2).map((row) => row.kind)).toEqual(["save", "save"]);
    expect(saved.rows[1].id).toBe(rev(25));
  });

  it("shows what a revision changed against the one before it, word by word, rich text as its words", async () => {
    const data = (await (await screen(`?rev=${rev(25)}`)).json()) as Screen;
    expect(data.chosen?.comparedWith?.id).toBe(rev(24));
    expect(data.chosen?.changes.map((change) => change.label)).toEqual(["Title", "Content"]);
    const [title, content] = data.chosen?.changes ?? [];
    expect(title.parts).toEqual([
      { change: "same", text: "Fair " },
      { change: "removed", text: "24" },
      { change: "added", text: "25" },
    ]);
    // No tag of the stored HTML reaches the screen: the words are compared, and shown as text.
    expect(content.parts.map((part) => part.text).join("")).toBe("The fair 2425");
    expect(JSON.stringify(content.parts)).not.toContain("<");
  });

  it("compares the last revision of a page with the first of the next, and the first with nothing", async () => {
    const last = (await (await screen(`?rev=${rev(6)}`)).json()) as Screen;
    expect(last.chosen?.comparedWith?.id).toBe(rev(5));
    const first = (await (await screen(`?page=2&rev=${rev(1)}`)).json()) as Screen;
    expect(first.chosen?.comparedWith).toBeNull();
    expect(first.chosen?.changes.find((change) => change.name === "title")?.parts).toEqual([
      { change: "added", text: "Fair 1" },
    ]);
  });

  it("asks before restoring, and is not found for a revision or item that does not exist", async () => {
    const asking = (await (await screen(`?rev=${rev(3)}&restore=1`)).json()) as Screen;
    expect(asking.chosen?.confirmRestore).toBe(true);
    expect((await screen("?rev=999999")).status).toBe(404);
    expect((await screen("?rev=<script>")).status).toBe(404);
    const other = await settle(() =>
      newsHistory.loader({
        ...args(get("/admin/news/999999/history", session.cookie), session.h.context),
        params: { id: "999999" },
      }),
    );
    expect(other.status).toBe(404);
  });

  it("restores a revision with the version the screen was opened at, then goes back to the list with a notice", async () => {
    const response = await send({ intent: "restore", rev: rev(3), version: "25" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(item.screen);
    expect(await flashOf(response)).toMatchObject({ kind: "success", title: "Restored" });
    // The /api holds the restore as a new revision, at the next version, with the old words.
    const [newest] = await revisionsOf(session, item.path);
    expect(newest).toMatchObject({ kind: "restore", version: 26 });
    expect(await adminJson(session, item.path)).toMatchObject({ title: "Fair 3", content: fairContent(3) });
    const after = (await (await screen()).json()) as Screen;
    expect(after.rows[0]).toMatchObject({ id: String(newest.id), kind: "restore" });
    expect(after.title).toBe("Fair 3");
  });

  it("shows the /api's sentence when the item changed since the screen was opened (409)", async () => {
    const opened = (await (await screen()).json()) as Screen;
    expect(opened.version).toBe(25);
    // Someone saves again while the screen is open.
    clock.set("2026-11-01T18:00:00.000Z");
    await adminJson(session, item.path, { method: "PUT", json: { ...fair(26), version: 25 } });

    const response = await send({ intent: "restore", rev: rev(3), version: String(opened.version) });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      problem: "This was changed by admin at November 1, 2026, 18:00 since you opened it.",
    });
    const newest = await revisionsOf(session, item.path);
    expect(newest[0]).toMatchObject({ kind: "save", version: 26 });
    expect(await adminJson(session, item.path)).toMatchObject({ title: "Fair 26" });
  });

  it("makes a preview link to copy, opens one for Preview, and stops them all", async () => {
    const copied = await send({ intent: "copy-preview-link" });
    expect(copied.status).toBe(200);
    const { previewLink } = (await copied.json()) as {
      previewLink: { url: string; path: string; expiresAt: string; expiresText: string };
    };
    // A week from now (the clock stands at the last save, Sun 1 Nov 17:00).
    expect(previewLink).toMatchObject({ expiresAt: "2026-11-08T17:00:00.000Z", expiresText: "Sun 8 Nov 2026, 17:00" });
    expect(previewLink.path).toMatch(/^\/preview\/[\w-]+$/);
    expect(previewLink.url).toBe(`https://club.example${previewLink.path}`);
    const opened = await send({ intent: "preview" });
    expect(opened.status).toBe(302);
    const openedPath = opened.headers.get("Location") ?? "";
    expect(openedPath).toMatch(/^\/preview\/[\w-]+$/);
    expect(openedPath).not.toBe(previewLink.path);
    const shown = (path: string) => session.h.api.fetch(get(`/api${path}`));
    expect((await shown(previewLink.path)).status).toBe(200);
    expect((await shown(openedPath)).status).toBe(200);

    const stopped = await send({ intent: "stop-preview-links" });
    expect(stopped.status).toBe(302);
    expect(await flashOf(stopped)).toMatchObject({ title: "Preview links stopped" });
    expect((await shown(previewLink.path)).status).toBe(404);
    expect((await shown(openedPath)).status).toBe(404);
  });

  it("sends a signed-out visitor to /admin and refuses an unknown intent", async () => {
    const signedOut = await settle(() =>
      newsHistory.loader({ ...args(get(item.screen), session.h.context), params: { id: item.id } }),
    );
    expect(signedOut.headers.get("Location")).toBe("/admin");
    expect((await send({ intent: "delete" })).status).toBe(400);
    expect((await adminCall(session, item.path)).status).toBe(200);
  });
});

describe("the Who We Are text's History", () => {
  it("lists its saves with who made them, shows what one changed, and restores one", async () => {
    clock.set("2026-11-01T10:00:00.000Z");
    await adminJson(session, "/api/admin/who-we-are", {
      method: "PUT",
      json: { aboutUs: "We are dads.", whoAreWe: "Sam", contactEmail: "club@example.org" },
    });
    clock.set("2026-11-01T11:00:00.000Z");
    await adminJson(session, "/api/admin/who-we-are", {
      method: "PUT",
      json: { aboutUs: "We are dads and grandads." },
    });
    const [second, first] = await revisionsOf(session, "/api/admin/pages/who-we-are");

    const response = await settle(() =>
      whoWeAreHistory.loader(
        args(get(`/admin/who-we-are/history?rev=${second.id}`, session.cookie), session.h.context),
      ),
    );
    const data = (await response.json()) as Screen;
    expect(data.title).toBe("Who We Are");
    expect(data.version).toBe(2);
    expect(data.rows.map((row) => [row.kind, row.who, row.when])).toEqual([
      ["save", "admin", "Sun 1 Nov 2026, 11:00"],
      ["save", "admin", "Sun 1 Nov 2026, 10:00"],
    ]);
    expect(data.chosen?.changes).toEqual([
      {
        name: "aboutUs",
        label: "About Us",
        parts: [
          { change: "same", text: "We are dads " },
          { change: "added", text: "and grandads" },
          { change: "same", text: "." },
        ],
      },
    ]);
    const restored = await settle(() =>
      whoWeAreHistory.action(
        args(
          post(
            "/admin/who-we-are/history",
            { intent: "restore", rev: String(first.id), version: String(data.version) },
            session.cookie,
          ),
          session.h.context,
        ),
      ),
    );
    expect(restored.headers.get("Location")).toBe("/admin/who-we-are/history");
    expect((await revisionsOf(session, "/api/admin/pages/who-we-are"))[0]).toMatchObject({
      kind: "restore",
      version: 3,
    });
    expect(await session.h.read("/api/who-we-are")).toMatchObject({ aboutUs: "We are dads." });
  });
});
