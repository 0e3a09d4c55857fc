import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  animatedGif,
  EXIF_MARKERS,
  gifImage,
  jpegImage,
  jpegWithExifAndGps,
  pngImage,
  SVG_IMAGE,
  TEXT_FILE,
  truncatedJpeg,
} from "../fixtures/images";
import { setUserPassword } from "../../api/ops/admin-user";
import { json, makeApi, queryStored, tempDataDir, type ErrorJson, type TestApi } from "./helpers";

const NOT_AN_IMAGE = "Please upload an image file (jpg, jpeg, png, gif)";
const MB = 1024 * 1024;

let t: TestApi;
let token: string;
let cleanup: (() => Promise<void>) | undefined;
let dataDir: string;
beforeEach(async () => {
  const temp = await tempDataDir();
  cleanup = temp.cleanup;
  dataDir = temp.dir;
  t = await makeApi({ dataDir });
  token = await t.login();
});
afterEach(async () => {
  await t.api.close();
  await cleanup?.();
});

function upload(bytes: Buffer, type: string, name = "photo.jpg", field = "image") {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return t.request("/api/admin/upload", { method: "POST", token, body: form });
}

async function uploadOk(bytes: Buffer, type: string): Promise<string> {
  const res = await upload(bytes, type);
  expect(res.status).toBe(201);
  const { imageUrl } = await json<{ imageUrl: string }>(res);
  expect(imageUrl).toMatch(/^\/objects\/images\/[A-Za-z0-9_-]{22}$/);
  return imageUrl;
}

async function fetchBytes(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ res: Response; bytes: Buffer }> {
  const res = await t.request(path, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("POST /api/admin/upload", () => {
  it.each([
    ["jpeg", "image/jpeg", jpegImage],
    ["png", "image/png", pngImage],
    ["gif", "image/gif", gifImage],
  ] as const)("accepts a %s and serves it back in its own format", async (format, type, make) => {
    const imageUrl = await uploadOk(await make(), type);
    const { res, bytes } = await fetchBytes(imageUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(type);
    expect((await sharp(bytes).metadata()).format).toBe(format);
  });

  it("keeps an animated GIF animated", async () => {
    const imageUrl = await uploadOk(await animatedGif(), "image/gif");
    const { bytes } = await fetchBytes(imageUrl);
    const meta = await sharp(bytes, { animated: true }).metadata();
    expect(meta.format).toBe("gif");
    expect(meta.pages).toBe(3);
  });

  it("strips EXIF and GPS data and applies the EXIF orientation", async () => {
    const input = await jpegWithExifAndGps();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif?.toString("latin1")).toContain(EXIF_MARKERS.make);
    expect(inputMeta.orientation).toBe(6);
    expect([inputMeta.width, inputMeta.height]).toEqual([800, 600]);

    const imageUrl = await uploadOk(input, "image/jpeg");
    const { bytes } = await fetchBytes(imageUrl);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([600, 800]);
    expect(bytes.toString("latin1")).not.toContain(EXIF_MARKERS.make);
    expect(bytes.toString("latin1")).not.toContain(EXIF_MARKERS.model);

    const { bytes: variant } = await fetchBytes(`${imageUrl}?w=480`);
    const variantMeta = await sharp(variant).metadata();
    expect(variantMeta.exif).toBeUndefined();
    expect(variantMeta.format).toBe("webp");
  });

  it("stores the original and its variants in the database", async () => {
    const imageUrl = await uploadOk(await pngImage(2000, 1000), "image/png");
    const id = imageUrl.split("/").pop();
    const [image] = await queryStored<{
      content_type: string;
      width: number;
      height: number;
      etag: string;
      bytes: Buffer;
    }>(dataDir, "SELECT * FROM images WHERE id = ?", id);
    expect(image).toMatchObject({ content_type: "image/png", width: 2000, height: 1000 });
    expect(image.etag).toMatch(/^[0-9a-f]{64}$/);
    const variants = await queryStored<{ width: number; height: number }>(
      dataDir,
      "SELECT width, height FROM image_variants WHERE image_id = ? ORDER BY width",
      id,
    );
    expect(variants).toEqual([
      { width: 480, height: 240 },
      { width: 960, height: 480 },
      { width: 1600, height: 800 },
    ]);
  });

  it("413 for a file over 5 MB, checked before the body is read", async () => {
    const res = await upload(randomBytes(6 * MB), "image/jpeg");
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "Image must be less than 5MB" });
  });

  it("413 for a file just over 5 MB inside the multipart allowance", async () => {
    const res = await upload(randomBytes(5 * MB + 1), "image/jpeg");
    expect(res.status).toBe(413);
    expect((await json<ErrorJson>(res)).message).toBe("Image must be less than 5MB");
  });

  it.each([
    ["an SVG", () => Promise.resolve(SVG_IMAGE), "image/svg+xml"],
    ["an SVG claiming to be a PNG", () => Promise.resolve(SVG_IMAGE), "image/png"],
    ["a text file claiming to be a JPEG", () => Promise.resolve(TEXT_FILE), "image/jpeg"],
    ["a truncated JPEG", truncatedJpeg, "image/jpeg"],
    ["a PNG sent as text/plain", () => pngImage(), "text/plain"],
    [
      "a WebP image",
      () =>
        sharp({ create: { width: 10, height: 10, channels: 3, background: "red" } })
          .webp()
          .toBuffer(),
      "image/webp",
    ],
    [
      "a WebP claiming to be a JPEG",
      () =>
        sharp({ create: { width: 10, height: 10, channels: 3, background: "red" } })
          .webp()
          .toBuffer(),
      "image/jpeg",
    ],
  ])("415 for %s", async (_label, make, type) => {
    const res = await upload(await make(), type);
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ message: NOT_AN_IMAGE });
    expect(await queryStored(dataDir, "SELECT id FROM images")).toEqual([]);
  });

  it("400 when the image field is missing", async () => {
    const res = await upload(await pngImage(), "image/png", "x.png", "file");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "image: is required", field: "image" });
  });
});

