import { describe, expect, it } from "vitest";
import { expect400, IMAGE_PATH } from "./content-fixtures";
import { freshApiEachTest, json } from "./helpers";

/** The gallery through the /api: newest first, captions trimmed, what is refused. */
const api = freshApiEachTest();

/** 'Photos' in docs/product.md fields of an image added through the SPEC's own call. */
const NO_PHOTO_FIELDS = { albumId: null, altText: null, consentBy: null, consentAt: null };

describe("gallery", () => {
  it("creates, lists newest first, updates and deletes", async () => {
    const first = await json(
      await api.t.request("/api/admin/gallery", {
        method: "POST",
        token: api.token,
        json: { imageUrl: IMAGE_PATH, caption: "One" },
      }),
    );
    api.t.clock.advance(1000);
    const res = await api.t.request("/api/admin/gallery", {
      method: "POST",
      token: api.token,
      json: { imageUrl: "https://example.org/two.jpg" },
    });
    expect(res.status).toBe(201);
    const second = await json(res);
    expect(second).toEqual({
      id: expect.any(Number),
      imageUrl: "https://example.org/two.jpg",
      caption: null,
      ...NO_PHOTO_FIELDS,
    });
    // Visitors are not told who confirmed consent (docs/product.md, 'Photos').
    const { consentBy: _by, consentAt: _at, ...publicSecond } = second;
    const { consentBy: _by1, consentAt: _at1, ...publicFirst } = first;
    expect(await (await api.t.request("/api/gallery")).json()).toEqual([publicSecond, publicFirst]);

    const updated = await api.t.request(`/api/admin/gallery/${first.id}`, {
      method: "PUT",
      token: api.token,
      json: { imageUrl: IMAGE_PATH, caption: "  Trimmed  " },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toEqual({
      id: first.id,
      imageUrl: IMAGE_PATH,
      caption: "Trimmed",
      ...NO_PHOTO_FIELDS,
    });

    expect((await api.t.request(`/api/admin/gallery/${first.id}`, { method: "DELETE", token: api.token })).status).toBe(
      200,
    );
    expect(await (await api.t.request("/api/gallery")).json()).toEqual([publicSecond]);
  });

  it("400 without an image URL or with a bad one", async () => {
    await expect400(
      await api.t.request("/api/admin/gallery", { method: "POST", token: api.token, json: { caption: "x" } }),
      "imageUrl",
      /is required/,
    );
    await expect400(
      await api.t.request("/api/admin/gallery", {
        method: "POST",
        token: api.token,
        json: { imageUrl: "/uploads/evil.svg" },
      }),
      "imageUrl",
    );
    await expect400(
      await api.t.request("/api/admin/gallery", {
        method: "POST",
        token: api.token,
        json: { imageUrl: IMAGE_PATH, caption: ["x"] },
      }),
      "caption",
    );
  });

  it("404 for an unknown id", async () => {
    const res = await api.t.request("/api/admin/gallery/7", {
      method: "PUT",
      token: api.token,
      json: { imageUrl: IMAGE_PATH },
    });
    expect(res.status).toBe(404);
    expect((await api.t.request("/api/admin/gallery/7", { method: "DELETE", token: api.token })).status).toBe(404);
  });
});

describe("gallery: description, album and consent (docs/product.md, 'Photos')", () => {
  const add = (body: object) => api.t.request("/api/admin/gallery", { method: "POST", token: api.token, json: body });

  it("stores the description and the consent record; a write that leaves them out keeps them", async () => {
    const created = await json(
      await add({ imageUrl: IMAGE_PATH, altText: "  Two kites over the field ", consent: true }),
    );
    expect(created).toMatchObject({
      altText: "Two kites over the field",
      consentBy: expect.any(String),
      consentAt: expect.any(String),
      albumId: null,
    });
    const kept = await json(
      await api.t.request(`/api/admin/gallery/${created.id}`, {
        method: "PUT",
        token: api.token,
        json: { imageUrl: IMAGE_PATH, caption: "Kites" },
      }),
    );
    expect(kept).toMatchObject({ caption: "Kites", altText: "Two kites over the field", consentAt: created.consentAt });
    const cleared = await json(
      await api.t.request(`/api/admin/gallery/${created.id}`, {
        method: "PUT",
        token: api.token,
        json: { imageUrl: IMAGE_PATH, altText: "", consent: false },
      }),
    );
    expect(cleared).toMatchObject({ altText: null, consentBy: null, consentAt: null });
  });

  it("400 for a description over 250 characters, an unknown album or a consent that is not true or false", async () => {
    await expect400(await add({ imageUrl: IMAGE_PATH, altText: "x".repeat(251) }), "altText", /at most 250/);
    await expect400(await add({ imageUrl: IMAGE_PATH, albumId: 999 }), "albumId", /no such album/);
    await expect400(await add({ imageUrl: IMAGE_PATH, consent: "yes" }), "consent");
  });
});
