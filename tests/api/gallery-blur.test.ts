import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { BLUR_TOO_SLOW, blurSettings } from "../../api/http/lib/face-blur";
import { processImage } from "../../api/http/lib/images";
import { animatedGif, gifImage, jpegImage, noisyJpeg, pngImage } from "../fixtures/images";
import { checkerboard, greyPixels, meanDifference, scaled, spread, type Box } from "../fixtures/pixel-compare";
import { expect400, validEvent, validNews } from "./content-fixtures";
import { json, queryStored, type ErrorJson } from "./helpers";
import { imageApiEachTest } from "./image-api";

/** Blurring faces (docs/product.md, "Blurring faces"): the region's pixels, in the original and every variant. */
const { api, uploadOk, fetchBytes } = imageApiEachTest();

const defaultSettings = { ...blurSettings };
afterEach(() => {
  Object.assign(blurSettings, defaultSettings);
});

const WIDTH = 1700;
const HEIGHT = 1000;
/** The face: well inside, so the corners stay far from it. */
const FACE: Box = { left: 500, top: 300, width: 400, height: 320 };
/** Far from the face, in every copy. */
const CORNERS: Box[] = [
  { left: 0, top: 0, width: 300, height: 200 },
  { left: 1300, top: 760, width: 400, height: 240 },
];

interface Item {
  id: number;
  imageUrl: string;
}

async function addToGallery(imageUrl: string, caption = "Sports day"): Promise<Item> {
  const res = await api.t.request("/api/admin/gallery", {
    method: "POST",
    token: api.token,
    json: { imageUrl, caption },
  });
  expect(res.status).toBe(201);
  return json<Item>(res);
}

function blur(id: number, body: unknown) {
  return api.t.request(`/api/admin/gallery/${id}/blur`, { method: "POST", token: api.token, json: body });
}

const region = (box: Box) => ({ x: box.left, y: box.top, width: box.width, height: box.height });

/** Every copy the /api keeps of an image: the original and its variants by width. */
async function copies(imageUrl: string): Promise<Map<number, Buffer>> {
  const found = new Map<number, Buffer>([[WIDTH, (await fetchBytes(imageUrl)).bytes]]);
  for (const w of [480, 960, 1600]) found.set(w, (await fetchBytes(`${imageUrl}?w=${w}`)).bytes);
  return found;
}

