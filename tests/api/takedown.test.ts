import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validEvent, validNews } from "./content-fixtures";
import { json, queryStored } from "./helpers";
import { imageApiEachTest } from "./image-api";
import { noisyJpeg } from "../fixtures/images";
import { databaseFor, onPostgres } from "../fixtures/test-database";
import { postgresTool } from "../../api/ops/postgres-backup";

/**
 * Takedown (docs/product.md, 'Photos'): deleting a gallery image removes its stored original and
 * every variant at once, takes it off the news items and events that show it, and leaves
 * none of its bytes in the database.
 */
const { api, uploadOk, fetchBytes } = imageApiEachTest();

/** Three stretches of 48 bytes from the middle of each stored copy of an image. */
async function storedFingerprints(dataDir: string, imageId: string): Promise<Buffer[]> {
  const rows = [
    ...(await queryStored<{ bytes: Buffer }>(dataDir, "SELECT bytes FROM images WHERE id = ?", imageId)),
    ...(await queryStored<{ bytes: Buffer }>(dataDir, "SELECT bytes FROM image_variants WHERE image_id = ?", imageId)),
  ];
  expect(rows.length).toBeGreaterThan(1);
  return rows.flatMap(({ bytes }) =>
    [0.3, 0.5, 0.7].map((at) => bytes.subarray(Math.floor(bytes.length * at), Math.floor(bytes.length * at) + 48)),
  );
}

/**
 * The fingerprints still found in the database as stored: SQLite's files on disk (the
 * database and its write-ahead log, free pages and all); PostgreSQL's whole dump, where
 * bytea is written in hex (its heap files belong to the server and are not ours to read).
 */
async function foundInDatabase(dataDir: string, fingerprints: Buffer[]): Promise<Buffer[]> {
  if (onPostgres) {
    const dump = execFileSync(postgresTool("pg_dump"), ["--data-only", await databaseFor(dataDir)], {
      maxBuffer: 256 * 1024 * 1024,
    }).toString();
    return fingerprints.filter((bytes) => dump.includes(bytes.toString("hex")));
  }
  const file = path.join(dataDir, "data.sqlite");
  // The log before the database: a checkpoint between the two reads moves pages from the
  // log into the database, so read in this order a page is seen in one or the other; the
  // other way round it could be missed in both (it was, once, on a busy machine).
  const log = existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : Buffer.alloc(0);
  const raw = Buffer.concat([log, readFileSync(file)]);
  return fingerprints.filter((bytes) => raw.includes(bytes));
}

async function post(pathname: string, body: object): Promise<{ id: number }> {
  const res = await api.t.request(pathname, { method: "POST", token: api.token, json: body });
  expect(res.status).toBe(201);
  return json<{ id: number }>(res);
}

describe("deleting a gallery image", () => {
  it("removes the original, every variant and every use, leaving none of its bytes", async () => {
    const imageUrl = await uploadOk(await noisyJpeg(), "image/jpeg");
    const imageId = imageUrl.split("/").pop() ?? "";
    const kept = await uploadOk(await noisyJpeg(200, 100), "image/jpeg");
    const photo = await post("/api/admin/gallery", { imageUrl, caption: "Sports day" });
    const twin = await post("/api/admin/gallery", { imageUrl, caption: "Sports day again" });
    const other = await post("/api/admin/gallery", { imageUrl: kept, caption: "Kept" });
    const news = await post("/api/admin/news", { ...validNews, title: "Sports day report", imageUrl });
    const event = await post("/api/admin/events", { ...validEvent, name: "Sports day", imageUrl, imageAlt: "Races" });
    const fingerprints = await storedFingerprints(api.dataDir, imageId);
    // The scan finds what it looks for: every stretch is there before.
    expect(await foundInDatabase(api.dataDir, fingerprints)).toHaveLength(fingerprints.length);

    const uses = await api.t.request(`/api/admin/gallery/${photo.id}/uses`, { token: api.token });
    expect(uses.status).toBe(200);
    expect(await uses.json()).toEqual([
      { type: "news", id: news.id, title: "Sports day report" },
      { type: "event", id: event.id, title: "Sports day" },
      { type: "gallery", id: twin.id, title: "Sports day again" },
    ]);
    expect(await (await api.t.request(`/api/admin/gallery/${other.id}/uses`, { token: api.token })).json()).toEqual([]);

    const res = await api.t.request(`/api/admin/gallery/${photo.id}`, { method: "DELETE", token: api.token });
    expect(res.status).toBe(200);

    for (const pathname of [imageUrl, `${imageUrl}?w=480`, `${imageUrl}?w=1600`]) {
      expect((await fetchBytes(pathname)).res.status, pathname).toBe(404);
    }
    expect(await queryStored(api.dataDir, "SELECT id FROM images WHERE id = ?", imageId)).toEqual([]);
    expect(await queryStored(api.dataDir, "SELECT width FROM image_variants WHERE image_id = ?", imageId)).toEqual([]);
    // The news item and the event stay, without the image or its description.
    const newsNow = await json(await api.t.request(`/api/news/${news.id}`));
    expect(newsNow).toMatchObject({ title: "Sports day report", imageUrl: null });
    const eventNow = await json(await api.t.request(`/api/events/${event.id}`));
    expect(eventNow).toMatchObject({ name: "Sports day", imageUrl: null });
    expect(eventNow.imageAlt ?? null).toBeNull();
    // The other gallery row showing the same photo goes with it; other images stay.
    expect((await api.t.request(`/api/gallery/${twin.id}`)).status).toBe(404);
    expect((await fetchBytes(kept)).res.status).toBe(200);
    expect((await api.t.request(`/api/gallery/${other.id}`)).status).toBe(200);

    // On SQLite, secure_delete zeroed the freed pages and the checkpoint wrote them out.
    expect(await foundInDatabase(api.dataDir, fingerprints)).toEqual([]);
  });

  it("of an image on another site deletes the row alone; uses of an unknown id are 404", async () => {
    const outside = await post("/api/admin/gallery", { imageUrl: "https://example.org/a.jpg" });
    expect(await (await api.t.request(`/api/admin/gallery/${outside.id}/uses`, { token: api.token })).json()).toEqual(
      [],
    );
    expect(
      (await api.t.request(`/api/admin/gallery/${outside.id}`, { method: "DELETE", token: api.token })).status,
    ).toBe(200);
    expect((await api.t.request(`/api/admin/gallery/${outside.id}/uses`, { token: api.token })).status).toBe(404);
    expect((await api.t.request(`/api/admin/gallery/${outside.id}/uses`)).status).toBe(401);
  });
});
