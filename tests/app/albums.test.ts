import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as albumLoader } from "~/routes/gallery_.albums.$id";
import { loader as albumsLoader } from "~/routes/gallery_.albums._index";
import { loader as eventLoader } from "~/routes/events_.$id";
import { loader as galleryLoader } from "~/routes/gallery";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { settle } from "./admin-test-helpers";
import { adminCall, albumWithImages, tokenFor } from "./album-fixtures";
import { createHarness, get, type Harness } from "./harness";

/** The public album pages' loaders (docs/product.md, 'Photos') against our /api. */
type Loader = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

let h: Harness;
let token: string;
let eventId: string;
let big: { id: string; imageIds: string[] };
let small: { id: string; imageIds: string[] };
let hidden: { id: string; imageIds: string[] };

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  token = await tokenFor(h);
  const event = await adminCall<{ id: number }>(h, token, "POST", "/api/admin/events", {
    name: "Summer fair",
    date: "2026-06-20T10:00:00.000Z",
    comment: "Fun",
    bookingUrl: "https://example.org/book",
  });
  eventId = String(event.id);
  big = await albumWithImages(h, token, { title: "Summer fair", date: "2026-06-20", eventId: event.id }, 61);
  small = await albumWithImages(h, token, { title: "Picnic", date: "2026-05-01" }, 3);
  hidden = await albumWithImages(h, token, { title: "Sports day", date: "2026-07-01", visibility: "parents" }, 2);
});
afterAll(() => h.close());

async function load<T>(loader: Loader, path: string, params: Record<string, string> = {}): Promise<T> {
  const response = await settle(() => loader({ request: get(path), context: h.context, params }));
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function status(loader: Loader, path: string, params: Record<string, string>): Promise<number> {
  return (await settle(() => loader({ request: get(path), context: h.context, params }))).status;
}

interface AlbumData {
  album: { title: string; dateText: string; eventPath: string | null };
  locked: boolean;
  images: Array<{ id: string; caption: string | null }>;
  paging: { page: number; pages: number };
  first: number;
  total: number;
  beyondPage: { before: string | null; after: string | null };
}

describe("an album's page", () => {
  it("has its title, date, event and first 60 images, and wraps the lightbox inside the album", async () => {
    const data = await load<AlbumData>(albumLoader, `/gallery/albums/${big.id}`, { id: big.id });
    expect(data.album).toMatchObject({
      title: "Summer fair",
      dateText: "June 20, 2026",
      eventPath: `/events/${eventId}`,
    });
    expect(data.locked).toBe(false);
    expect(data.images.map((image) => image.id)).toEqual(big.imageIds.slice(0, 60));
    expect([data.paging, data.first, data.total]).toEqual([{ page: 1, pages: 2 }, 0, 61]);
    // Before the first image is the album's last (on page 2); after page 1's last is page 2's first.
    expect(data.beyondPage).toEqual({
      before: `/gallery/albums/${big.id}?page=2&image=${big.imageIds[60]}`,
      after: `/gallery/albums/${big.id}?page=2&image=${big.imageIds[60]}`,
    });
  });

  it("shows the 61st image on page 2, and wraps back to the first", async () => {
    const data = await load<AlbumData>(albumLoader, `/gallery/albums/${big.id}?page=2`, { id: big.id });
    expect(data.images.map((image) => image.id)).toEqual([big.imageIds[60]]);
    expect(data.first).toBe(60);
    expect(data.beyondPage).toEqual({
      before: `/gallery/albums/${big.id}?image=${big.imageIds[59]}`,
      after: `/gallery/albums/${big.id}?image=${big.imageIds[0]}`,
    });
  });

  it("wraps within one page without reading more", async () => {
    const data = await load<AlbumData>(albumLoader, `/gallery/albums/${small.id}`, { id: small.id });
    expect(data.beyondPage).toEqual({ before: null, after: null });
    expect(data.album.eventPath).toBeNull();
  });

  it("is not found for an unknown album or page", async () => {
    expect(await status(albumLoader, "/gallery/albums/999999", { id: "999999" })).toBe(404);
    expect(await status(albumLoader, `/gallery/albums/${big.id}?page=3`, { id: big.id })).toBe(404);
  });

  it("shows a parents-only album's title alone to a visitor", async () => {
    const data = await load<AlbumData>(albumLoader, `/gallery/albums/${hidden.id}`, { id: hidden.id });
    expect(data.locked).toBe(true);
    expect(data.album.title).toBe("Sports day");
    expect(data.images).toEqual([]);
  });
});

describe("albums elsewhere on the site", () => {
  it("puts the albums, newest first, above /gallery's grid, a parents-only one as a locked tile", async () => {
    const data = await load<{
      albums: Array<{
        title: string;
        imageCount: number;
        href: string;
        coverImageUrl: string | null;
        mark: string | null;
      }>;
      moreAlbums: boolean;
    }>(galleryLoader, "/gallery");
    // A visitor without the passphrase: the parents-only album by its title alone, leading to its passphrase form.
    const locked = data.albums.find((album) => album.href === `/gallery/albums/${hidden.id}`);
    expect(locked).toMatchObject({ imageCount: 2, coverImageUrl: null, mark: "Parents only" });
    expect(
      data.albums
        .filter((album) => album !== locked)
        .map((album) => [album.title, album.imageCount, album.href, album.mark]),
    ).toEqual([
      ["Summer fair", 61, `/gallery/albums/${big.id}`, null],
      ["Picnic", 3, `/gallery/albums/${small.id}`, null],
    ]);
    expect(data.moreAlbums).toBe(false);
    const all = await load<{ albums: unknown[] }>(albumsLoader, "/gallery/albums");
    expect(all.albums).toHaveLength(3);
  });

  it("links an event's page to its album", async () => {
    const data = await load<{ albumPath: string | null }>(eventLoader, `/events/${eventId}`, { id: eventId });
    expect(data.albumPath).toBe(`/gallery/albums/${big.id}`);
  });

  it("lists the public albums in the sitemap, never a parents-only one", async () => {
    const response = await settle(() =>
      sitemapLoader({ request: get("/sitemap.xml"), context: h.context, params: {} }),
    );
    const xml = await response.text();
    expect(xml).toContain(`/gallery/albums/${big.id}</loc>`);
    expect(xml).toContain(`/gallery/albums/${small.id}</loc>`);
    expect(xml).not.toContain(`/gallery/albums/${hidden.id}</loc>`);
  });
});