describe("POST /api/admin/gallery/{id}/blur", () => {
  it.each(["png", "jpeg"] as const)(
    "blurs the region in a %s's original and every variant, under a new id, the old bytes gone",
    async (format) => {
      const oldUrl = await uploadOk(await checkerboard(WIDTH, HEIGHT, format), `image/${format}`);
      const oldId = oldUrl.split("/").pop() ?? "";
      const item = await addToGallery(oldUrl);
      const news = await json<Item>(
        await api.t.request("/api/admin/news", {
          method: "POST",
          token: api.token,
          json: { ...validNews, imageUrl: oldUrl },
        }),
      );
      const event = await json<Item>(
        await api.t.request("/api/admin/events", {
          method: "POST",
          token: api.token,
          json: { ...validEvent, imageUrl: oldUrl },
        }),
      );
      const before = await copies(oldUrl);

      const res = await blur(item.id, { regions: [region(FACE)] });
      expect(res.status).toBe(200);
      const blurred = await json<Item & { caption: string }>(res);
      expect(blurred).toMatchObject({ id: item.id, caption: "Sports day" });
      expect(blurred.imageUrl).toMatch(/^\/objects\/images\/[A-Za-z0-9_-]{22}$/);
      expect(blurred.imageUrl).not.toBe(oldUrl);

      const after = await copies(blurred.imageUrl);
      for (const [width, bytes] of after) {
        const scale = width / WIDTH;
        // Inset by a few pixels: a variant's resampling blends the region's edge with its surroundings.
        const face = scaled(FACE, scale, 4);
        const sharpBefore = spread(await greyPixels(before.get(width) as Buffer, face));
        const sharpAfter = spread(await greyPixels(bytes, face));
        expect(sharpBefore, `width ${width} before`).toBeGreaterThan(50);
        expect(sharpAfter, `width ${width} after`).toBeLessThan(sharpBefore / 10);
        for (const corner of CORNERS) {
          const box = scaled(corner, scale);
          const difference = meanDifference(
            await greyPixels(before.get(width) as Buffer, box),
            await greyPixels(bytes, box),
          );
          // A PNG original keeps its pixels exactly; a JPEG or WebP is encoded afresh.
          const lossless = format === "png" && width === WIDTH;
          expect(difference, `width ${width} far from the face`).toBeLessThan(lossless ? 0.5 : 6);
        }
      }

      // The unblurred bytes are gone: not served, not in the database.
      expect((await fetchBytes(oldUrl)).res.status).toBe(404);
      expect((await fetchBytes(`${oldUrl}?w=480`)).res.status).toBe(404);
      expect(await queryStored(api.dataDir, "select id from images where id = ?", oldId)).toEqual([]);
      expect(await queryStored(api.dataDir, "select width from image_variants where image_id = ?", oldId)).toEqual([]);

      // Everything that showed the image shows the blurred one.
      const shown = async (path: string) => (await json<Item>(await api.t.request(path))).imageUrl;
      expect(await shown(`/api/gallery/${item.id}`)).toBe(blurred.imageUrl);
      expect(await shown(`/api/news/${news.id}`)).toBe(blurred.imageUrl);
      expect(await shown(`/api/events/${event.id}`)).toBe(blurred.imageUrl);

      const activity = await json<{ items: { action: string; target: { id: string } }[] }>(
        await api.t.request("/api/admin/activity?limit=1", { token: api.token }),
      );
      expect(activity.items[0]).toMatchObject({ action: "gallery.blur", target: { id: String(item.id) } });
    },
  );

  it("refuses regions that are missing, not whole numbers, empty, too many, outside the image or too much of it", async () => {
    const item = await addToGallery(await uploadOk(await checkerboard(200, 100, "png"), "image/png"));
    const ok = { x: 0, y: 0, width: 10, height: 10 };
    await expect400(await blur(item.id, {}), "regions");
    await expect400(await blur(item.id, { regions: [] }), "regions", /at least one/);
    await expect400(await blur(item.id, { regions: [{ ...ok, x: 1.5 }] }), "regions.0.x", /whole number/);
    await expect400(await blur(item.id, { regions: [ok, { ...ok, y: -1 }] }), "regions.1.y", /0 or more/);
    await expect400(await blur(item.id, { regions: [{ ...ok, width: 0 }] }), "regions.0.width", /1 or more/);
    await expect400(await blur(item.id, { regions: [{ ...ok, height: "9" }] }), "regions.0.height", /whole number/);
    await expect400(await blur(item.id, { regions: Array.from({ length: 21 }, () => ok) }), "regions", /at most 20/);
    await expect400(
      await blur(item.id, { regions: [ok, { x: 150, y: 0, width: 51, height: 10 }] }),
      "regions.1",
      /inside the image \(200 × 100 pixels\)/,
    );
    await expect400(await blur(item.id, { regions: [{ x: 0, y: 95, width: 10, height: 6 }] }), "regions.0");
    // Each inside, but together more than the image once over: every region is a pass over its pixels.
    const half = { x: 0, y: 0, width: 120, height: 100 };
    await expect400(
      await blur(item.id, { regions: [half, { ...half, x: 80 }] }),
      "regions",
      /no more than the image itself \(200 × 100 pixels\)/,
    );
    // Nothing changed.
    expect((await json<Item>(await api.t.request(`/api/gallery/${item.id}`))).imageUrl).toBe(item.imageUrl);
  });

  it("404 for an unknown gallery image, 409 for one on another site, 401 without a token", async () => {
    const body = { regions: [{ x: 0, y: 0, width: 10, height: 10 }] };
    const unknown = await blur(9999, body);
    expect(unknown.status).toBe(404);
    expect((await json<ErrorJson>(unknown)).message).toBe("Gallery image not found");

    const external = await addToGallery("https://example.org/photo.jpg");
    const elsewhere = await blur(external.id, body);
    expect(elsewhere.status).toBe(409);
    expect((await json<ErrorJson>(elsewhere)).message).toMatch(/uploaded to this site/);

    const anonymous = await api.t.request(`/api/admin/gallery/${external.id}/blur`, { method: "POST", json: body });
    expect(anonymous.status).toBe(401);
  });

  it("refuses an animated GIF, and keeps it as it was", async () => {
    const item = await addToGallery(await uploadOk(await animatedGif(), "image/gif"));
    const res = await blur(item.id, { regions: [{ x: 0, y: 0, width: 10, height: 10 }] });
    expect(res.status).toBe(400);
    expect((await json<ErrorJson>(res)).message).toMatch(/not in animated GIFs/);
    expect((await fetchBytes(item.imageUrl)).res.status).toBe(200);
  });

  it("refuses a GIF or a progressive JPEG too large to be read whole, and keeps it as it was", async () => {
    // The limit is 32 MP (WHOLE_DECODE_MAX_PIXELS); here 10,000 pixels, and each image has 10,800.
    blurSettings.wholeMaxPixels = 10_000;
    const body = { regions: [{ x: 0, y: 0, width: 10, height: 10 }] };
    // An upload of up to 16 MP is stored as a progressive JPEG.
    for (const [image, type] of [
      [await gifImage(120, 90), "image/gif"],
      [await jpegImage(120, 90), "image/jpeg"],
    ] as const) {
      const item = await addToGallery(await uploadOk(image, type));
      const res = await blur(item.id, body);
      expect(res.status, type).toBe(400);
      expect((await json<ErrorJson>(res)).message).toMatch(
        /^This image is too large to blur faces in \(120 × 90 pixels\)/,
      );
      expect((await json<Item>(await api.t.request(`/api/gallery/${item.id}`))).imageUrl).toBe(item.imageUrl);
    }
    // A PNG is read a strip at a time.
    const png = await addToGallery(await uploadOk(await pngImage(120, 90), "image/png"));
    expect((await blur(png.id, body)).status).toBe(200);
  });

  it("blurs an image of more than its pixel budget at that budget, decoded straight to it, the rest kept", async () => {
    // The budget is 16 MP (BLUR_MAX_PIXELS; npm run bench:blur tries it at 100 MP); here 0.4 MP of 1.7.
    blurSettings.maxPixels = 400_000;
    const item = await addToGallery(await uploadOk(await checkerboard(WIDTH, HEIGHT, "png"), "image/png"));

    const res = await blur(item.id, { regions: [region(FACE)] });
    expect(res.status).toBe(200);
    const { imageUrl } = await json<Item>(res);
    const stored = (await fetchBytes(imageUrl)).bytes;
    const { width = 0, height = 0 } = await sharp(stored).metadata();
    expect(width * height).toBeLessThanOrEqual(400_000);
    expect(width * height).toBeGreaterThan(400_000 * 0.99);
    expect(Math.abs(width / height - WIDTH / HEIGHT)).toBeLessThan(0.01);
    const [row] = await queryStored<{ width: number; height: number }>(
      api.dataDir,
      "select width, height from images where id = ?",
      imageUrl.split("/").pop(),
    );
    expect(row).toEqual({ width, height });

    const scale = width / WIDTH;
    expect(spread(await greyPixels(stored, scaled(FACE, scale, 4)))).toBeLessThan(10);
    for (const corner of CORNERS)
      expect(spread(await greyPixels(stored, scaled(corner, scale, 2)))).toBeGreaterThan(50);
  });

  it("stops a blur past its time limit with a 503 that says so, and keeps the image as it was", async () => {
    const oldUrl = await uploadOk(await checkerboard(400, 300, "png"), "image/png");
    const item = await addToGallery(oldUrl);
    const before = (await fetchBytes(oldUrl)).bytes;
    // No time at all: the first turn of the work is already past it.
    blurSettings.workMs = 0;

    const res = await blur(item.id, { regions: [{ x: 10, y: 10, width: 100, height: 100 }] });
    expect(res.status).toBe(503);
    expect((await json<ErrorJson>(res)).message).toBe(BLUR_TOO_SLOW);
    expect((await json<Item>(await api.t.request(`/api/gallery/${item.id}`))).imageUrl).toBe(oldUrl);
    const after = await fetchBytes(oldUrl);
    expect(after.res.status).toBe(200);
    expect(after.bytes.equals(before)).toBe(true);
  });

  it("lets an upload sent while it works through between its turns, rather than after all of it", async () => {
    const item = await addToGallery(await uploadOk(await checkerboard(400, 300, "png"), "image/png"));
    const photo = await noisyJpeg();
    const finished: string[] = [];
    let uploading: Promise<void> | undefined;
    blurSettings.onTurn = (turn) => {
      // Sent while the blur holds the image work: the upload's decoding waits behind this turn.
      if (turn === "decode") uploading = processImage(photo).then(() => void finished.push("upload"));
    };

    const res = await blur(item.id, { regions: [{ x: 10, y: 10, width: 100, height: 80 }] });
    finished.push("blur");
    await uploading;
    expect(res.status).toBe(200);
    expect(finished).toEqual(["upload", "blur"]);
  });
});
