import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { action as addImages, loader as addLoader } from "~/routes/admin.gallery_.add";
import { action as createImage } from "~/routes/admin.uploads.gallery-image";
import { action as uploadImage } from "~/routes/admin.uploads.image";
import { action as saveCaptions, loader as captionsLoader } from "~/routes/admin.gallery_.captions";
import { captionsPath, MAX_BATCH_FILES, readCaptionsQuery } from "~/lib/uploads/batch";
import { maxRequestBytes, MAX_UPLOAD_FORM_BYTES } from "~/lib/request-limits";
import { jpegImage, TEXT_FILE } from "../fixtures/images";
import { args, settle, tokenOf, withUpstream } from "./admin-test-helpers";
import { flashOf, get, ORIGIN, post, signedInHarness } from "./harness";

/**
 * Many photos at once (docs/product.md, 'Photos'): the pieces the page's script and the
 * captions screen use, and the form posted without JavaScript as the action reads it,
 * with the /api calls it makes counted (through the real server on both stores:
 * tests/server/photo-batch.test.ts).
 */
const current = signedInHarness();
/** A file stored as the page's first request for it does (POST /api/admin/upload). */
async function storedImage(): Promise<string> {
  const form = new FormData();
  form.append("image", new File([new Uint8Array(await jpegImage(40, 30))], "photo.jpg", { type: "image/jpeg" }));
  const headers = { Authorization: `Bearer ${await tokenOf(current.cookie)}` };
  const response = await current.h.api.fetch(
    new Request(`${ORIGIN}/api/admin/upload`, { method: "POST", body: form, headers }),
  );
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}

describe("the gallery-image resource route (with JavaScript)", () => {
  it("makes a stored image a gallery image with the batch's consent, answering its id", async () => {
    const imageUrl = await storedImage();
    const response = await settle(() =>
      createImage(
        args(
          post("/admin/uploads/gallery-image", { imageUrl, albumId: "", consent: "on" }, current.cookie),
          current.h.context,
        ),
      ),
    );
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: number };
    const row = await current.h.api.store.db
      .selectFrom("gallery")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.image_url).toBe(imageUrl);
    expect(row.consent_by).toBe("admin");
    expect(row.consent_at).toBeTruthy();
  });

  it("passes on the /api's refusal, e.g. an album that does not exist", async () => {
    const imageUrl = await storedImage();
    const response = await settle(() =>
      createImage(
        args(post("/admin/uploads/gallery-image", { imageUrl, albumId: "999999" }, current.cookie), current.h.context),
      ),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "albumId: no such album" });
  });
});

describe("the album choice", () => {
  it("offers 'No album' alone while GET /api/albums answers 404", async () => {
    const seen: string[] = [];
    const context = withUpstream(current.h.context, (request) => {
      const url = new URL(request.url);
      if (url.pathname !== "/api/albums") return null;
      seen.push(url.search);
      return new Response("Not found", { status: 404 });
    });
    const data = (await (
      await settle(() => addLoader(args(get("/admin/gallery/add", current.cookie), context)))
    ).json()) as {
      albums: unknown[];
    };
    expect(data.albums).toEqual([]);
    expect(seen).toEqual(["?limit=100"]);
  });
  it("offers the albums GET /api/albums lists, newest first as it answers", async () => {
    const listed = [
      {
        id: 7,
        title: "Summer fair",
        date: "2026-06-20",
        eventId: null,
        coverImageUrl: null,
        imageCount: 3,
        visibility: "public",
      },
      {
        id: 5,
        title: "Sports day",
        date: "2026-05-02",
        eventId: 4,
        coverImageUrl: null,
        imageCount: 0,
        visibility: "parents",
      },
    ];
    const context = withUpstream(current.h.context, (request) =>
      new URL(request.url).pathname === "/api/albums" ? Response.json(listed) : null,
    );
    const data = (await (
      await settle(() => addLoader(args(get("/admin/gallery/add", current.cookie), context)))
    ).json()) as {
      albums: unknown[];
    };
    expect(data.albums).toEqual([
      { id: 7, title: "Summer fair", date: "2026-06-20" },
      { id: 5, title: "Sports day", date: "2026-05-02" },
    ]);
  });
});

