import { expect } from "vitest";
import { IMAGE_PATH } from "./content-fixtures";
import { json, type TestApi } from "./helpers";

/** What the album tests share: making albums and their images through the /api. */
export interface AlbumAnswer {
  id: number;
  title: string;
  date: string;
  eventId: number | null;
  coverImageUrl: string | null;
  imageCount: number;
  visibility: string;
}

export async function makeAlbum(t: TestApi, token: string, body: Record<string, unknown>): Promise<AlbumAnswer> {
  const res = await t.request("/api/admin/albums", { method: "POST", token, json: body });
  expect(res.status).toBe(201);
  return json<AlbumAnswer>(res);
}

/** Adds `count` images to an album (each to its end); their ids in the order added. */
export async function addImages(t: TestApi, token: string, albumId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 1; n <= count; n++) {
    const res = await t.request("/api/admin/gallery", {
      method: "POST",
      token,
      json: { imageUrl: `https://example.org/${albumId}-${n}.jpg`, caption: `Photo ${n}`, albumId },
    });
    expect(res.status).toBe(201);
    ids.push((await json<{ id: number }>(res)).id);
  }
  return ids;
}

/** The ids an album shows on page `page`, as a caller with `token` (or none) sees them. */
export async function albumPageIds(t: TestApi, albumId: number, page = 1, token?: string): Promise<number[]> {
  const res = await t.request(`/api/albums/${albumId}?page=${page}`, { token });
  expect(res.status).toBe(200);
  return (await json<{ images: Array<{ id: number }> }>(res)).images.map((image) => image.id);
}

export { IMAGE_PATH };
