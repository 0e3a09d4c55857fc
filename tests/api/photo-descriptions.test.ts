import { describe, expect, it } from "vitest";
import { expect400, IMAGE_PATH, validEvent, validNews } from "./content-fixtures";
import { freshApiEachTest, json } from "./helpers";

/**
 * docs/product.md, 'Image descriptions and consent': news and events keep an image
 * description, and the committee's follow-up counts, lists and saves gallery images
 * without a description or a consent record.
 */
const api = freshApiEachTest();

type Send = { method?: string; json?: unknown };
const admin = (path: string, options: Send = {}) => api.t.request(path, { ...options, token: api.token });

describe.each([
  { kind: "news", body: { ...validNews, imageUrl: IMAGE_PATH } },
  { kind: "events", body: { ...validEvent, imageUrl: IMAGE_PATH } },
])("$kind imageAlt", ({ kind, body }) => {
  it("is stored, returned, kept when a PUT leaves it out and cleared by null or ''", async () => {
    // Sent back without the version it was read at, as a product spec client does: every save goes through.
    const { version: _version, ...created } = await json(
      await admin(`/api/admin/${kind}`, { method: "POST", json: { ...body, imageAlt: " Dads at the den " } }),
    );
    expect(created.imageAlt).toBe("Dads at the den");
    expect((await json(await api.t.request(`/api/${kind}/${created.id}`))).imageAlt).toBe("Dads at the den");
    expect((await json<Array<{ imageAlt: string }>>(await api.t.request(`/api/${kind}`)))[0].imageAlt).toBe(
      "Dads at the den",
    );

    const { imageAlt: _left, ...withoutAlt } = created;
    const kept = await json(await admin(`/api/admin/${kind}/${created.id}`, { method: "PUT", json: withoutAlt }));
    expect(kept.imageAlt).toBe("Dads at the den");

    const cleared = await json(
      await admin(`/api/admin/${kind}/${created.id}`, { method: "PUT", json: { ...created, imageAlt: "" } }),
    );
    expect(cleared.imageAlt).toBeNull();
    await admin(`/api/admin/${kind}/${created.id}`, { method: "PUT", json: { ...created, imageAlt: "Again" } });
    const nulled = await json(
      await admin(`/api/admin/${kind}/${created.id}`, { method: "PUT", json: { ...created, imageAlt: null } }),
    );
    expect(nulled.imageAlt).toBeNull();
  });

  it("is optional: an item without one answers imageAlt null", async () => {
    const created = await json(await admin(`/api/admin/${kind}`, { method: "POST", json: body }));
    expect(created.imageAlt).toBeNull();
  });

  it("400 naming imageAlt when it is over 250 characters", async () => {
    await expect400(
      await admin(`/api/admin/${kind}`, { method: "POST", json: { ...body, imageAlt: "x".repeat(251) } }),
      "imageAlt",
      /at most 250 characters/,
    );
    const ok = await admin(`/api/admin/${kind}`, { method: "POST", json: { ...body, imageAlt: "x".repeat(250) } });
    expect(ok.status).toBe(201);
  });
});

/** Adds gallery images; the ids, oldest first. */
async function addImages(entries: Array<{ altText?: string; consent?: boolean }>): Promise<number[]> {
  const ids: number[] = [];
  for (const [n, entry] of entries.entries()) {
    const res = await admin("/api/admin/gallery", {
      method: "POST",
      json: { imageUrl: IMAGE_PATH, caption: `c${n}`, ...entry },
    });
    ids.push((await json<{ id: number }>(res)).id);
    api.t.clock.advance(1000);
  }
  return ids;
}

describe("the gallery's follow-up", () => {
  it("counts the images without a description and without a consent record", async () => {
    await addImages([{}, { altText: "A slide" }, { consent: true }, { altText: "Tug of war", consent: true }]);
    const res = await admin("/api/admin/gallery/follow-up");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ withoutDescription: 2, consentNotRecorded: 2 });
  });

  it("lists them a page at a time, newest first, with X-Total-Count", async () => {
    const ids = await addImages([{}, { altText: "Described" }, {}, {}, { consent: true }]);
    const page = await admin("/api/admin/gallery/follow-up/description?limit=2&offset=1");
    expect(page.headers.get("X-Total-Count")).toBe("4");
    expect((await json<Array<{ id: number }>>(page)).map((image) => image.id)).toEqual([ids[3], ids[2]]);
    const consent = await json<Array<{ id: number; consentBy: null }>>(
      await admin("/api/admin/gallery/follow-up/consent"),
    );
    expect(consent.map((image) => image.id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect(consent[0]).toMatchObject({ consentBy: null, consentAt: null, caption: "c3" });
  });

  it("pages are bounded: limit above 100 or an unknown list is refused", async () => {
    await expect400(await admin("/api/admin/gallery/follow-up/description?limit=101"), "limit");
    expect((await admin("/api/admin/gallery/follow-up/albums")).status).toBe(404);
  });

  it("saves descriptions and consent together, recording who confirmed and when", async () => {
    const [a, b, c] = await addImages([{}, {}, { altText: "Kept" }]);
    const res = await admin("/api/admin/gallery/follow-up", {
      method: "PUT",
      json: {
        images: [
          { id: a, altText: " Two dads at the barbecue " },
          { id: b, consent: true },
          { id: c },
          { id: 99999, altText: "Gone" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ updated: 2 });
    const now = api.t.clock.now().toISOString();
    const [first, second, third] = await Promise.all(
      [a, b, c].map(async (id) => json(await admin(`/api/gallery/${id}`))),
    );
    expect(first).toMatchObject({ altText: "Two dads at the barbecue", consentBy: null });
    expect(second).toMatchObject({ altText: null, consentBy: "admin", consentAt: now });
    expect(third).toMatchObject({ altText: "Kept", consentBy: null });
    expect(await json(await admin("/api/admin/gallery/follow-up"))).toEqual({
      withoutDescription: 1,
      consentNotRecorded: 2,
    });
  });

  it("400 naming the field of a description over 250 characters, and nothing saved", async () => {
    const [a, b] = await addImages([{}, {}]);
    await expect400(
      await admin("/api/admin/gallery/follow-up", {
        method: "PUT",
        json: {
          images: [
            { id: a, altText: "ok" },
            { id: b, altText: "x".repeat(251) },
          ],
        },
      }),
      "images.1.altText",
      /at most 250 characters/,
    );
    expect((await json(await admin(`/api/gallery/${a}`))).altText).toBeNull();
    await expect400(await admin("/api/admin/gallery/follow-up", { method: "PUT", json: { images: [] } }), "images");
  });

  it("is for the committee only", async () => {
    expect((await api.t.request("/api/admin/gallery/follow-up")).status).toBe(401);
    expect((await api.t.request("/api/admin/gallery/follow-up/consent")).status).toBe(401);
    const put = await api.t.request("/api/admin/gallery/follow-up", { method: "PUT", json: { images: [{ id: 1 }] } });
    expect(put.status).toBe(401);
  });
});