describe("the captions screen", () => {
  it("saves every caption and description of the batch in one form, keeping the consent record", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const imageUrl = await storedImage();
      const made = await settle(() =>
        createImage(
          args(post("/admin/uploads/gallery-image", { imageUrl, consent: "on" }, current.cookie), current.h.context),
        ),
      );
      ids.push(((await made.json()) as { id: number }).id);
    }
    const path = captionsPath(ids, [{ name: "notes.txt", why: "invalid" }]);
    const shown = (await (
      await settle(() => captionsLoader(args(get(path, current.cookie), current.h.context)))
    ).json()) as {
      images: Array<{ id: number }>;
      refused: unknown[];
    };
    expect(shown.images.map((image) => image.id)).toEqual(ids);
    expect(shown.refused).toEqual([{ name: "notes.txt", why: "invalid" }]);

    const fields: Record<string, string> = { ids: ids.join(".") };
    ids.forEach((id, i) => {
      fields[`caption-${id}`] = `Sack race ${i + 1}`;
      fields[`altText-${id}`] = `Children running in sacks on the field, photo ${i + 1}`;
    });
    const saved = await settle(() => saveCaptions(args(post(path, fields, current.cookie), current.h.context)));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/gallery");
    expect(await flashOf(saved)).toMatchObject({ kind: "success", title: "Captions saved" });
    const rows = await current.h.api.store.db
      .selectFrom("gallery")
      .selectAll()
      .where("id", "in", ids)
      .orderBy("id")
      .execute();
    expect(rows.map((row) => [row.caption, row.alt_text, row.consent_by])).toEqual(
      ids.map((_, i) => [`Sack race ${i + 1}`, `Children running in sacks on the field, photo ${i + 1}`, "admin"]),
    );
  });

  it("refuses a description over 250 characters, keeping what was typed", async () => {
    const imageUrl = await storedImage();
    const made = await settle(() =>
      createImage(args(post("/admin/uploads/gallery-image", { imageUrl }, current.cookie), current.h.context)),
    );
    const { id } = (await made.json()) as { id: number };
    const fields = { ids: String(id), [`caption-${id}`]: "Tug of war", [`altText-${id}`]: "x".repeat(251) };
    const refused = await settle(() =>
      saveCaptions(args(post(captionsPath([id]), fields, current.cookie), current.h.context)),
    );
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { errors: Record<string, string>; fields: Record<string, string> };
    expect(body.errors[`altText-${id}`]).toBe("Image description must be at most 250 characters");
    expect(body.fields[`caption-${id}`]).toBe("Tug of war");
  });
});

/** Every /api call made through the context, as `METHOD /path`, with the upload bodies' types and sizes. */
function counting(context: AppLoadContext) {
  const calls: string[] = [];
  const uploads: Array<{ type: string | null; bytes: number }> = [];
  const inner = context.apiFetch!;
  return {
    calls,
    uploads,
    context: {
      ...context,
      apiFetch: async (request: Request) => {
        const { pathname } = new URL(request.url);
        calls.push(`${request.method} ${pathname}`);
        if (pathname !== "/api/admin/upload") return inner(request);
        // The copy is read here, the request goes on as it came.
        const copy = request.clone();
        const answer = inner(request);
        uploads.push({ type: copy.headers.get("Content-Type"), bytes: (await copy.arrayBuffer()).byteLength });
        return answer;
      },
    } satisfies AppLoadContext,
  };
}

const countOf = (calls: string[], call: string) => calls.filter((made) => made === call).length;

describe("the captions screen against an /api that refuses the save", () => {
  /** A new gallery image's id, and the save of its captions form against an /api answering the PUT with `answer`. */
  async function savedAgainst(answer: (id: number) => Response) {
    const imageUrl = await storedImage();
    const made = await settle(() =>
      createImage(args(post("/admin/uploads/gallery-image", { imageUrl }, current.cookie), current.h.context)),
    );
    const { id } = (await made.json()) as { id: number };
    const context = withUpstream(current.h.context, (request) =>
      request.method === "PUT" && new URL(request.url).pathname === "/api/admin/gallery" ? answer(id) : null,
    );
    const fields = { ids: String(id), [`caption-${id}`]: "Relay", [`altText-${id}`]: "Tom passing a baton" };
    const refused = await settle(() => saveCaptions(args(post(captionsPath([id]), fields, current.cookie), context)));
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { errors: Record<string, string>; fields: Record<string, string> };
    // What was typed stays.
    expect(body.fields[`caption-${id}`]).toBe("Relay");
    return { id, errors: body.errors };
  }

  it("says each problem the /api names beside its image's field", async () => {
    const { id, errors } = await savedAgainst((id) =>
      Response.json(
        {
          message: "images.0.altText: must not name a child",
          field: "images.0.altText",
          problems: [{ id, field: "altText", message: "must not name a child", code: "invalid" }],
        },
        { status: 400 },
      ),
    );
    expect(errors).toEqual({ [`altText-${id}`]: "Image description must not name a child" });
  });

  it("says 'This photo's texts were not saved.' when the /api names none", async () => {
    const { id, errors } = await savedAgainst(() => Response.json({ message: "Busy" }, { status: 503 }));
    expect(errors).toEqual({ [`caption-${id}`]: "This photo's texts were not saved." });
  });
});