describe("GET /objects/images/:id", () => {
  it("serves the original with a content-hash ETag, long caching and safe headers", async () => {
    const imageUrl = await uploadOk(await jpegImage(1000, 500), "image/jpeg");
    const { res, bytes } = await fetchBytes(imageUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'");
    const { createHash } = await import("node:crypto");
    expect(res.headers.get("etag")).toBe(`"${createHash("sha256").update(bytes).digest("hex")}"`);
    expect(res.headers.get("content-length")).toBe(String(bytes.length));

    const notModified = await t.request(imageUrl, { headers: { "if-none-match": res.headers.get("etag") ?? "" } });
    expect(notModified.status).toBe(304);
    expect((await notModified.arrayBuffer()).byteLength).toBe(0);
    expect(notModified.headers.get("etag")).toBe(res.headers.get("etag"));
    expect((await t.request(imageUrl, { headers: { "if-none-match": '"other"' } })).status).toBe(200);
  });

  it("serves WebP variants: the nearest width at least as wide, else the widest", async () => {
    const imageUrl = await uploadOk(await jpegImage(1000, 500), "image/jpeg");
    for (const [w, expected] of [
      ["480", 480],
      ["100", 480],
      ["481", 960],
      ["960", 960],
      ["1600", 960],
    ] as const) {
      const { res, bytes } = await fetchBytes(`${imageUrl}?w=${w}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width, `w=${w}`).toBe(expected);
      const etag = res.headers.get("etag");
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const again = await t.request(`${imageUrl}?w=${w}`, { headers: { "if-none-match": etag ?? "" } });
      expect(again.status).toBe(304);
    }
  });

  it("never upscales: a small image gets one WebP at its natural size", async () => {
    const imageUrl = await uploadOk(await pngImage(200, 150), "image/png");
    const { res, bytes } = await fetchBytes(`${imageUrl}?w=1600`);
    expect(res.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([200, 150]);
  });

  it("answers HEAD with headers and no body", async () => {
    const imageUrl = await uploadOk(await pngImage(), "image/png");
    const res = await t.api.app.request(imageUrl, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.body).toBeNull();
  });

  it("404 for unknown or malformed ids, 400 for a bad width", async () => {
    const unknown = await t.request("/objects/images/AAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Image not found" });
    expect((await t.request("/objects/images/AAAAAAAAAAAAAAAAAAAAAA?w=480")).status).toBe(404);
    expect((await t.request("/objects/images/..%2F..%2Fdata.sqlite")).status).toBe(404);
    const imageUrl = await uploadOk(await pngImage(), "image/png");
    const bad = await t.request(`${imageUrl}?w=wide`);
    expect(bad.status).toBe(400);
    expect((await json<ErrorJson>(bad)).field).toBe("w");
  });
});

describe("news image upload in three steps", () => {
  async function getUploadUrl(): Promise<string> {
    const res = await t.request("/api/objects/upload", { method: "POST", token });
    expect(res.status).toBe(200);
    const { uploadURL } = await json<{ uploadURL: string }>(res);
    return uploadURL;
  }

  function put(url: string, bytes: Buffer, type = "image/jpeg", headers: Record<string, string> = {}) {
    return t.request(url, {
      method: "PUT",
      body: new Uint8Array(bytes),
      headers: { "content-type": type, ...headers },
    });
  }

  it("ends a signed URL with the sign-in that asked for it: logout, a new password", async () => {
    const ENDED = "This upload link ended with the sign-in that asked for it. Please sign in and try again.";
    const afterLogout = await getUploadUrl();
    expect((await t.request("/api/admin/logout", { method: "POST", token })).status).toBe(200);
    const refused = await put(afterLogout, await jpegImage());
    expect(refused.status).toBe(403);
    expect(await json<ErrorJson>(refused)).toEqual({ message: ENDED });

    token = await t.login();
    const afterNewPassword = await getUploadUrl();
    // What `npm run admin -- set-password` does: every session of that user ends.
    await setUserPassword(t.api.store.db, "admin", "another-password-entirely", 2 ** 14, t.clock.now());
    const alsoRefused = await put(afterNewPassword, await jpegImage());
    expect(alsoRefused.status).toBe(403);
    expect(await json<ErrorJson>(alsoRefused)).toEqual({ message: ENDED });
    const images = await t.api.store.db.selectFrom("images").select("id").execute();
    expect(images).toEqual([]);
  });

  it("issues a signed URL, accepts the file, and turns it into an object path", async () => {
    const uploadURL = await getUploadUrl();
    const url = new URL(uploadURL);
    expect(url.origin).toBe("http://localhost");
    expect(url.pathname).toMatch(/^\/objects\/uploads\/[A-Za-z0-9_-]{22}$/);
    expect(Number(url.searchParams.get("expires"))).toBe(Math.floor(t.clock.now().getTime() / 1000) + 15 * 60);
    expect(url.searchParams.get("signature")).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const input = await jpegWithExifAndGps();
    const putRes = await put(uploadURL, input);
    expect(putRes.status).toBe(200);

    const done = await t.request("/api/news-images", { method: "PUT", token, json: { imageURL: uploadURL } });
    expect(done.status).toBe(200);
    const { objectPath } = await json<{ objectPath: string }>(done);
    expect(objectPath).toMatch(/^\/objects\/images\/[A-Za-z0-9_-]{22}$/);

    // The path alone (without origin or query) is accepted too.
    const byPath = await t.request("/api/news-images", { method: "PUT", token, json: { imageURL: url.pathname } });
    expect(await byPath.json()).toEqual({ objectPath });

    const { res, bytes } = await fetchBytes(objectPath);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();

    // And the path is accepted as a news item's imageUrl.
    const news = await t.request("/api/admin/news", {
      method: "POST",
      token,
      json: { title: "With picture", publishedAt: "2026-03-01", imageUrl: objectPath },
    });
    expect(news.status).toBe(201);
    expect((await json<{ imageUrl: string }>(news)).imageUrl).toBe(objectPath);
  });

  it("uses the forwarded origin only behind a trusted proxy", async () => {
    const headers = { "x-forwarded-host": "club.example.org", "x-forwarded-proto": "https" };
    const untrusted = await t.request("/api/objects/upload", { method: "POST", token, headers });
    expect(new URL((await json<{ uploadURL: string }>(untrusted)).uploadURL).origin).toBe("http://localhost");
    await t.api.close();
    t = await makeApi({ trustProxy: true });
    token = await t.login();
    const trusted = await t.request("/api/objects/upload", { method: "POST", token, headers });
    expect(new URL((await json<{ uploadURL: string }>(trusted)).uploadURL).origin).toBe("https://club.example.org");
  });

  it("403 once the URL has expired (15 minutes)", async () => {
    const uploadURL = await getUploadUrl();
    t.clock.advance(15 * 60 * 1000 + 1000);
    const res = await put(uploadURL, await jpegImage());
    expect(res.status).toBe(403);
    expect((await json<ErrorJson>(res)).message).toMatch(/expired/);
  });

  it("still accepts the file just before expiry", async () => {
    const uploadURL = await getUploadUrl();
    t.clock.advance(15 * 60 * 1000 - 1000);
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
      const res = await t.request("/api/news-images", { method: "PUT", token, json: { imageURL } });
      expect(res.status, imageURL).toBe(400);
      expect(await res.json()).toMatchObject({ field: "imageURL" });
    }
    const missing = await t.request("/api/news-images", { method: "PUT", token, json: {} });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "imageURL: is required", field: "imageURL", code: "required" });
  });
});
