import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleDataRequest } from "~/entry.server";
import { unlockGallery } from "~/lib/gallery/unlock.server";
import { isCacheableRequest, PageCache } from "~/lib/public/page-cache.server";
import { withSessionToken } from "~/lib/security/session.server";
import { action as passphraseAction } from "~/routes/admin.settings.gallery-passphrase";
import { loader as committeeLoader } from "~/routes/admin.committee";
import { loader as galleryLoader } from "~/routes/gallery";
import { loader as albumLoader } from "~/routes/gallery_.albums.$id";
import { jpegImage } from "../fixtures/images";
import { insertAlbum, PASSPHRASE } from "../api/parents-helpers";
import { args, settle, tokenOf } from "./admin-test-helpers";
import { createHarness, flashOf, get, ORIGIN, post, type Harness } from "./harness";

/** Parents-only albums in the app (docs/product.md, 'Photos'): the passphrase form's action, the gallery page, the caches, the admin's files and setting. */
let h: Harness;
let adminCookie = "";
let hidden = { id: 0, imageUrl: "" };
let shown = { id: 0, imageUrl: "" };

async function apiCall(path: string, init: { method?: string; json?: unknown; body?: BodyInit } = {}) {
  const token = await tokenOf(adminCookie);
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  return h.api.fetch(new Request(`${ORIGIN}${path}`, { method: init.method ?? "GET", headers, body }));
}

async function addImage(albumId: number) {
  const form = new FormData();
  form.append("image", new File([new Uint8Array(await jpegImage())], "photo.jpg", { type: "image/jpeg" }));
  const { imageUrl } = (await (await apiCall("/api/admin/upload", { method: "POST", body: form })).json()) as {
    imageUrl: string;
  };
  const res = await apiCall("/api/admin/gallery", { method: "POST", json: { imageUrl, albumId } });
  return (await res.json()) as { id: number; imageUrl: string };
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  adminCookie = await h.signIn();
  shown = await addImage(await insertAlbum(h.api.store, "public", "Fair"));
  hidden = await addImage(await insertAlbum(h.api.store, "parents"));
  const set = await settle(() =>
    passphraseAction(
      args(post("/admin/settings/gallery-passphrase", { passphrase: PASSPHRASE }, adminCookie), h.context),
    ),
  );
  expect(await flashOf(set)).toMatchObject({ kind: "success", title: "The gallery passphrase is changed" });
});
afterAll(() => h.close());

const ALBUM_PATH = "/gallery/albums/2";

async function unlockedCookie(): Promise<string> {
  const res = await settle(() => unlockGallery(post(ALBUM_PATH, { passphrase: PASSPHRASE }), h.context));
  return res.headers.get("Set-Cookie")?.split(";")[0] ?? "";
}

interface GalleryData {
  images: Array<{ id: string }>;
  total: number;
  meta: Array<Record<string, unknown>>;
}

async function galleryFor(cookie?: string): Promise<GalleryData> {
  return (await (await settle(() => galleryLoader(args(get("/gallery", cookie), h.context)))).json()) as GalleryData;
}

describe("the passphrase form's action", () => {
  it("passes the cookie on and goes back to the album", async () => {
    const res = await settle(() => unlockGallery(post(`${ALBUM_PATH}?page=2`, { passphrase: PASSPHRASE }), h.context));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`${ALBUM_PATH}?page=2`);
    expect(res.headers.get("Set-Cookie")).toMatch(/^gallery=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it("answers a wrong or missing passphrase with words for the form, and no cookie", async () => {
    const wrong = await settle(() => unlockGallery(post(ALBUM_PATH, { passphrase: "guess work" }), h.context));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
    expect(await wrong.json()).toEqual({
      passphraseError: "That is not the gallery passphrase. Please check it and try again.",
    });
    const empty = await settle(() => unlockGallery(post(ALBUM_PATH, { passphrase: "  " }), h.context));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ passphraseError: "Please enter the gallery passphrase." });
  });
});

describe("/gallery", () => {
  it("shows a visitor the public images only, and the parents-only ones after the passphrase", async () => {
    const anonymous = await galleryFor();
    expect(anonymous.images.map((image) => image.id)).toEqual([String(shown.id)]);
    expect(anonymous.total).toBe(1);
    expect(JSON.stringify(anonymous.meta)).not.toContain(hidden.imageUrl);

    const unlocked = await galleryFor(await unlockedCookie());
    expect(unlocked.images.map((image) => image.id)).toEqual([String(hidden.id), String(shown.id)]);
    // Its link preview never shows an image the passphrase opened.
    expect(unlocked.meta.find((tag) => tag.property === "og:image")).toBeUndefined();
  });

  it("is never served from or kept in the page cache when made with the cookie, and says so", async () => {
    const cookie = await unlockedCookie();
    expect(await isCacheableRequest(get("/gallery"))).toBe(true);
    expect(await isCacheableRequest(get("/gallery", cookie))).toBe(false);
    expect(await isCacheableRequest(get("/gallery", `theme=dark; ${cookie}`))).toBe(false);
    const data = handleDataRequest(new Response("{}"), { request: get("/gallery?_data=routes/gallery", cookie) });
    expect(data.headers.get("Cache-Control")).toBe("private, no-store");

    // What server.ts does: only a cacheable request's answer is put, and a private one is not kept.
    const cache = new PageCache({ maxAgeMs: 5_000, maxSharedAgeMs: 300_000, maxEntries: 10, maxChars: 100_000 });
    const page = new Response("<p>parents</p>", { headers: { "Cache-Control": "private, no-store" } });
    await cache.put("/gallery", page, "n", 1);
    expect(cache.get("/gallery", "n", 1)).toBeNull();
  });
});

