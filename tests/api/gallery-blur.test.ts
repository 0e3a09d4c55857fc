import { describe, expect, it } from "vitest";
import { animatedGif } from "../fixtures/images";
import { checkerboard, greyPixels, meanDifference, scaled, spread, type Box } from "../fixtures/pixel-compare";
import { expect400, validEvent, validNews } from "./content-fixtures";
import { json, queryStored, type ErrorJson } from "./helpers";
import { imageApiEachTest } from "./image-api";

/** Blurring faces (docs/product.md §12): the region's pixels, in the original and every variant. */
const { api, uploadOk, fetchBytes } = imageApiEachTest();

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
});
