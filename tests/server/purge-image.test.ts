import { copyFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validNews } from "../api/content-fixtures";
import { json, makeApi, queryStored, tempDataDir, type TestApi } from "../api/helpers";
import { noisyJpeg } from "../fixtures/images";
import { runAdmin } from "../fixtures/real-server";
import { onPostgres } from "../fixtures/test-database";

/**
 * `npm run admin -- purge-image ID` (docs/product.md, 'Takedown'): the photo leaves the
 * live store and every backup in DATA_DIR/backups, each backup otherwise whole and fit
 * to restore from. On SQLite backups and on PostgreSQL's pg_dump files alike.
 */
let dataDir: string;
let cleanup: () => Promise<void>;
let imageUrl: string;
let galleryId: number;
let fingerprints: Buffer[];

async function post(
  t: TestApi,
  token: string,
  pathname: string,
  body: object | FormData,
): Promise<{ id: number; imageUrl: string }> {
  const init = body instanceof FormData ? { body } : { json: body };
  const res = await t.request(pathname, { method: "POST", token, ...init });
  expect(res.status).toBe(201);
  return json<{ id: number; imageUrl: string }>(res);
}

beforeAll(async () => {
  ({ dir: dataDir, cleanup } = await tempDataDir());
  const t = await makeApi({ dataDir });
  try {
    const token = await t.login();
    const form = new FormData();
    form.append("image", new File([new Uint8Array(await noisyJpeg())], "photo.jpg", { type: "image/jpeg" }));
    ({ imageUrl } = await post(t, token, "/api/admin/upload", form));
    ({ id: galleryId } = await post(t, token, "/api/admin/gallery", { imageUrl, caption: "Sports day" }));
    await post(t, token, "/api/admin/news", { ...validNews, title: "Sports day report", imageUrl });
    await post(t, token, "/api/admin/news", { ...validNews, title: "Kept news" });
    const imageId = imageUrl.split("/").pop();
    const rows = [
      ...(await queryStored<{ bytes: Buffer }>(dataDir, "SELECT bytes FROM images WHERE id = ?", imageId)),
      ...(await queryStored<{ bytes: Buffer }>(
        dataDir,
        "SELECT bytes FROM image_variants WHERE image_id = ?",
        imageId,
      )),
    ];
    fingerprints = rows.map(({ bytes }) => bytes.subarray(bytes.length >> 1, (bytes.length >> 1) + 48));
  } finally {
    await t.api.close();
  }
  const backup = await runAdmin(["backup"], { DATA_DIR: dataDir });
  expect(backup.code, backup.output).toBe(0);
}, 120_000);

afterAll(() => cleanup());

const backups = () => readdirSync(join(dataDir, "backups")).map((name) => join(dataDir, "backups", name));

describe("purge-image", () => {
  it("refuses what names no image", async () => {
    const result = await runAdmin(["purge-image", "../etc/passwd"], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.output).toContain("names no image");
    const unknown = await runAdmin(["purge-image", "999"], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain("Gallery image 999 is not in the database");
  });

  it("removes the image from the database and every backup, which restores with everything else", async () => {
    const [taken] = backups();
    // A daily snapshot beside the backup on demand: every kind is rewritten.
    if (!onPostgres) copyFileSync(taken, join(dataDir, "backups", "daily-2026-03-01T04-05-06Z.sqlite"));
    if (!onPostgres) expect(fingerprints.every((bytes) => readFileSync(taken).includes(bytes))).toBe(true);

    // What a purge killed midway left: it may hold the photo, so it goes too.
    const stale = join(dataDir, "backups", "backup-2026-01-01T00-00-00Z.sqlite.purging");
    copyFileSync(taken, stale);
    // The gallery image's number, as the admin's address bar shows it (?delete=ID).
    const result = await runAdmin(["purge-image", String(galleryId)], { DATA_DIR: dataDir });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain("removed from the database");
    expect(result.output).toContain("rewritten without it");
    expect(await queryStored(dataDir, "SELECT id FROM images")).toEqual([]);
    expect(await queryStored(dataDir, "SELECT id FROM gallery")).toEqual([]);
    expect(existsSync(stale)).toBe(false);

    for (const file of backups()) {
      if (!onPostgres) expect(fingerprints.filter((bytes) => readFileSync(file).includes(bytes))).toEqual([]);
      const restored = await runAdmin(["restore", file], { DATA_DIR: dataDir });
      expect(restored.code, restored.output).toBe(0);
      expect(await queryStored(dataDir, "SELECT id FROM images")).toEqual([]);
      expect(await queryStored(dataDir, "SELECT image_id FROM image_variants")).toEqual([]);
      expect(await queryStored(dataDir, "SELECT id FROM gallery")).toEqual([]);
      const news = await queryStored<{ title: string; image_url: string | null }>(
        dataDir,
        "SELECT title, image_url FROM news ORDER BY title",
      );
      expect(news).toEqual([
        { title: "Kept news", image_url: null },
        { title: "Sports day report", image_url: null },
      ]);
      expect(await queryStored(dataDir, "SELECT username FROM users")).toEqual([{ username: "admin" }]);
    }

    const again = await runAdmin(["purge-image", imageUrl], { DATA_DIR: dataDir });
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain("not in the database (already deleted)");
  }, 180_000);
});
