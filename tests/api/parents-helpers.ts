import type { Store } from "../../api/store/db";
import type { AlbumVisibility } from "../../common/albums";
import { json, type TestApi } from "./helpers";

/** What parents-only tests share: an album straight in the store (the albums /api is another part's), the passphrase, its cookie. */
export const PASSPHRASE = "bluebell meadow 42";

export async function insertAlbum(store: Store, visibility: AlbumVisibility, title = "Sports day"): Promise<number> {
  const stamp = "2026-03-01T12:00:00.000Z";
  const row = await store.db
    .insertInto("albums")
    .values({ title, date: "2026-03-01", visibility, created_at: stamp, updated_at: stamp })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function setPassphrase(t: TestApi, token: string, passphrase: string | null) {
  return t.request("/api/admin/settings/gallery-passphrase", { method: "PUT", token, json: { passphrase } });
}

/** POST /api/gallery/unlock; `address` stands for the visitor's (X-Forwarded-For under trustProxy). */
export function unlock(t: TestApi, passphrase: string, headers: Record<string, string> = {}) {
  return t.request("/api/gallery/unlock", { method: "POST", json: { passphrase }, headers });
}

/** The `name=value` of an answer's Set-Cookie, to send back as a Cookie header. */
export function cookieOf(res: Response): string {
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

/** A gallery image in the album (or none), made through the /api as the committee does. */
export async function addImage(t: TestApi, token: string, imageUrl: string, albumId: number | null) {
  const res = await t.request("/api/admin/gallery", { method: "POST", token, json: { imageUrl, albumId } });
  return json<{ id: number; imageUrl: string }>(res);
}
