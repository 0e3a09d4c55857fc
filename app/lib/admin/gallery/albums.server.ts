import type { AppLoadContext } from "@remix-run/node";
import { isAlbumVisibility } from "../../../../common/albums";
import { albumWindow, imagesWithoutAlbum, readAlbumPage, type AlbumPage } from "../../upstream/album-answers.server";
import { readGalleryImage } from "../../upstream/club-lists.server";
import { eventsForDisplay } from "../../upstream/club-lists.server";
import { formatEventWhen } from "../../dates";
import { notFound } from "../../not-found.server";
import { pageNumberOf } from "../../paging/page-number";
import { pageHref } from "../../paging/pages";
import { readPage, requestedPage } from "../../paging/read-page.server";
import { albumAdminPath, ALBUMS_ADMIN_PATH } from "../../paths/albums";
import { adminUpstream, type AdminUpstream } from "../client.server";
import { readIntent } from "../forms/intent.server";
import { formFailure, runMutation, replyWith } from "../forms/mutation.server";

/**
 * The admin's albums (docs/product.md, 'Photos'): /admin/gallery/albums lists them and makes
 * new ones, /admin/gallery/albums/{id} edits one, orders its images and deletes it.
 * Every change is a form that works without JavaScript.
 */
const ADMIN_ALBUMS_PAGE_SIZE = 24;
/** How many of the newest gallery images the album screen offers to add. */
const LOOSE_IMAGES = 24;
/** How many events the album form's select offers: the coming ones, then the latest past. */
const EVENT_CHOICES = 50;

export const ALBUM_LABELS = {
  title: "Title",
  date: "Date",
  eventId: "Event",
  visibility: "Who can see it",
  coverImageId: "Cover",
  imageIds: "Order",
} as const;

/** The events an album may belong to, for the form's select. */
async function eventChoices(admin: AdminUpstream, now: string, timeZone: string) {
  const { items } = await eventsForDisplay(admin.send, now, EVENT_CHOICES, 0);
  return items.map((event) => ({ id: event.id, label: `${event.name} (${formatEventWhen(event.date, timeZone)})` }));
}

export async function albumListData(request: Request, context: AppLoadContext, timeZone: string) {
  const admin = await adminUpstream(request, context);
  const { items, page, pages } = await readPage(request, ADMIN_ALBUMS_PAGE_SIZE, (limit, offset) =>
    albumWindow(admin.send, limit, offset),
  );
  const events = await eventChoices(admin, new Date().toISOString(), timeZone);
  return { albums: items, paging: { page, pages }, events };
}

async function readAdminAlbum(admin: AdminUpstream, id: string | undefined, page: number): Promise<AlbumPage> {
  if (!id || !/^\d{1,15}$/.test(id)) notFound();
  return (await readAlbumPage(admin.send, id, page)) ?? notFound();
}

/** One album's screen: the album, its page of images, and the neighbours across the page's edges. */
export async function albumScreenData(
  request: Request,
  context: AppLoadContext,
  id: string | undefined,
  timeZone: string,
) {
  const admin = await adminUpstream(request, context);
  const page = requestedPage(request);
  const { album, images, pages, neighbours } = await readAdminAlbum(admin, id, page);
  // Up and Down stop at the album's ends: no wrapping round as the lightbox does.
  const before = page > 1 ? neighbours.before : null;
  const after = page < pages ? neighbours.after : null;
  const [events, loose] = await Promise.all([
    eventChoices(admin, new Date().toISOString(), timeZone),
    imagesWithoutAlbum(admin.send, LOOSE_IMAGES, 0),
  ]);
  return { album, images, paging: { page, pages }, neighbours: { before, after }, events, loose: loose.items };
}

/** The album's fields from a form: an empty event is none. */
function albumBody(fields: Record<string, string>, coverImageId: string | null) {
  const visibility = isAlbumVisibility(fields.visibility) ? fields.visibility : fields.visibility || "public";
  return {
    title: fields.title ?? "",
    date: fields.date ?? "",
    eventId: fields.eventId ? Number(fields.eventId) : null,
    visibility,
    coverImageId: coverImageId ? Number(coverImageId) : null,
  };
}

