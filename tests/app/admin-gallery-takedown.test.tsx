import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GalleryUses } from "~/components/admin/GalleryUses";
import type { ImageUse } from "~/lib/admin/gallery/uses.server";
import { loader } from "~/routes/admin.gallery";
import { loader as usesNote } from "~/routes/admin.gallery_.$id.uses";
import { pngImage } from "../fixtures/images";
import { ORIGIN, get, signedInHarness } from "./harness";
import { args, settle, tokenOf, withUpstream } from "./admin-test-helpers";

/**
 * docs/product.md, 'Takedown': the gallery's delete dialog (?delete=ID, what a browser
 * without JavaScript opens) names the news items and events that lose the photo with it.
 */
const session = signedInHarness();

async function call(path: string, init: { method?: string; json?: unknown; body?: FormData } = {}) {
  const headers: Record<string, string> = { Authorization: `Bearer ${await tokenOf(session.cookie)}` };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  const response = await session.h.api.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    }),
  );
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as { id: number; imageUrl: string };
}

interface Screen {
  uses: ImageUse[];
}

const screen = async (path: string, context = session.h.context) =>
  (await (await settle(() => loader(args(get(path, session.cookie), context)))).json()) as Screen;

describe("the gallery's delete dialog", () => {
  it("names the news item and event that show the same photo, beneath the SPEC's question", async () => {
    const form = new FormData();
    form.append("image", new File([new Uint8Array(await pngImage(64, 48))], "p.png", { type: "image/png" }));
    const { imageUrl } = await call("/api/admin/upload", { method: "POST", body: form });
    const photo = await call("/api/admin/gallery", { method: "POST", json: { imageUrl, caption: "Sports day" } });
    const news = await call("/api/admin/news", {
      method: "POST",
      json: { title: "Sports day report", content: "<p>Fun</p>", publishedAt: "2026-02-01T09:00:00.000Z", imageUrl },
    });
    const event = await call("/api/admin/events", {
      method: "POST",
      json: {
        name: "Fun run",
        date: "2031-04-10T10:00:00.000Z",
        comment: "Run.",
        bookingUrl: "https://example.org/book",
        imageUrl,
      },
    });

    const { uses } = await screen(`/admin/gallery?delete=${photo.id}`);
    expect(uses).toEqual([
      { type: "news", id: news.id, title: "Sports day report" },
      { type: "event", id: event.id, title: "Fun run" },
    ]);
    // What the dialog shows under the question and the thumbnail, rendered on the server.
    expect(renderToStaticMarkup(<GalleryUses uses={uses} />)).toBe(
      '<p class="confirm-text">This image is also used by: News &quot;Sports day report&quot;, ' +
        "Event &quot;Fun run&quot;. It will be removed from them too.</p>",
    );
    // With JavaScript, the browser confirm asks the app for the same line.
    const note = await settle(() =>
      usesNote({
        ...args(get(`/admin/gallery/${photo.id}/uses`, session.cookie), session.h.context),
        params: { id: String(photo.id) },
      }),
    );
    expect(await note.json()).toEqual({
      note: 'This image is also used by: News "Sports day report", Event "Fun run". It will be removed from them too.',
    });
    // Only the delete dialog asks; the list and the edit dialog do not.
    expect((await screen(`/admin/gallery?edit=${photo.id}`)).uses).toEqual([]);
    expect((await screen("/admin/gallery")).uses).toEqual([]);
  });

  it("names nothing for a photo used nowhere else, and nothing against an upstream without the call", async () => {
    const photo = await call("/api/admin/gallery", {
      method: "POST",
      json: { imageUrl: "https://example.org/alone.jpg", caption: "Alone" },
    });
    expect((await screen(`/admin/gallery?delete=${photo.id}`)).uses).toEqual([]);
    expect(renderToStaticMarkup(<GalleryUses uses={[]} />)).toBe("");
    const withoutUses = withUpstream(session.h.context, (request) =>
      new URL(request.url).pathname.endsWith("/uses") ? Response.json({ message: "Not found" }, { status: 404 }) : null,
    );
    expect((await screen(`/admin/gallery?delete=${photo.id}`, withoutUses)).uses).toEqual([]);
    const note = await settle(() =>
      usesNote({
        ...args(get(`/admin/gallery/${photo.id}/uses`, session.cookie), session.h.context),
        params: { id: String(photo.id) },
      }),
    );
    expect(await note.json()).toEqual({ note: null });
  });
});
