import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { jpegImage, jpegWithExifAndGps, pngImage, SVG_IMAGE, TEXT_FILE, truncatedJpeg } from "../fixtures/images";
import { setUserPassword } from "../../api/ops/admin-user";
import { json, makeApi, type ErrorJson } from "./helpers";
import { imageApiEachTest, MB, NOT_AN_IMAGE } from "./image-api";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

/** A news image in three steps: a signed upload URL, the file PUT to it, its object path. */
const { api, fetchBytes } = imageApiEachTest();

describe("news image upload in three steps", () => {
  async function getUploadUrl(): Promise<string> {
    const res = await api.t.request("/api/objects/upload", { method: "POST", token: api.token });
    expect(res.status).toBe(200);
    const { uploadURL } = await json<{ uploadURL: string }>(res);
    return uploadURL;
  }

  function put(url: string, bytes: Buffer, type = "image/jpeg", headers: Record<string, string> = {}) {
    return api.t.request(url, {
      method: "PUT",
      body: new Uint8Array(bytes),
      headers: { "content-type": type, ...headers },
    });
  }

  it("ends a signed URL with the sign-in that asked for it: logout, a new password", async () => {
    const ENDED = "This upload link ended with the sign-in that asked for it. Please sign in and try again.";
    const afterLogout = await getUploadUrl();
    expect((await api.t.request("/api/admin/logout", { method: "POST", token: api.token })).status).toBe(200);
    const refused = await put(afterLogout, await jpegImage());
    expect(refused.status).toBe(403);
    expect(await json<ErrorJson>(refused)).toEqual({ message: ENDED });

    api.token = await api.t.login();
    const afterNewPassword = await getUploadUrl();
    // What `npm run admin -- set-password` does: every session of that user ends.
    await setUserPassword(
      api.t.api.store.db,
      "admin",
      "another-password-entirely",
      TEST_SCRYPT_COST,
      api.t.clock.now(),
    );
    const alsoRefused = await put(afterNewPassword, await jpegImage());
    expect(alsoRefused.status).toBe(403);
    expect(await json<ErrorJson>(alsoRefused)).toEqual({ message: ENDED });
    const images = await api.t.api.store.db.selectFrom("images").select("id").execute();
    expect(images).toEqual([]);
  });

  it("issues a signed URL, accepts the file, and turns it into an object path", async () => {
    const uploadURL = await getUploadUrl();
    const url = new URL(uploadURL);
    expect(url.origin).toBe("http://localhost");
    expect(url.pathname).toMatch(/^\/objects\/uploads\/[A-Za-z0-9_-]{22}$/);
    expect(Number(url.searchParams.get("expires"))).toBe(Math.floor(api.t.clock.now().getTime() / 1000) + 15 * 60);
    expect(url.searchParams.get("signature")).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const input = await jpegWithExifAndGps();
    const putRes = await put(uploadURL, input);
    expect(putRes.status).toBe(200);

    const done = await api.t.request("/api/news-images", {
      method: "PUT",
      token: api.token,
      json: { imageURL: uploadURL },
    });
    expect(done.status).toBe(200);
    const { objectPath } = await json<{ objectPath: string }>(done);
    expect(objectPath).toMatch(/^\/objects\/images\/[A-Za-z0-9_-]{22}$/);

    // The path alone (without origin or query) is accepted too.
    const byPath = await api.t.request("/api/news-images", {
      method: "PUT",
      token: api.token,
      json: { imageURL: url.pathname },
    });
    expect(await byPath.json()).toEqual({ objectPath });

    const { res, bytes } = await fetchBytes(objectPath);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();

    // And the path is accepted as a news item's imageUrl.
    const news = await api.t.request("/api/admin/news", {
      method: "POST",
      token: api.token,
      json: { title: "With picture", publishedAt: "2026-03-01", imageUrl: objectPath },
    });
    expect(news.status).toBe(201);
    expect((await json<{ imageUrl: string }>(news)).imageUrl).toBe(objectPath);
  });

  it("uses the forwarded origin only behind a trusted proxy", async () => {
    const headers = { "x-forwarded-host": "club.example.org", "x-forwarded-proto": "https" };
    const untrusted = await api.t.request("/api/objects/upload", { method: "POST", token: api.token, headers });
    expect(new URL((await json<{ uploadURL: string }>(untrusted)).uploadURL).origin).toBe("http://localhost");
    await api.t.api.close();
    api.t = await makeApi({ trustProxy: true });
    api.token = await api.t.login();
    const trusted = await api.t.request("/api/objects/upload", { method: "POST", token: api.token, headers });
    expect(new URL((await json<{ uploadURL: string }>(trusted)).uploadURL).origin).toBe("https://club.example.org");
  });

  it("403 once the URL has expired (15 minutes)", async () => {
    const uploadURL = await getUploadUrl();
    api.t.clock.advance(15 * 60 * 1000 + 1000);
    const res = await put(uploadURL, await jpegImage());
    expect(res.status).toBe(403);
    expect((await json<ErrorJson>(res)).message).toMatch(/expired/);
  });

  it("still accepts the file just before expiry", async () => {
    const uploadURL = await getUploadUrl();
    api.t.clock.advance(15 * 60 * 1000 - 1000);
    expect((await put(uploadURL, await jpegImage())).status).toBe(200);
  });

  it("403 for a tampered signature, expiry or upload id, or none at all", async () => {
    const uploadURL = new URL(await getUploadUrl());
    const signature = uploadURL.searchParams.get("signature") ?? "";
    const variants: URL[] = [];

    const badSig = new URL(uploadURL);
    badSig.searchParams.set("signature", (signature[0] === "A" ? "B" : "A") + signature.slice(1));
    variants.push(badSig);

    const laterExpiry = new URL(uploadURL);
    laterExpiry.searchParams.set("expires", String(Number(uploadURL.searchParams.get("expires")) + 3600));
    variants.push(laterExpiry);

    const otherId = new URL(uploadURL);
    otherId.pathname = "/objects/uploads/BBBBBBBBBBBBBBBBBBBBBB";
    variants.push(otherId);

    const unsigned = new URL(uploadURL);
    unsigned.search = "";
    variants.push(unsigned);

    for (const url of variants) {
      const res = await put(url.toString(), await jpegImage());
      expect(res.status, url.toString()).toBe(403);
      expect((await json<ErrorJson>(res)).message).toEqual(expect.any(String));
    }
    // The untampered URL still works afterwards.
    expect((await put(uploadURL.toString(), await jpegImage())).status).toBe(200);
  });

  it("409 when the URL is used a second time", async () => {
    const uploadURL = await getUploadUrl();
    expect((await put(uploadURL, await jpegImage())).status).toBe(200);
    const again = await put(uploadURL, await pngImage(), "image/png");
    expect(again.status).toBe(409);
  });

  it("413 over 10 MB", async () => {
    const uploadURL = await getUploadUrl();
    const res = await put(uploadURL, randomBytes(10 * MB + 1));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "File size must be less than 10MB" });
    const declared = await put(await getUploadUrl(), randomBytes(10 * MB + 1), "image/jpeg", {
      "content-length": String(10 * MB + 1),
    });
    expect(declared.status).toBe(413);
  });

  it("accepts a file between 5 and 10 MB", async () => {
    // Random pixels do not compress, so this PNG is several megabytes.
    const noise = randomBytes(1400 * 1400 * 3);
    const big = await sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * MB);
    expect(big.length).toBeLessThan(10 * MB);
    expect((await put(await getUploadUrl(), big, "image/png")).status).toBe(200);
  });

  it.each([
    ["an SVG", SVG_IMAGE, "image/svg+xml"],
    ["an SVG claiming to be a GIF", SVG_IMAGE, "image/gif"],
    ["plain text", TEXT_FILE, "image/png"],
  ])("415 for %s", async (_label, bytes, type) => {
    const uploadURL = await getUploadUrl();
    const res = await put(uploadURL, bytes, type);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: NOT_AN_IMAGE });
  });

  it("415 for a truncated JPEG, and the URL can then be used for a good file", async () => {
    const uploadURL = await getUploadUrl();
    expect((await put(uploadURL, await truncatedJpeg())).status).toBe(415);
    expect((await put(uploadURL, await jpegImage())).status).toBe(200);
  });

  it("400 from /api/news-images for an upload that is not complete or not ours", async () => {
    const uploadURL = await getUploadUrl();
    for (const imageURL of [
      uploadURL,
      "https://evil.example/objects/uploads/x",
      "/objects/images/AAAAAAAAAAAAAAAAAAAAAA",
    ]) {
      const res = await api.t.request("/api/news-images", { method: "PUT", token: api.token, json: { imageURL } });
      expect(res.status, imageURL).toBe(400);
      expect(await res.json()).toMatchObject({ field: "imageURL" });
    }
    const missing = await api.t.request("/api/news-images", { method: "PUT", token: api.token, json: {} });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "imageURL: is required", field: "imageURL", code: "required" });
  });
});
