import { describe, expect, it } from "vitest";
import { adminToken, signInByForm } from "../fixtures/api-client";
import { jpegImage } from "../fixtures/images";
import { servingForTests } from "../fixtures/real-server";
import { openStoreOf } from "../api/helpers";
import { insertAlbum, PASSPHRASE } from "../api/parents-helpers";

/**
 * Parents-only albums at the real server (needs `npm run build`): an administrator's
 * browser gets the album's files through its session cookie alone, and a page made
 * with the gallery cookie is neither served from nor kept in the page cache.
 */
const PASSWORD = "parents-only-password";
const serving = servingForTests("club-parents-only-", { ADMIN_PASSWORD: PASSWORD });

async function api(path: string, token: string, init: { method?: string; json?: unknown; body?: BodyInit } = {}) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  return fetch(`${serving.base}${path}`, { method: init.method ?? "GET", headers, body });
}

/** A stored image in a new parents-only album, and the gallery passphrase set. */
async function parentsImage(token: string): Promise<string> {
  const store = await openStoreOf(serving.dataDir);
  const albumId = await insertAlbum(store, "parents").finally(() => store.db.destroy());
  const form = new FormData();
  form.append("image", new File([new Uint8Array(await jpegImage())], "photo.jpg", { type: "image/jpeg" }));
  const { imageUrl } = (await (await api("/api/admin/upload", token, { method: "POST", body: form })).json()) as {
    imageUrl: string;
  };
  expect((await api("/api/admin/gallery", token, { method: "POST", json: { imageUrl, albumId } })).status).toBe(201);
  const set = await api("/api/admin/settings/gallery-passphrase", token, {
    method: "PUT",
    json: { passphrase: PASSPHRASE },
  });
  expect(set.status).toBe(200);
  return imageUrl;
}

describe("parents-only albums at the server", () => {
  it("serve their files to an administrator's session and a gallery cookie only, never cached publicly", async () => {
    const imageUrl = await parentsImage(await adminToken(serving.base, PASSWORD));
    expect((await fetch(`${serving.base}${imageUrl}`)).status).toBe(404);

    const session = await signInByForm(serving.base, PASSWORD);
    const asAdmin = await fetch(`${serving.base}${imageUrl}`, { headers: { Cookie: session } });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get("Cache-Control")).toBe("private, max-age=3600");

    const unlocked = await fetch(`${serving.base}/api/gallery/unlock`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ passphrase: PASSPHRASE }),
    });
    const cookie = (unlocked.headers.get("Set-Cookie") ?? "").split(";")[0];
    expect(cookie).toMatch(/^gallery=/);
    const asParent = await fetch(`${serving.base}${imageUrl}?w=480`, { headers: { Cookie: cookie } });
    expect(asParent.status).toBe(200);
    expect(asParent.headers.get("Cache-Control")).toBe("private, max-age=3600");

    // /gallery: kept for visitors, but a page made with the cookie is neither served from the cache nor kept in it.
    const page = (headers: Record<string, string> = {}) => fetch(`${serving.base}/gallery`, { headers });
    await (await page()).text();
    const kept = await page();
    expect(kept.headers.has("Age")).toBe(true);
    expect(await kept.text()).not.toContain(imageUrl);
    const theirs = await page({ Cookie: cookie });
    expect(theirs.headers.has("Age")).toBe(false);
    expect(theirs.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await theirs.text()).toContain(imageUrl);
    expect(await (await page()).text()).not.toContain(imageUrl);
  });
});