describe("with JavaScript, one file at a time", () => {
  it("adds 40 photos, shows and saves their captions in at most 3 /api calls a photo", async () => {
    const { context, calls } = counting(current.h.context);
    const ids: number[] = [];
    for (let place = 1; place <= 40; place++) {
      // As the page does: the file to /admin/uploads/image, then its address made a gallery image.
      const form = new FormData();
      const bytes = new Uint8Array(await jpegImage(40 + place, 30));
      form.append("file", new File([bytes], `photo-${place}.jpg`, { type: "image/jpeg" }));
      const stored = await settle(() => uploadImage(args(post("/admin/uploads/image", form, current.cookie), context)));
      const { imageUrl } = (await stored.json()) as { imageUrl: string };
      const made = await settle(() =>
        createImage(args(post("/admin/uploads/gallery-image", { imageUrl, consent: "on" }, current.cookie), context)),
      );
      ids.push(((await made.json()) as { id: number }).id);
    }
    const captions = captionsPath(ids, []);
    const shown = await settle(() => captionsLoader(args(get(captions, current.cookie), context)));
    expect(shown.status).toBe(200);
    const fields: Record<string, string> = { ids: ids.join(".") };
    ids.forEach((id, i) => (fields[`caption-${id}`] = `Sports day ${i + 1}`));
    const saved = await settle(() => saveCaptions(args(post(captions, fields, current.cookie), context)));
    expect(saved.status).toBe(302);

    expect(calls.length).toBeLessThanOrEqual(3 * 40);
    // Two calls a photo (stored, then made a gallery image); each screen asks once
    // whether the session holds, then reads the 40 in one call and saves them in one.
    expect(countOf(calls, "POST /api/admin/upload")).toBe(40);
    expect(countOf(calls, "POST /api/admin/gallery")).toBe(40);
    expect(countOf(calls, "GET /api/admin/session")).toBe(2);
    expect(calls).toHaveLength(2 * 40 + 2 + 2);
    const rows = await current.h.api.store.db
      .selectFrom("gallery")
      .select(["id", "caption"])
      .where("id", "in", ids)
      .execute();
    expect(new Map(rows.map((row) => [row.id, row.caption]))).toEqual(
      new Map(ids.map((id, i) => [id, `Sports day ${i + 1}`])),
    );
  });
});

