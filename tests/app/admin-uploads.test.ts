import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkUpload, uploadFailedNotice } from "~/lib/uploads/rules";
import { action as uploadImage } from "~/routes/admin.uploads.image";
import { action as uploadNewsImage } from "~/routes/admin.uploads.news-image";
import { gifImage, jpegImage, pngImage, TEXT_FILE } from "../fixtures/images";
import { args, settle, withUpstream } from "./admin-test-helpers";
import { createHarness, ORIGIN, post, type Harness } from "./harness";

let h: Harness;
let cookie: string;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cookie = await h.signIn();
});
afterAll(() => h.close());

function fileForm(bytes: Uint8Array | string, name: string, type: string): FormData {
  const form = new FormData();
  form.append("file", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type }));
  return form;
}

async function answer(response: Response): Promise<{ status: number; body: Record<string, string> }> {
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe("the image upload resource route (events and gallery)", () => {
  const send = (form: FormData, context = h.context, session = cookie) =>
    settle(() => uploadImage(args(post("/admin/uploads/image", form, session), context)));

  it("sends a signed-out visitor to /admin", async () => {
    const response = await send(fileForm(await pngImage(32, 32), "a.png", "image/png"), h.context, "");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
  });

  it("stores a png, a jpeg and a gif through POST /api/admin/upload and answers their paths", async () => {
    for (const [bytes, name, type] of [
      [await pngImage(32, 32), "a.png", "image/png"],
      [await jpegImage(32, 32), "b.jpg", "image/jpeg"],
      [await gifImage(32, 32), "c.gif", "image/gif"],
    ] as const) {
      const { status, body } = await answer(await send(fileForm(bytes, name, type)));
      expect(status).toBe(200);
      expect(body.imageUrl).toMatch(/^\/objects\/images\/\S+$/);
      const image = await h.api.fetch(new Request(`${ORIGIN}${body.imageUrl}?w=480`));
      expect(image.headers.get("Content-Type")).toBe("image/webp");
    }
  });

  it("refuses anything but jpg, png and gif, and files over 5 MB", async () => {
    expect(await answer(await send(fileForm(TEXT_FILE.toString(), "notes.txt", "text/plain")))).toEqual({
      status: 415,
      body: { message: "Please upload an image file (jpg, jpeg, png, gif)" },
    });
    expect(await answer(await send(fileForm(new Uint8Array(5 * 1024 * 1024 + 1), "big.png", "image/png")))).toEqual({
      status: 413,
      body: { message: "Image must be less than 5MB" },
    });
  });

  it("passes on the upstream's message when it refuses the file", async () => {
    const { status, body } = await answer(await send(fileForm("not a png at all", "fake.png", "image/png")));
    expect(status).toBe(415);
    expect(body).toEqual({ message: "Please upload an image file (jpg, jpeg, png, gif)" });
  });
});

describe("the news image resource route (three steps)", () => {
  const send = (form: FormData, context = h.context) =>
    settle(() => uploadNewsImage(args(post("/admin/uploads/news-image", form, cookie), context)));

  it("gets an upload URL, PUTs the file to it and answers the object path", async () => {
    const seen: string[] = [];
    const context = withUpstream(h.context, (request) => {
      seen.push(`${request.method} ${new URL(request.url).pathname}`);
      return null;
    });
    const { status, body } = await answer(
      await send(fileForm(await jpegImage(64, 48), "photo.jpg", "image/jpeg"), context),
    );
    expect(status).toBe(200);
    expect(body.imageUrl).toMatch(/^\/objects\/images\/\S+$/);
    expect(seen.map((line) => line.replace(/uploads\/\S+$/, "uploads/ID"))).toEqual([
      // No session read first: the upload's own calls judge the token.
      "POST /api/objects/upload",
      "PUT /objects/uploads/ID",
      "PUT /api/news-images",
    ]);
    const image = await h.api.fetch(new Request(`${ORIGIN}${body.imageUrl}`));
    expect(image.status).toBe(200);
  });

  it("passes on the /api's refusal of a file over 10 MB", async () => {
    expect(await answer(await send(fileForm(new Uint8Array(10 * 1024 * 1024 + 1), "huge.jpg", "image/jpeg")))).toEqual({
      status: 413,
      body: { message: "File size must be less than 10MB" },
    });
  });

  it("answers with the failing step's upstream message when a step fails", async () => {
    const context = withUpstream(h.context, (request) =>
      new URL(request.url).pathname === "/api/objects/upload"
        ? Response.json({ message: "Storage is unavailable" }, { status: 503 })
        : null,
    );
    expect(await answer(await send(fileForm(await pngImage(16, 16), "a.png", "image/png"), context))).toEqual({
      status: 503,
      body: { message: "Storage is unavailable" },
    });
  });

  it("passes on no internal words when the upstream gave none, so the page says the product's own sentence", async () => {
    const context = withUpstream(h.context, (request) =>
      new URL(request.url).pathname === "/api/objects/upload" ? new Response("", { status: 500 }) : null,
    );
    expect(await answer(await send(fileForm(await pngImage(16, 16), "a.png", "image/png"), context))).toEqual({
      status: 500,
      body: {},
    });
  });
});

describe("the upload rules the browser checks before sending", () => {
  const file = (size: number, type: string, name = "photo.jpg") => ({ size, type, name });

  it("checks type only for events and gallery, and each flow's size limit", () => {
    expect(checkUpload("image", file(100, "image/webp", "photo.webp"))).toEqual({
      kind: "error",
      title: "Invalid file",
      description: "Please upload an image file (jpg, jpeg, png, gif)",
    });
    expect(checkUpload("image", file(100, "", "photo.JPEG"))).toBeNull();
    expect(checkUpload("image", file(5 * 1024 * 1024 + 1, "image/png"))).toEqual({
      kind: "error",
      title: "File too large",
      description: "Image must be less than 5MB",
    });
    expect(checkUpload("news", file(6 * 1024 * 1024, "image/png"))).toBeNull();
    expect(checkUpload("news", file(10 * 1024 * 1024 + 1, "image/png"))).toEqual({
      kind: "error",
      title: "File too large",
      description: "File size must be less than 10MB",
    });
  });

  it("words 'Upload failed' per flow", () => {
    expect(uploadFailedNotice("image", "Nope")).toEqual({ kind: "error", title: "Upload failed", description: "Nope" });
    expect(uploadFailedNotice("image")).toEqual({
      kind: "error",
      title: "Upload failed",
      description: "Failed to upload image",
    });
    expect(uploadFailedNotice("news", "Nope")).toEqual({
      kind: "error",
      title: "Upload failed",
      description: "Failed to upload file. Please try again.",
    });
  });
});
