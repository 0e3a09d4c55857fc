import { describe, expect, it } from "vitest";
import { action as addImages } from "~/routes/admin.gallery_.add";
import { action as saveCaptions, loader as captionsLoader } from "~/routes/admin.gallery_.captions";
import { action as newsAction } from "~/routes/admin.news";
import { action as uploadNewsImage } from "~/routes/admin.uploads.news-image";
import { readCaptionsQuery } from "~/lib/uploads/batch";
import { jpegImage, TEXT_FILE } from "../fixtures/images";
import { loader as eventsLoader } from "~/routes/events";
import { args, settle } from "./admin-test-helpers";
import { flashOf, get, harnessAtApiUrl, ORIGIN, post } from "./harness";

/**
 * The app deployed alone (docs/architecture.md, 'The shape in one picture'): no in-process API in the load context, so the
 * upstream client goes over HTTP to API_URL, here the embedded API on a real socket.
 */
const remote = {}; // A load context without apiFetch, as remix-serve gives.

const upstream = harnessAtApiUrl();

describe("against an upstream at API_URL", () => {
  it("reads a public page's data over HTTP", async () => {
    const response = await settle(() => eventsLoader(args(get("/events"), remote)));
    const data = (await response.json()) as { events: Array<{ name: string }> };
    expect(data.events.map((event) => event.name)).toContain("Stargazing Night");
  });

  it("carries an admin mutation over HTTP with the bearer token", async () => {
    const cookie = await upstream.h.signIn();
    const form = {
      intent: "create",
      title: "Sent over HTTP",
      publishedAt: "2026-11-01",
      content: "<p>Hi</p>",
      imageUrl: "",
    };
    const response = await settle(() => newsAction(args(post("/admin/news", form, cookie), remote)));
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toMatchObject({ title: "News item created successfully" });
    const news = await upstream.h.read<Array<{ title: string }>>("/api/news");
    expect(news.some((item) => item.title === "Sent over HTTP")).toBe(true);
  });

  it("sends each photo of a batch on over HTTP as it arrives, the /api's refusals named, then saves the captions", async () => {
    const cookie = await upstream.h.signIn();
    const form = new FormData();
    form.append("albumId", "");
    const photo = async (width: number, name: string) =>
      new File([new Uint8Array(await jpegImage(width, 30))], name, { type: "image/jpeg" });
    form.append("images", await photo(41, "first.jpg"));
    // Refused by the /api before it reads a byte, and after it has read 5 MB: the form reads on.
    form.append("images", new File([new Uint8Array(TEXT_FILE)], "notes.txt", { type: "text/plain" }));
    form.append("images", new File([new Uint8Array(6 * 1024 * 1024)], "big.jpg", { type: "image/jpeg" }));
    form.append("images", await photo(42, "last.jpg"));
    const added = await settle(() => addImages(args(post("/admin/gallery/add", form, cookie), remote)));
    expect(added.status).toBe(302);
    const captions = added.headers.get("Location") ?? "";
    const { ids, refused } = readCaptionsQuery(new URL(captions, ORIGIN));
    expect(ids).toHaveLength(2);
    expect(refused).toEqual([
      { name: "notes.txt", why: "invalid" },
      { name: "big.jpg", why: "too-large" },
    ]);

    const shown = (await (await settle(() => captionsLoader(args(get(captions, cookie), remote)))).json()) as {
      images: Array<{ id: number }>;
    };
    expect(shown.images.map((image) => image.id)).toEqual(ids);
    const fields = { ids: ids.join("."), [`caption-${ids[0]}`]: "First", [`caption-${ids[1]}`]: "Last" };
    const saved = await settle(() => saveCaptions(args(post(captions, fields, cookie), remote)));
    expect(saved.status).toBe(302);
    const stored = await Promise.all(ids.map((id) => upstream.h.read<{ caption: string }>(`/api/gallery/${id}`)));
    expect(stored.map((image) => image.caption)).toEqual(["First", "Last"]);
  });

  it("sends a news image on over HTTP as it arrives, and passes on the /api's 413", async () => {
    const cookie = await upstream.h.signIn();
    const send = (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return settle(() => uploadNewsImage(args(post("/admin/uploads/news-image", form, cookie), remote)));
    };
    const stored = await send(new File([new Uint8Array(await jpegImage(64, 48))], "a.jpg", { type: "image/jpeg" }));
    expect(stored.status).toBe(200);
    expect(((await stored.json()) as { imageUrl: string }).imageUrl).toMatch(/^\/objects\/images\/\S+$/);
    const huge = await send(new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.jpg", { type: "image/jpeg" }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ message: "File size must be less than 10MB" });
  });
});
