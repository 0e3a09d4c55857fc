import { describe, expect, it } from "vitest";
import { freshApiEachTest, json, type ErrorJson } from "./helpers";

/**
 * A batch's images in one call each way (docs/product.md, 'Photos', the captions screen):
 * GET /api/admin/gallery?ids=… reads them, PUT /api/admin/gallery saves their captions
 * and descriptions together. On both stores (tests/api runs on SQLite and PostgreSQL).
 */
const api = freshApiEachTest();

interface Image {
  id: number;
  imageUrl: string;
  caption: string | null;
  altText: string | null;
  albumId: number | null;
  consentBy: string | null;
  consentAt: string | null;
}

async function addImages(count: number, body: object = {}): Promise<Image[]> {
  const images: Image[] = [];
  for (let i = 1; i <= count; i++) {
    const res = await api.t.request("/api/admin/gallery", {
      method: "POST",
      token: api.token,
      // Each its own address: deleting an image of ours takes down every row that shows it.
      json: { imageUrl: `https://example.org/photo-${i}.jpg`, caption: `Photo ${i}`, ...body },
    });
    expect(res.status).toBe(201);
    images.push(await json<Image>(res));
  }
  return images;
}

const read = (query: string, { signedIn = true } = {}) =>
  api.t.request(`/api/admin/gallery${query}`, { token: signedIn ? api.token : undefined });

const save = (body: unknown) => api.t.request("/api/admin/gallery", { method: "PUT", token: api.token, json: body });

const rows = () =>
  api.t.api.store.db.selectFrom("gallery").select(["id", "caption", "alt_text", "consent_by"]).orderBy("id").execute();

describe("GET /api/admin/gallery?ids=", () => {
  it("answers the images in the order asked, as the committee sees them, leaving out one that is gone", async () => {
    const [a, b, c] = await addImages(3, { consent: true });
    expect((await api.t.request(`/api/admin/gallery/${b.id}`, { method: "DELETE", token: api.token })).status).toBe(
      200,
    );
    const res = await read(`?ids=${c.id},${b.id},${a.id},${c.id}`);
    expect(res.status).toBe(200);
    const images = await json<Image[]>(res);
    expect(images.map((image) => image.id)).toEqual([c.id, a.id]);
    expect(images[0]).toEqual(c);
    expect(images[0].consentBy).toBe("admin");
  });

  it("is for the committee only", async () => {
    const [a] = await addImages(1);
    expect((await read(`?ids=${a.id}`, { signedIn: false })).status).toBe(401);
  });

  it("400 naming ids for a list that is not 1 to 50 image ids", async () => {
    const ids51 = Array.from({ length: 51 }, (_, i) => i + 1).join(",");
    for (const query of ["?ids=", "?ids=1,x", "?ids=0", "?ids=1,,2", "?ids=-3", `?ids=${ids51}`, "?ids=1.5"]) {
      const res = await read(query);
      expect(res.status, query).toBe(400);
      const body = await json<ErrorJson>(res);
      expect(body.field, query).toBe("ids");
      expect(body.message, query).toBe("ids: must be from 1 to 50 image ids separated by commas");
    }
    // 50 is a batch's worth: accepted, whatever of them exist.
    const fifty = Array.from({ length: 50 }, (_, i) => i + 1).join(",");
    expect((await read(`?ids=${fifty}`)).status).toBe(200);
  });

  it("without ids is not a call, as before: 404", async () => {
    const res = await read("");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found" });
  });
});

describe("PUT /api/admin/gallery", () => {
  it("saves many images' captions and descriptions, keeping image, album and consent, and records each change", async () => {
    const images = await addImages(3, { consent: true });
    const res = await save({
      images: [
        { id: images[0].id, caption: "  Sack race  ", altText: "Children in sacks" },
        // Unchanged: not written, not recorded.
        { id: images[1].id, caption: "Photo 2" },
        { id: images[2].id, caption: "", altText: "A kite" },
        // Deleted meanwhile (never existed): skipped.
        { id: 999_999, caption: "Gone" },
      ],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ updated: 2 });
    const after = await json<Image[]>(await read(`?ids=${images.map((image) => image.id).join(",")}`));
    expect(after.map(({ caption, altText }) => ({ caption, altText }))).toEqual([
      { caption: "Sack race", altText: "Children in sacks" },
      { caption: "Photo 2", altText: null },
      { caption: null, altText: "A kite" },
    ]);
    for (const [i, image] of after.entries()) {
      expect(image).toMatchObject({
        imageUrl: images[i].imageUrl,
        albumId: null,
        consentBy: "admin",
        consentAt: images[i].consentAt,
      });
    }
    const changes = await api.t.api.store.db
      .selectFrom("activity")
      .select(["action", "target_id"])
      .where("action", "=", "gallery.update")
      .orderBy("id")
      .execute();
    expect(changes.map((change) => Number(change.target_id))).toEqual([images[0].id, images[2].id]);
  });

  it("names the image and the field of every problem, and saves nothing", async () => {
    const images = await addImages(3);
    const before = await rows();
    const res = await save({
      images: [
        { id: images[0].id, caption: "Fine" },
        { id: images[1].id, caption: "x".repeat(501) },
        { id: images[2].id, altText: "y".repeat(251), caption: 7 },
      ],
    });
    expect(res.status).toBe(400);
    const body = await json<ErrorJson & { problems: unknown[] }>(res);
    expect(body).toMatchObject({
      message: "images.1.caption: must be at most 500 characters",
      field: "images.1.caption",
      code: "too-long",
      max: 500,
    });
    expect(body.problems).toEqual([
      {
        id: images[1].id,
        field: "caption",
        message: "must be at most 500 characters",
        code: "too-long",
        max: 500,
      },
      { id: images[2].id, field: "caption", message: "must be text", code: "not-text" },
      {
        id: images[2].id,
        field: "altText",
        message: "must be at most 250 characters",
        code: "too-long",
        max: 250,
      },
    ]);
    expect(await rows()).toEqual(before);
  });

  it("400 naming images for a list that is empty, longer than a batch, or names an image twice", async () => {
    const [a] = await addImages(1);
    const many = Array.from({ length: 51 }, (_, i) => ({ id: i + 1, caption: "x" }));
    for (const [body, problem] of [
      [{}, "images: must be a list of images"],
      [{ images: [] }, "images: must name at least one image"],
      [{ images: many }, "images: must name at most 50 images"],
      [{ images: [{ id: a.id }, { id: a.id, caption: "x" }] }, "images: must name each image once"],
    ] as const) {
      const res = await save(body);
      expect(res.status).toBe(400);
      expect(await json<ErrorJson>(res)).toMatchObject({ message: problem, field: "images" });
    }
    const noId = await save({ images: [{ caption: "x" }] });
    expect(noId.status).toBe(400);
    expect(await json<ErrorJson>(noId)).toMatchObject({
      field: "images.0.id",
      problems: [{ id: null, field: "id", message: "must be a gallery image id" }],
    });
  });
});
