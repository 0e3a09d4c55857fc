import { ALBUM_PAGE_SIZE } from "../../../common/albums";
import { albumWindow, parentsAlbumIds, readAlbumPage, type AlbumCard } from "~/lib/upstream/album-answers.server";
import { formatDate } from "~/lib/dates";
import { ITEM_ID } from "~/lib/item-id";
import { notFound } from "~/lib/not-found.server";
import { pageHref } from "~/lib/paging/pages";
import { readPage, requestedPage } from "~/lib/paging/read-page.server";
import type { Send } from "~/lib/upstream/lists.server";
import { dialogHref } from "../dialog-state";
import { fromUpstream } from "../upstream/from-upstream.server";
import { siteInfo } from "../site.server";
import { albumPagePath, ALBUMS_PATH } from "../paths/albums";
import { eventPagePath } from "../paths/site";

/** The mark on a parents-only album's card and on its photos. */
export const PARENTS_ONLY = "Parents only";

/** How many albums /gallery shows above its grid; the rest are on /gallery/albums. */
export const GALLERY_ALBUM_CARDS = 12;
/** Albums per page of /gallery/albums. */
export const ALBUMS_PAGE_SIZE = 24;

/** An album's day as the site writes dates; kept a calendar day whatever the site's zone. */
const dayText = (date: string) => formatDate(`${date}T12:00:00Z`, "UTC");

/** An album as its card shows it (components/public/AlbumCards.tsx). */
export function albumCardView(album: AlbumCard) {
  return {
    id: album.id,
    title: album.title,
    dateText: dayText(album.date),
    imageCount: album.imageCount,
    coverImageUrl: album.coverImageUrl,
    href: albumPagePath(album.id),
    // docs/product.md, 'Parents-only albums': the card says so; a locked one (no cover) leads to the passphrase form.
    mark: album.visibility === "parents" ? PARENTS_ONLY : null,
  };
}
export type AlbumCardView = ReturnType<typeof albumCardView>;

/** The newest albums for /gallery's cards, and whether there are more than it shows. */
export async function galleryAlbums(send: Send) {
  const { items, total } = await albumWindow(send, GALLERY_ALBUM_CARDS, 0, { locked: true });
  return { albums: items.map(albumCardView), moreAlbums: total > items.length };
}

/**
 * The images as a page shows them, 'Parents only' on those of a parents-only album
 * (docs/product.md, 'Parents-only albums'). Only a viewer who may see such photos
 * (`mayHave`) costs the one read, of the page's own albums.
 */
export async function markParentsOnly<T extends { albumId: string | null }>(images: T[], send: Send, mayHave: boolean) {
  const albums = [...new Set(images.flatMap((image) => (image.albumId === null ? [] : [image.albumId])))];
  const ids = mayHave ? await parentsAlbumIds(send, albums) : new Set();
  return images.map(({ albumId, ...image }) => ({
    ...image,
    mark: albumId !== null && ids.has(albumId) ? PARENTS_ONLY : null,
  }));
}

/** /gallery's albums: on its first page only, so paging through the images costs no more. */
export async function galleryAlbumsOf(request: Request, send: Send) {
  if (new URL(request.url).searchParams.has("page")) return { albums: [], moreAlbums: false };
  return fromUpstream(() => galleryAlbums(send));
}

/** /gallery/albums: every album, a page at a time, newest first. */
export async function albumsPageData(request: Request, send: Send) {
  const { items, page, pages } = await fromUpstream(() =>
    readPage(request, ALBUMS_PAGE_SIZE, (limit, offset) => albumWindow(send, limit, offset, { locked: true })),
  );
  return { site: siteInfo(), paging: { page, pages }, albums: items.map(albumCardView), path: ALBUMS_PATH };
}

/** The address of the album an event's page links to ('Photos from this event'); null when it has none. */
export async function eventAlbumPath(send: Send, eventId: string): Promise<string | null> {
  const { items } = await fromUpstream(() => albumWindow(send, 1, 0, { eventId }));
  return items[0] ? albumPagePath(items[0].id) : null;
}

/**
 * Each loader here takes the `send` its page reads with (publicSend, or the visitor's own
 * once parents-only albums can be unlocked), so who sees what stays the /api's decision.
 *
 * /gallery/albums/{id}: one page of the album (60 images), and the images just before and
 * after it, so the lightbox's previous and next cross onto the album's other pages and
 * wrap round inside the album, as on /gallery.
 */
export async function albumPageData(request: Request, send: Send, id: string | undefined) {
  const site = siteInfo();
  if (!id || !ITEM_ID.test(id)) notFound();
  const page = requestedPage(request);
  const answer = (await fromUpstream(() => readAlbumPage(send, id, page))) ?? notFound();
  const { album, images, pages, neighbours, locked = false } = answer;
  const here = pageHref(albumPagePath(album.id), page);
  const imageOn = (onPage: number, imageId: string | null) =>
    imageId ? dialogHref(pageHref(albumPagePath(album.id), onPage), "image", imageId) : null;
  const before = imageOn(page > 1 ? page - 1 : pages, neighbours.before);
  const after = imageOn(page < pages ? page + 1 : 1, neighbours.after);
  return {
    site,
    album: {
      id: album.id,
      title: album.title,
      dateText: dayText(album.date),
      eventPath: album.eventId ? eventPagePath(album.eventId) : null,
      coverImageUrl: album.coverImageUrl ?? null,
      parentsOnly: album.visibility === "parents",
      path: albumPagePath(album.id),
    },
    locked,
    images: images.map((image) => ({ ...image, mark: album.visibility === "parents" ? PARENTS_ONLY : null })),
    here,
    paging: { page, pages },
    first: (page - 1) * ALBUM_PAGE_SIZE,
    total: album.imageCount ?? images.length,
    beyondPage: { before, after },
  };
}