interface MarkedGallery {
  images: Array<{ id: string; mark: string | null }>;
  albums: Array<{ title: string; href: string; coverImageUrl: string | null; mark: string | null }>;
}

const markedGallery = async (cookie?: string) => (await galleryFor(cookie)) as unknown as MarkedGallery;
const marks = (data: MarkedGallery) => data.images.map((image) => [image.id, image.mark]);

describe("parents-only marks (docs/product.md, 'Parents-only albums')", () => {
  it("shows the signed-in committee every album and photo on /gallery, the parents-only ones marked", async () => {
    const data = await markedGallery(adminCookie);
    expect(marks(data)).toEqual([
      [String(hidden.id), "Parents only"],
      [String(shown.id), null],
    ]);
    const album = data.albums.find((card) => card.href === ALBUM_PATH);
    expect(album).toMatchObject({ title: "Sports day", mark: "Parents only" });
    expect(album?.coverImageUrl).toBe(hidden.imageUrl);
    expect(data.albums.find((card) => card.title === "Fair")?.mark).toBeNull();
  });

  it("gives a visitor a locked tile for a parents-only album, leading to its passphrase form, and none of its photos", async () => {
    const data = await markedGallery();
    expect(marks(data)).toEqual([[String(shown.id), null]]);
    const album = data.albums.find((card) => card.href === ALBUM_PATH);
    expect(album).toMatchObject({ title: "Sports day", mark: "Parents only", coverImageUrl: null });
    expect(JSON.stringify(data)).not.toContain(hidden.imageUrl);
  });

  it("marks the photos a parent unlocked", async () => {
    expect(marks(await markedGallery(await unlockedCookie()))).toEqual([
      [String(hidden.id), "Parents only"],
      [String(shown.id), null],
    ]);
  });

  it("opens a parents-only album's page to the committee without the passphrase, its photos marked", async () => {
    const res = await settle(() =>
      albumLoader({ ...args(get(ALBUM_PATH, adminCookie), h.context), params: { id: "2" } }),
    );
    const data = (await res.json()) as { locked: boolean; images: Array<{ id: string; mark: string | null }> };
    expect(data.locked).toBe(false);
    expect(data.images.map((image) => [image.id, image.mark])).toEqual([[String(hidden.id), "Parents only"]]);
  });
});

describe("files of a parents-only album", () => {
  const file = (headers: Record<string, string> = {}) =>
    h.api.fetch(new Request(`${ORIGIN}${hidden.imageUrl}`, { headers }));

  it("answer 404 to a visitor, then 200 privately with the passphrase's cookie", async () => {
    expect((await file()).status).toBe(404);
    const res = await file({ Cookie: await unlockedCookie() });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=3600");
  });

  it("answer an administrator's browser through its session cookie", async () => {
    const request = await withSessionToken(get(hidden.imageUrl, adminCookie));
    const res = await h.api.fetch(request);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=3600");
    // Without a session nothing is added; a write is passed on as it came.
    expect((await withSessionToken(get(hidden.imageUrl))).headers.get("Authorization")).toBeNull();
    const put = new Request(`${ORIGIN}/objects/uploads/x`, { method: "PUT", headers: { Cookie: adminCookie } });
    expect((await withSessionToken(put)).headers.get("Authorization")).toBeNull();
  });
});

describe("the Administrator's setting", () => {
  it("is on the committee screen, refuses a short passphrase in words, and removes it", async () => {
    const screen = await settle(() => committeeLoader(args(get("/admin/committee", adminCookie), h.context)));
    expect(await screen.json()).toMatchObject({ galleryPassphraseSet: true });
    const short = await settle(() =>
      passphraseAction(
        args(post("/admin/settings/gallery-passphrase", { passphrase: "short" }, adminCookie), h.context),
      ),
    );
    expect(await flashOf(short)).toMatchObject({
      kind: "error",
      title: "Could not change the gallery passphrase",
      description: expect.stringContaining("Gallery passphrase"),
    });
    const cookie = await unlockedCookie();
    const removed = await settle(() =>
      passphraseAction(args(post("/admin/settings/gallery-passphrase", { remove: "1" }, adminCookie), h.context)),
    );
    expect(removed.headers.get("Location")).toBe("/admin/committee");
    expect(await flashOf(removed)).toMatchObject({ kind: "success", title: "The gallery passphrase is removed" });
    expect((await galleryFor(cookie)).images.map((image) => image.id)).toEqual([String(shown.id)]);
    const closed = await settle(() => unlockGallery(post(ALBUM_PATH, { passphrase: PASSPHRASE }), h.context));
    expect(closed.status).toBe(403);
  });
});
