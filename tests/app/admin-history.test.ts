import { beforeEach, describe, expect, it } from "vitest";
import * as newsHistory from "~/routes/admin.news_.$id.history";
import * as whoWeAreHistory from "~/routes/admin.who-we-are_.history";
import { args, settle } from "./admin-test-helpers";
import { flashOf, get, post, signedInHarness } from "./harness";
import { newsRevisions, publishingUpstream, type PublishingUpstream } from "./publishing-upstream";

/**
 * History (docs/product.md, 'History'): the revisions newest first, 20 a page, what one
 * changed against the one before it, Restore with the version the screen was opened at,
 * and the /api's own sentence when that version is stale. Preview links are made and
 * stopped from the same screen.
 */
const session = signedInHarness({ seedDemo: false });
let upstream: PublishingUpstream;

beforeEach(() => {
  upstream = publishingUpstream(session.h.context);
  upstream.revisions.set("news/5", newsRevisions(25));
  upstream.revisions.set("pages/who-we-are", [
    {
      id: 1,
      at: "2026-11-02T10:00:00.000Z",
      by: null,
      kind: "save",
      version: 1,
      fields: { aboutUs: "We are dads.", whoAreWe: "Sam", contactEmail: "club@example.org" },
    },
    {
      id: 2,
      at: "2026-11-03T10:00:00.000Z",
      by: { id: 2, name: "Alex Kim" },
      kind: "autosave",
      version: 1,
      fields: { aboutUs: "We are dads and grandads.", whoAreWe: "Sam", contactEmail: "club@example.org" },
    },
  ]);
  // An autosave raises no version: the text is still at its first.
  upstream.versions.set("pages/who-we-are", 1);
});

const params = { id: "5" };

async function screen(path: string, cookie: string = session.cookie) {
  return settle(() => newsHistory.loader({ ...args(get(path, cookie), upstream.context), params }));
}

async function send(fields: Record<string, string>, path = "/admin/news/5/history") {
  return settle(() => newsHistory.action({ ...args(post(path, fields, session.cookie), upstream.context), params }));
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
    const response = await screen("/admin/news/5/history");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const data = (await response.json()) as Screen;
    expect(data.title).toBe("Fair 25");
    expect(data.version).toBe(25);
    expect(data.rows).toHaveLength(20);
    expect(data.rows[0]).toEqual({
      id: "25",
      at: "2026-11-02T09:00:00.000Z",
      when: "Mon 2 Nov 2026, 09:00",
      who: "Sam Patel",
      kind: "save",
    });
    expect(data.paging).toEqual({ page: 1, pages: 2 });

    const second = (await (await screen("/admin/news/5/history?page=2")).json()) as Screen;
    expect(second.rows.map((row) => row.id)).toEqual(["5", "4", "3", "2", "1"]);
    expect((await screen("/admin/news/5/history?page=3")).status).toBe(404);
  });

  it("shows what a revision changed against the one before it, word by word, rich text as its words", async () => {
    const data = (await (await screen("/admin/news/5/history?rev=25")).json()) as Screen;
    expect(data.chosen?.comparedWith?.id).toBe("24");
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
    const last = (await (await screen("/admin/news/5/history?rev=6")).json()) as Screen;
    expect(last.chosen?.comparedWith?.id).toBe("5");
    const first = (await (await screen("/admin/news/5/history?page=2&rev=1")).json()) as Screen;
    expect(first.chosen?.comparedWith).toBeNull();
    expect(first.chosen?.changes.find((change) => change.name === "title")?.parts).toEqual([
      { change: "added", text: "Fair 1" },
    ]);
  });

  it("asks before restoring, and is not found for a revision or item that does not exist", async () => {
    const asking = (await (await screen("/admin/news/5/history?rev=3&restore=1")).json()) as Screen;
    expect(asking.chosen?.confirmRestore).toBe(true);
    expect((await screen("/admin/news/5/history?rev=999")).status).toBe(404);
    expect((await screen("/admin/news/5/history?rev=<script>")).status).toBe(404);
    const other = await settle(() =>
      newsHistory.loader({
        ...args(get("/admin/news/77/history", session.cookie), upstream.context),
        params: { id: "77" },
      }),
    );
    expect(other.status).toBe(404);
  });

  it("restores a revision with the version the screen was opened at, then goes back to the list with a notice", async () => {
    const response = await send({ intent: "restore", rev: "3", version: "25" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/news/5/history");
    expect(await flashOf(response)).toMatchObject({ kind: "success", title: "Restored" });
    expect(upstream.calls).toContainEqual({
      method: "POST",
      path: "/api/admin/news/5/revisions/3/restore",
      body: { version: 25 },
    });
    const after = (await (await screen("/admin/news/5/history")).json()) as Screen;
    expect(after.rows[0]).toMatchObject({ id: "26", kind: "restore" });
    expect(after.title).toBe("Fair 3");
  });

  it("shows the /api's sentence when the item changed since the screen was opened (409)", async () => {
    const response = await send({ intent: "restore", rev: "3", version: "24" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      problem: "This was changed by Sam Patel at Sun 1 Nov 2026, 10:00 since you opened it.",
    });
    expect(upstream.revisions.get("news/5")).toHaveLength(25);
  });

  it("makes a preview link to copy, opens one for Preview, and stops them all", async () => {
    const copied = await send({ intent: "copy-preview-link" });
    expect(copied.status).toBe(200);
    expect(await copied.json()).toEqual({
      previewLink: {
        url: "https://club.example/preview/preview-token-1",
        path: "/preview/preview-token-1",
        expiresAt: "2026-12-05T10:00:00.000Z",
        expiresText: "Sat 5 Dec 2026, 10:00",
      },
    });
    const opened = await send({ intent: "preview" });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/preview/preview-token-2");
    const stopped = await send({ intent: "stop-preview-links" });
    expect(stopped.status).toBe(302);
    expect(await flashOf(stopped)).toMatchObject({ title: "Preview links stopped" });
    expect(upstream.previews.size).toBe(0);
  });

  it("sends a signed-out visitor to /admin and refuses an unknown intent", async () => {
    const signedOut = await settle(() =>
      newsHistory.loader({ ...args(get("/admin/news/5/history"), upstream.context), params }),
    );
    expect(signedOut.headers.get("Location")).toBe("/admin");
    expect((await send({ intent: "delete" })).status).toBe(400);
  });
});

describe("the Who We Are text's History", () => {
  it("lists autosaves as such, names a person no longer there, and restores with the newest revision's version", async () => {
    const response = await settle(() =>
      whoWeAreHistory.loader(args(get("/admin/who-we-are/history?rev=2", session.cookie), upstream.context)),
    );
    const data = (await response.json()) as Screen;
    expect(data.title).toBe("Who We Are");
    expect(data.version).toBe(1);
    expect(data.rows.map((row) => [row.kind, row.who])).toEqual([
      ["autosave", "Alex Kim"],
      ["save", "Someone no longer on the committee"],
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
          post("/admin/who-we-are/history", { intent: "restore", rev: "1", version: "1" }, session.cookie),
          upstream.context,
        ),
      ),
    );
    expect(restored.headers.get("Location")).toBe("/admin/who-we-are/history");
    expect(upstream.calls.at(-1)).toEqual({
      method: "POST",
      path: "/api/admin/pages/who-we-are/revisions/1/restore",
      body: { version: 1 },
    });
  });
});