/** The album as its form would send it, for a change that keeps everything but the cover. */
const storedFields = (album: AlbumPage["album"]) => ({
  title: album.title,
  date: album.date,
  eventId: album.eventId ?? "",
  visibility: album.visibility,
});

const failedTo = (title: string) => (error: string) => ({ kind: "error" as const, title, description: error });

export async function albumListAction(request: Request, context: AppLoadContext) {
  const admin = await adminUpstream(request, context);
  const { fields } = await readIntent(request, ["create"]);
  let created: string | null = null;
  const done = await runMutation(request, {
    call: async () => {
      const response = await admin.send("/api/admin/albums", { method: "POST", json: albumBody(fields, null) });
      created = String(((await response.json()) as { id: number | string }).id);
    },
    success: { kind: "success", title: "Album created" },
    failure: failedTo("Failed to create album"),
    redirectTo: ALBUMS_ADMIN_PATH,
    labels: ALBUM_LABELS,
    values: fields,
  });
  // A new album opens on its own screen, where images are ordered and the cover chosen.
  if (created && done.status === 302) done.headers.set("Location", albumAdminPath(created));
  return done;
}

const ALBUM_INTENTS = ["update", "cover", "order", "delete", "add", "remove"] as const;

/** Puts a gallery image into an album, or (null) takes it out: its other fields stay as they are. */
async function moveImage(admin: AdminUpstream, imageId: string, albumId: number | null) {
  const image = await readGalleryImage(admin.send, imageId);
  if (!image) throw new Response("Not Found", { status: 404 });
  const body = { imageUrl: image.imageUrl, caption: image.caption, albumId };
  await admin.send(`/api/admin/gallery/${encodeURIComponent(imageId)}`, { method: "PUT", json: body });
}

export async function albumAction(request: Request, context: AppLoadContext, id: string | undefined) {
  const admin = await adminUpstream(request, context);
  const { intent, fields } = await readIntent(request, ALBUM_INTENTS);
  const { album } = await readAdminAlbum(admin, id, 1);
  const here = pageHref(albumAdminPath(album.id), pageNumberOf(fields.page));
  const put = (body: unknown, path = "") =>
    admin.send(`/api/admin/albums/${album.id}${path}`, { method: "PUT", json: body });
  const common = { labels: ALBUM_LABELS, values: fields, redirectTo: here };
  switch (intent) {
    case "update":
      return runMutation(request, {
        ...common,
        call: () => put(albumBody(fields, album.coverImageId ?? null)),
        success: { kind: "success", title: "Album updated" },
        failure: failedTo("Failed to update album"),
      });
    case "cover":
      return runMutation(request, {
        ...common,
        call: () => put(albumBody(storedFields(album), fields.imageId ?? null)),
        success: { kind: "success", title: "Cover chosen" },
        failure: failedTo("Failed to choose the cover"),
      });
    case "order": {
      const imageIds = (fields.imageIds ?? "").split(",").filter(Boolean).map(Number);
      if (imageIds.some((value) => !Number.isSafeInteger(value))) {
        return formFailure({ kind: "error", title: "Failed to reorder images" }, replyWith(fields));
      }
      return runMutation(request, {
        ...common,
        call: () => put({ imageIds }, "/order"),
        success: { kind: "success", title: "Order saved" },
        failure: failedTo("Failed to reorder images"),
      });
    }
    case "add":
    case "remove":
      return runMutation(request, {
        ...common,
        call: () => moveImage(admin, fields.imageId ?? "", intent === "add" ? Number(album.id) : null),
        success: { kind: "success", title: intent === "add" ? "Image added to album" : "Image taken out of album" },
        failure: failedTo(intent === "add" ? "Failed to add image to album" : "Failed to take image out of album"),
      });
    case "delete":
      return runMutation(request, {
        ...common,
        call: () =>
          admin.send(`/api/admin/albums/${album.id}?images=${fields.images === "delete" ? "delete" : "keep"}`, {
            method: "DELETE",
          }),
        success: { kind: "success", title: "Album deleted" },
        failure: failedTo("Failed to delete album"),
        redirectTo: ALBUMS_ADMIN_PATH,
      });
  }
}
