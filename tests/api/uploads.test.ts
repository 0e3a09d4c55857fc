import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
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
import { json, queryStored, type ErrorJson } from "./helpers";
import { imageApiEachTest, MB, NOT_AN_IMAGE } from "./image-api";

/**
 * An administrator's upload in one step: what is accepted, how it is stored (no EXIF, its
 * variants beside it), and what is refused. Serving it back: image-serving.test.ts; the
 * three steps of a news image: news-image-upload.test.ts.
 */
const { api, upload, uploadBody, uploadOk, fetchBytes } = imageApiEachTest();

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

  it("stores a JPEG of more than 16 megapixels in one pass (baseline), a smaller one progressive", async () => {
    // Progressive coding holds the whole image at once (images.ts, PROGRESSIVE_JPEG_MAX_PIXELS).
    for (const [width, height, progressive] of [
      [4200, 4000, false],
      [640, 480, true],
    ] as const) {
      const stored = (await fetchBytes(await uploadOk(await jpegImage(width, height), "image/jpeg"))).bytes;
      expect(await sharp(stored).metadata(), `${width} × ${height}`).toMatchObject({
        width,
        height,
        isProgressive: progressive,
      });
    }
  });

  it("refuses a GIF of more than 32 megapixels with 413 and why, before reading it whole", async () => {
    // A GIF is decoded whole (images.ts, WHOLE_DECODE_MAX_PIXELS): 5,800 × 5,600 is 32.5 MP, in 40 KB.
    const res = await upload(await gifImage(5800, 5600), "image/gif", "banner.gif");
    expect(res.status).toBe(413);
    expect((await json<ErrorJson>(res)).message).toBe(
      "This GIF is too large to store (5800 × 5600 pixels): a GIF is read whole, which is done up to 32 megapixels in all. Please upload it as a JPEG or PNG, or a smaller GIF.",
    );
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
    }>(api.dataDir, "SELECT * FROM images WHERE id = ?", id);
    expect(image).toMatchObject({ content_type: "image/png", width: 2000, height: 1000 });
    expect(image.etag).toMatch(/^[0-9a-f]{64}$/);
    const variants = await queryStored<{ width: number; height: number }>(
      api.dataDir,
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
    expect(await queryStored(api.dataDir, "SELECT id FROM images")).toEqual([]);
  });

  it("400 when the image field is missing", async () => {
    const res = await upload(await pngImage(), "image/png", "x.png", "file");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "image: is required", field: "image" });
  });
});

describe("POST /api/admin/upload with the file as the body (how the web app sends a file on)", () => {
  it("stores it as the multipart call does, and records its name", async () => {
    const res = await uploadBody(await pngImage(64, 48), "image/png", "Sports day, race 1.png");
    expect(res.status).toBe(201);
    const { imageUrl } = await json<{ imageUrl: string }>(res);
    const { res: served, bytes } = await fetchBytes(imageUrl);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: 64, height: 48 });
    const [change] = await queryStored<{ action: string; target_title: string }>(
      api.dataDir,
      "SELECT action, target_title FROM activity WHERE action = 'upload.create'",
    );
    expect(change).toEqual({ action: "upload.create", target_title: "Sports day, race 1.png" });
  });

  it("415 naming the field image for a type that is no jpg, png or gif, and for bytes that are no image", async () => {
    for (const [bytes, type] of [
      [TEXT_FILE, "text/plain"],
      [await pngImage(), "application/octet-stream"],
      [SVG_IMAGE, "image/svg+xml"],
    ] as const) {
      const res = await uploadBody(bytes, type);
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ message: NOT_AN_IMAGE, field: "image" });
    }
    // Declared as an image, but it does not decode: the same words, about no field.
    const fake = await uploadBody(TEXT_FILE, "image/jpeg");
    expect(fake.status).toBe(415);
    expect(await fake.json()).toEqual({ message: NOT_AN_IMAGE });
    expect(await queryStored(api.dataDir, "SELECT id FROM images")).toEqual([]);
  });

  it("413 for a file over 5 MB, whether its length is declared or not", async () => {
    for (const size of [6 * MB, 5 * MB + 1]) {
      const res = await uploadBody(randomBytes(size), "image/jpeg");
      expect(res.status).toBe(413);
      expect((await json<ErrorJson>(res)).message).toBe("Image must be less than 5MB");
    }
    // A body without Content-Length, as a stream: counted as it is read, and read to its
    // end before it is refused (an answer while it still arrives breaks a kept-alive connection).
    const total = 5 * MB + 1 + 3 * MB;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= total) return controller.close();
          const chunk = new Uint8Array(Math.min(256 * 1024, total - pulled));
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    const streamed = await api.t.api.app.request(
      new Request("http://localhost/api/admin/upload", {
        method: "POST",
        headers: { authorization: `Bearer ${api.token}`, "content-type": "image/jpeg" },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    expect((await json<ErrorJson>(streamed)).message).toBe("Image must be less than 5MB");
    expect(pulled).toBe(total);
  });
});
