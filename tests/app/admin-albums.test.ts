import { describe, expect, it } from "vitest";
import { action as albumAction, loader as albumLoader } from "~/routes/admin.gallery_.albums.$id";
import { action as listAction, loader as listLoader } from "~/routes/admin.gallery_.albums._index";
import { failureOf, settle } from "./admin-test-helpers";
import { adminCall, albumWithImages, tokenFor } from "./album-fixtures";
import { flashOf, get, post, signedInHarness } from "./harness";

/** The admin's album screens as forms without JavaScript (docs/product.md, 'Photos'). */
const session = signedInHarness();

const LIST = "/admin/gallery/albums";
const call = (run: () => unknown) => settle(run);
const onAlbum = (id: string, fields: Record<string, string>) =>
  call(() =>
    albumAction({ request: post(`${LIST}/${id}`, fields, session.cookie), context: session.h.context, params: { id } }),
  );
const albumScreen = async (id: string, query = "") => {
  const response = await call(() =>
    albumLoader({ request: get(`${LIST}/${id}${query}`, session.cookie), context: session.h.context, params: { id } }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as {
    album: { title: string; coverImageId: string | null; visibility: string };
    images: Array<{ id: string }>;
    neighbours: { before: string | null; after: string | null };
    loose: Array<{ id: string }>;
  };
};

describe("admin albums without JavaScript", () => {
  it("creates an album and opens its screen", async () => {
    const response = await call(() =>
      listAction({
        request: post(
          LIST,
          { intent: "create", title: "Bike ride", date: "2026-04-10", eventId: "", visibility: "public" },
          session.cookie,
        ),
        context: session.h.context,
        params: {},
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin\/gallery\/albums\/\d+$/);
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Album created" });
    const list = await call(() =>
      listLoader({ request: get(LIST, session.cookie), context: session.h.context, params: {} }),
    );
    const { albums } = (await list.json()) as { albums: Array<{ title: string }> };
    expect(albums.map((album) => album.title)).toContain("Bike ride");
  });

  it("names the field a refused album is wrong in, keeping what was typed", async () => {
    const response = await call(() =>
      listAction({
        request: post(LIST, { intent: "create", title: "Trip", date: "", visibility: "public" }, session.cookie),
        context: session.h.context,
        params: {},
      }),
    );
    const failure = await failureOf(response);
    expect(Object.keys(failure.fieldErrors)).toEqual(["date"]);
    expect(failure.values.title).toBe("Trip");
  });

  it("returns to the album's page it was on, and drops a page field that is no page number", async () => {
    const token = await tokenFor(session.h);
    const { id, imageIds } = await albumWithImages(session.h, token, { title: "Kites", date: "2026-05-02" }, 2);
    const order = { intent: "order", imageIds: `${imageIds[1]},${imageIds[0]}` };
    const back = await onAlbum(id, { ...order, page: "2" });
    expect(back.headers.get("Location")).toBe(`${LIST}/${id}?page=2`);
    for (const page of ["1\r\nSet-Cookie: x=y", "2\nX: y", "-1", "0", "two", "1e3", "", "9999999"]) {
      const response = await onAlbum(id, { ...order, page });
      expect(response.status, JSON.stringify(page)).toBe(302);
      expect(response.headers.get("Location"), JSON.stringify(page)).toBe(`${LIST}/${id}`);
    }
  });

  it("edits, orders with Up and Down, chooses a cover, adds and takes out images", async () => {
    const token = await tokenFor(session.h);
    const { id, imageIds } = await albumWithImages(session.h, token, { title: "Fair", date: "2026-06-20" }, 3);
    const [a, b, c] = imageIds;
    const edited = await onAlbum(id, {
      intent: "update",
      title: "Summer fair",
      date: "2026-06-21",
      eventId: "",
      visibility: "parents",
    });
    expect(await flashOf(edited)).toEqual({ kind: "success", title: "Album updated" });
    expect((await albumScreen(id)).album).toMatchObject({ title: "Summer fair", visibility: "parents" });

    // Up on the second image posts it with the one above it.
    expect((await onAlbum(id, { intent: "order", imageIds: `${b},${a}`, page: "1" })).status).toBe(302);
    expect((await albumScreen(id)).images.map((image) => image.id)).toEqual([b, a, c]);
    // Down on the first, the same the other way round.
    await onAlbum(id, { intent: "order", imageIds: `${a},${b}`, page: "1" });
    expect((await albumScreen(id)).images.map((image) => image.id)).toEqual([a, b, c]);

    await onAlbum(id, { intent: "cover", imageId: c });
    expect((await albumScreen(id)).album.coverImageId).toBe(c);

    const loose = await adminCall<{ id: number }>(session.h, token, "POST", "/api/admin/gallery", {
      imageUrl: "https://example.org/loose.jpg",
      caption: "Loose",
    });
    expect((await albumScreen(id)).loose.map((image) => image.id)).toContain(String(loose.id));
    await onAlbum(id, { intent: "add", imageId: String(loose.id) });
    expect((await albumScreen(id)).images.map((image) => image.id)).toEqual([a, b, c, String(loose.id)]);
    await onAlbum(id, { intent: "remove", imageId: a });
    expect((await albumScreen(id)).images.map((image) => image.id)).toEqual([b, c, String(loose.id)]);
  });

  it("deletes an album from its confirmation, keeping its images or with them", async () => {
    const token = await tokenFor(session.h);
    const kept = await albumWithImages(session.h, token, { title: "Kept", date: "2026-01-01" }, 2);
    const gone = await albumWithImages(session.h, token, { title: "Gone", date: "2026-01-02" }, 2);
    const keep = await onAlbum(kept.id, { intent: "delete", images: "keep" });
    expect(keep.headers.get("Location")).toBe(LIST);
    expect(await flashOf(keep)).toEqual({ kind: "success", title: "Album deleted" });
    await onAlbum(gone.id, { intent: "delete", images: "delete" });
    const gallery = await session.h.read<Array<{ id: number }>>("/api/gallery?limit=1000");
    const ids = gallery.map((image) => String(image.id));
    expect(ids).toEqual(expect.arrayContaining(kept.imageIds));
    expect(ids.some((imageId) => gone.imageIds.includes(imageId))).toBe(false);
  });
});
