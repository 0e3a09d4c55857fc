import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { jpegImage, pngImage } from "../fixtures/images";
import { json, type ErrorJson } from "./helpers";
import { imageApiEachTest } from "./image-api";

/** An uploaded image served back: caching by content hash, WebP variants by width, HEAD, 404. */
const { api, uploadOk, fetchBytes } = imageApiEachTest();

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

    const notModified = await api.t.request(imageUrl, { headers: { "if-none-match": res.headers.get("etag") ?? "" } });
    expect(notModified.status).toBe(304);
    expect((await notModified.arrayBuffer()).byteLength).toBe(0);
    expect(notModified.headers.get("etag")).toBe(res.headers.get("etag"));
    expect((await api.t.request(imageUrl, { headers: { "if-none-match": '"other"' } })).status).toBe(200);
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
      const again = await api.t.request(`${imageUrl}?w=${w}`, { headers: { "if-none-match": etag ?? "" } });
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
    const res = await api.t.api.app.request(imageUrl, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.body).toBeNull();
  });

  it("404 for unknown or malformed ids, 400 for a bad width", async () => {
    const unknown = await api.t.request("/objects/images/AAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Image not found" });
    expect((await api.t.request("/objects/images/AAAAAAAAAAAAAAAAAAAAAA?w=480")).status).toBe(404);
    expect((await api.t.request("/objects/images/..%2F..%2Fdata.sqlite")).status).toBe(404);
    const imageUrl = await uploadOk(await pngImage(), "image/png");
    const bad = await api.t.request(`${imageUrl}?w=wide`);
    expect(bad.status).toBe(400);
    expect((await json<ErrorJson>(bad)).field).toBe("w");
  });
});
