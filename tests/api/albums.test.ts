import { describe, expect, it } from "vitest";
import type { ActivityPage } from "./activity-helpers";
import { addImages, albumPageIds, makeAlbum, type AlbumAnswer } from "./album-fixtures";
import { expect400, validEvent } from "./content-fixtures";
import { freshApiEachTest, json } from "./helpers";

/** Albums through the /api (docs/product.md, 'Photos'): writes, what is refused, lists and pages. */
const api = freshApiEachTest();

const put = (path: string, body: unknown) => api.t.request(path, { method: "PUT", token: api.token, json: body });
const post = (path: string, body: unknown) => api.t.request(path, { method: "POST", token: api.token, json: body });

async function makeEvent(): Promise<number> {
  return (await json<{ id: number }>(await post("/api/admin/events", validEvent))).id;
}

describe("albums", () => {
  it("creates, shows, edits and deletes an album, and records each change", async () => {
    const eventId = await makeEvent();
    const album = await makeAlbum(api.t, api.token, { title: " Summer fair ", date: "2026-06-20", eventId });
    expect(album).toEqual({
      id: expect.any(Number),
      title: "Summer fair",
      date: "2026-06-20",
      eventId,
      coverImageId: null,
      coverImageUrl: null,
      imageCount: 0,
      visibility: "public",
    });
    const [first, second] = await addImages(api.t, api.token, album.id, 2);
    const shown = await json<{ album: AlbumAnswer; images: unknown[]; page: number; pages: number }>(
      await api.t.request(`/api/albums/${album.id}`),
    );
    expect(shown.album).toMatchObject({ imageCount: 2, coverImageUrl: `https://example.org/${album.id}-1.jpg` });
    expect(shown.images).toEqual([
      { id: first, imageUrl: `https://example.org/${album.id}-1.jpg`, caption: "Photo 1", altText: null },
      { id: second, imageUrl: `https://example.org/${album.id}-2.jpg`, caption: "Photo 2", altText: null },
    ]);
    expect([shown.page, shown.pages]).toEqual([1, 1]);

    const edited = await put(`/api/admin/albums/${album.id}`, {
      title: "Fair",
      date: "2026-06-21",
      eventId: null,
      visibility: "parents",
      coverImageId: second,
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      title: "Fair",
      eventId: null,
      visibility: "parents",
      coverImageId: second,
      coverImageUrl: `https://example.org/${album.id}-2.jpg`,
    });

    const gone = await api.t.request(`/api/admin/albums/${album.id}`, { method: "DELETE", token: api.token });
    expect(gone.status).toBe(200);
    expect((await api.t.request(`/api/albums/${album.id}`)).status).toBe(404);
    const activity = await json<ActivityPage>(await api.t.request("/api/admin/activity", { token: api.token }));
    const actions = activity.items.map((line) => line.action);
    expect(actions).toEqual(expect.arrayContaining(["album.create", "album.update", "album.delete"]));
  });

  it("refuses a wrong body, naming the field", async () => {
    const album = await makeAlbum(api.t, api.token, { title: "A", date: "2026-01-01" });
    const valid = { title: "A", date: "2026-01-01" };
    await expect400(await post("/api/admin/albums", { date: "2026-01-01" }), "title", /is required/);
    await expect400(await post("/api/admin/albums", { title: "A", date: "1 May" }), "date");
    await expect400(await post("/api/admin/albums", { title: "A", date: "2026-02-30" }), "date");
    await expect400(await post("/api/admin/albums", { ...valid, visibility: "secret" }), "visibility");
    await expect400(await post("/api/admin/albums", { ...valid, eventId: 999 }), "eventId", /no such event/);
    await expect400(await post("/api/admin/albums", { ...valid, eventId: "1" }), "eventId");
    const [elsewhere] = await addImages(api.t, api.token, (await makeAlbum(api.t, api.token, valid)).id, 1);
    await expect400(await put(`/api/admin/albums/${album.id}`, { ...valid, coverImageId: elsewhere }), "coverImageId");
    expect((await put("/api/admin/albums/999", valid)).status).toBe(404);
    expect((await api.t.request("/api/admin/albums", { method: "POST", json: valid })).status).toBe(401);
  });

  it("keeps a new order: the whole album, or two neighbours swapped", async () => {
    const album = await makeAlbum(api.t, api.token, { title: "A", date: "2026-01-01" });
    const [a, b, c, d] = await addImages(api.t, api.token, album.id, 4);
    expect((await put(`/api/admin/albums/${album.id}/order`, { imageIds: [d, b, a, c] })).status).toBe(200);
    expect(await albumPageIds(api.t, album.id)).toEqual([d, b, a, c]);
    expect((await put(`/api/admin/albums/${album.id}/order`, { imageIds: [a, b] })).status).toBe(200);
    expect(await albumPageIds(api.t, album.id)).toEqual([d, a, b, c]);
    // The cover follows the first image until one is chosen.
    expect((await json<AlbumAnswer[]>(await api.t.request("/api/albums")))[0].coverImageUrl).toMatch(/-4\.jpg$/);

    const other = await makeAlbum(api.t, api.token, { title: "B", date: "2026-01-02" });
    const [stranger] = await addImages(api.t, api.token, other.id, 1);
    await expect400(await put(`/api/admin/albums/${album.id}/order`, { imageIds: [a, stranger] }), "imageIds");
    await expect400(await put(`/api/admin/albums/${album.id}/order`, { imageIds: [a, a] }), "imageIds");
    await expect400(await put(`/api/admin/albums/${album.id}/order`, { imageIds: [] }), "imageIds");
    expect(await albumPageIds(api.t, album.id)).toEqual([d, a, b, c]);
  });

  it("deletes an album keeping its images in the gallery, or with them", async () => {
    const kept = await makeAlbum(api.t, api.token, { title: "Kept", date: "2026-01-01" });
    const keptIds = await addImages(api.t, api.token, kept.id, 2);
    const dropped = await makeAlbum(api.t, api.token, { title: "Dropped", date: "2026-01-02" });
    await addImages(api.t, api.token, dropped.id, 3);
    const del = (id: number, images: string) =>
      api.t.request(`/api/admin/albums/${id}?images=${images}`, { method: "DELETE", token: api.token });
    await expect400(await del(kept.id, "later"), "images");
    expect((await del(kept.id, "keep")).status).toBe(200);
    expect((await del(dropped.id, "delete")).status).toBe(200);
    const gallery = await json<Array<{ id: number; albumId: number | null }>>(await api.t.request("/api/gallery"));
    expect(gallery.map((image) => image.id).sort()).toEqual([...keptIds].sort());
    expect(gallery.every((image) => image.albumId === null)).toBe(true);
  });

  it("lists newest date first, a window at a time, and one event's albums", async () => {
    const eventId = await makeEvent();
    const older = await makeAlbum(api.t, api.token, { title: "Older", date: "2025-05-01", eventId });
    const newer = await makeAlbum(api.t, api.token, { title: "Newer", date: "2026-05-01" });
    const sameDay = await makeAlbum(api.t, api.token, { title: "Same day", date: "2026-05-01" });
    const page = await api.t.request("/api/albums?limit=2&offset=1");
    expect(page.headers.get("X-Total-Count")).toBe("3");
    expect((await json<AlbumAnswer[]>(page)).map((album) => album.id)).toEqual([newer.id, older.id]);
    const all = await json<AlbumAnswer[]>(await api.t.request("/api/albums"));
    expect(all.map((album) => album.id)).toEqual([sameDay.id, newer.id, older.id]);
    expect(Object.keys(all[0]).sort()).toEqual(
      ["coverImageUrl", "date", "eventId", "id", "imageCount", "title", "visibility"].sort(),
    );
    const ofEvent = await api.t.request(`/api/albums?eventId=${eventId}`);
    expect(ofEvent.headers.get("X-Total-Count")).toBe("1");
    expect((await json<AlbumAnswer[]>(ofEvent)).map((album) => album.id)).toEqual([older.id]);
    await expect400(await api.t.request("/api/albums?eventId=x"), "eventId");
    await expect400(await api.t.request("/api/albums?limit=5000"), "limit");
  });

  it("pages an album at 60 images", async () => {
    const album = await makeAlbum(api.t, api.token, { title: "Big", date: "2026-01-01" });
    const ids = await addImages(api.t, api.token, album.id, 61);
    const second = await json<{ page: number; pages: number; images: Array<{ id: number }> }>(
      await api.t.request(`/api/albums/${album.id}?page=2`),
    );
    expect([second.page, second.pages]).toEqual([2, 2]);
    expect(second.images.map((image) => image.id)).toEqual([ids[60]]);
    // The images across each page's edges, round the album's ends, come with the page.
    const first = await json<{ neighbours: unknown }>(await api.t.request(`/api/albums/${album.id}`));
    expect(first.neighbours).toEqual({ before: ids[60], after: ids[60] });
    expect((second as unknown as { neighbours: unknown }).neighbours).toEqual({ before: ids[59], after: ids[0] });
    expect((await api.t.request(`/api/albums/${album.id}?page=3`)).status).toBe(404);
    expect((await api.t.request(`/api/albums/${album.id}?page=0`)).status).toBe(400);
  });

  it("shows a parents-only album to the committee and only its title to anyone else", async () => {
    const album = await makeAlbum(api.t, api.token, { title: "Sports day", date: "2026-07-01", visibility: "parents" });
    await addImages(api.t, api.token, album.id, 2);
    expect(await json(await api.t.request(`/api/albums/${album.id}`))).toEqual({
      album: { id: album.id, title: "Sports day", date: "2026-07-01", visibility: "parents", eventId: null },
      images: [],
      page: 1,
      pages: 0,
      locked: true,
    });
    const anonymous = await api.t.request("/api/albums");
    expect([anonymous.headers.get("X-Total-Count"), await anonymous.json()]).toEqual(["0", []]);

    const full = await json<{ album: AlbumAnswer; images: unknown[]; locked?: boolean }>(
      await api.t.request(`/api/albums/${album.id}`, { token: api.token }),
    );
    expect(full.locked).toBeUndefined();
    expect(full.images).toHaveLength(2);
    expect(full.album.imageCount).toBe(2);
    const listed = await json<AlbumAnswer[]>(await api.t.request("/api/albums", { token: api.token }));
    expect(listed.map((item) => item.id)).toEqual([album.id]);
  });

  it("lists a parents-only album as locked, by title and date alone, only when asked to", async () => {
    const album = await makeAlbum(api.t, api.token, { title: "Camp-out", date: "2026-08-01", visibility: "parents" });
    await addImages(api.t, api.token, album.id, 1);
    const open = await makeAlbum(api.t, api.token, { title: "Fair", date: "2026-07-15" });

    const locked = await api.t.request("/api/albums?locked=include");
    expect(locked.headers.get("X-Total-Count")).toBe("2");
    expect(await locked.json()).toEqual([
      {
        id: album.id,
        title: "Camp-out",
        date: "2026-08-01",
        eventId: null,
        visibility: "parents",
        coverImageUrl: null,
        imageCount: 1,
        locked: true,
      },
      expect.objectContaining({ id: open.id, visibility: "public", imageCount: 0 }),
    ]);
    // The committee gets the album itself, cover and count, asked either way.
    const asCommittee = await json<Array<AlbumAnswer & { locked?: boolean }>>(
      await api.t.request("/api/albums?locked=include", { token: api.token }),
    );
    expect(asCommittee[0]).toMatchObject({ id: album.id, imageCount: 1 });
    expect(asCommittee[0].locked).toBeUndefined();
    expect(asCommittee[0].coverImageUrl).toBe("https://example.org/1-1.jpg");

    // One visibility: the parents-only albums the caller may see.
    const parents = await json<AlbumAnswer[]>(
      await api.t.request("/api/albums?visibility=parents", { token: api.token }),
    );
    expect(parents.map((item) => item.id)).toEqual([album.id]);
    expect(await json(await api.t.request("/api/albums?visibility=parents"))).toEqual([]);

    const wrong = await api.t.request("/api/albums?locked=yes");
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("locked: must be include");
  });
});