describe("the form posted without JavaScript", () => {
  it("adds 40 photos, shows and saves their captions in at most 3 /api calls a photo", async () => {
    const { context, calls, uploads } = counting(current.h.context);
    const form = new FormData();
    form.append("albumId", "");
    form.append("consent", "on");
    const sizes: number[] = [];
    for (let place = 1; place <= 40; place++) {
      const bytes = new Uint8Array(await jpegImage(40 + place, 30));
      sizes.push(bytes.byteLength);
      form.append("images", new File([bytes], `photo-${place}.jpg`, { type: "image/jpeg" }));
    }
    const added = await settle(() => addImages(args(post("/admin/gallery/add", form, current.cookie), context)));
    expect(added.status).toBe(302);
    const captions = added.headers.get("Location") ?? "";
    const { ids, refused } = readCaptionsQuery(new URL(captions, ORIGIN));
    expect(ids).toHaveLength(40);
    expect(refused).toEqual([]);
    // Each file went to the /api as its own bytes, with its own type: no second form around it.
    expect(uploads).toEqual(sizes.map((bytes) => ({ type: "image/jpeg", bytes })));

    const shown = (await (await settle(() => captionsLoader(args(get(captions, current.cookie), context)))).json()) as {
      images: Array<{ id: number }>;
    };
    expect(shown.images.map((image) => image.id)).toEqual(ids);

    const fields: Record<string, string> = { ids: ids.join(".") };
    ids.forEach((id, i) => {
      fields[`caption-${id}`] = `Sports day ${i + 1}`;
      fields[`altText-${id}`] = i % 2 === 0 ? `Children racing, photo ${i + 1}` : "";
    });
    const saved = await settle(() => saveCaptions(args(post(captions, fields, current.cookie), context)));
    expect(saved.status).toBe(302);
    expect(await flashOf(saved)).toMatchObject({ kind: "success", title: "Captions saved" });

    expect(calls.length).toBeLessThanOrEqual(3 * 40);
    // Each screen asks once whether the session holds; then two calls a photo to add it,
    // one call to read the 40 and one to save them.
    expect(calls).toHaveLength(3 + 2 * 40 + 2);
    expect(countOf(calls, "GET /api/admin/session")).toBe(3);
    expect(countOf(calls, "POST /api/admin/upload")).toBe(40);
    expect(countOf(calls, "POST /api/admin/gallery")).toBe(40);
    expect(countOf(calls, "GET /api/admin/gallery")).toBe(1);
    expect(countOf(calls, "PUT /api/admin/gallery")).toBe(1);

    const rows = await current.h.api.store.db
      .selectFrom("gallery")
      .select(["id", "caption", "alt_text", "consent_by"])
      .where("id", "in", ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(ids.map((id) => byId.get(id))).toEqual(
      ids.map((id, i) => ({
        id,
        caption: `Sports day ${i + 1}`,
        alt_text: i % 2 === 0 ? `Children racing, photo ${i + 1}` : null,
        consent_by: "admin",
      })),
    );
  });

  it("names the files the /api refuses and adds the rest, in order", async () => {
    const form = new FormData();
    form.append("albumId", "");
    form.append("images", new File([new Uint8Array(await jpegImage(41, 30))], "first.jpg", { type: "image/jpeg" }));
    form.append("images", new File([new Uint8Array(TEXT_FILE)], "notes.txt", { type: "text/plain" }));
    form.append("images", new File(["not a jpeg"], "fake.jpg", { type: "image/jpeg" }));
    form.append("images", new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" }));
    form.append("images", new File([new Uint8Array(await jpegImage(42, 30))], "last.jpg", { type: "image/jpeg" }));
    const added = await settle(() =>
      addImages(args(post("/admin/gallery/add", form, current.cookie), current.h.context)),
    );
    expect(added.status).toBe(302);
    const { ids, refused } = readCaptionsQuery(new URL(added.headers.get("Location") ?? "", ORIGIN));
    expect(ids).toHaveLength(2);
    expect(refused).toEqual([
      { name: "notes.txt", why: "invalid" },
      { name: "fake.jpg", why: "invalid" },
      { name: "big.jpg", why: "too-large" },
    ]);
  });

  it("says 'Choose at least one photo.' for a form without a file", async () => {
    const form = new FormData();
    form.append("albumId", "");
    form.append("images", new File([], "", { type: "application/octet-stream" }));
    const answer = await settle(() =>
      addImages(args(post("/admin/gallery/add", form, current.cookie), current.h.context)),
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: "Choose at least one photo." });
  });
});

describe("bounds", () => {
  it("reads at most a batch's worth of ids and refused files from the address", () => {
    const many = Array.from({ length: 200 }, (_, i) => i + 1);
    const url = new URL(`${ORIGIN}${captionsPath(many)}&ids=1.2&refused=evil:x&refused=failed:${"n".repeat(500)}`);
    const { ids, refused } = readCaptionsQuery(url);
    expect(ids).toHaveLength(MAX_BATCH_FILES);
    expect(refused).toEqual([{ why: "failed", name: "n".repeat(80) }]);
  });

  it("lets the batch form alone send more than one upload's form: a batch of phone photos of up to 20 MB", () => {
    expect(maxRequestBytes("/admin/gallery/add")).toBe(MAX_BATCH_FILES * 20 * 1024 * 1024 + 1024 * 1024);
    expect(maxRequestBytes("/admin/gallery")).toBe(MAX_UPLOAD_FORM_BYTES);
  });
});
