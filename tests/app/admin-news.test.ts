import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin.news";
import { pngImage } from "../fixtures/images";
import { adminListScreen, args, failureOf, formOf, settle, tokenOf } from "./admin-test-helpers";
import { flashOf, get } from "./harness";

interface Item {
  id: number | string;
  title: string;
  content: string;
  publishedAt: string;
  imageUrl: string | null;
}

const screen = adminListScreen<Item>({ title: "Manage News", path: "/admin/news", loader, action, list: "/api/news" });
const { session, send, items: news } = screen;
const find = async (title: string) => (await news()).find((item) => item.title === title);
/** The create form of a news item, with `file` as its image part (a form sent without JavaScript). */
const createWithFile = (fields: { title: string; publishedAt: string } & Record<string, string>, file: File) =>
  formOf({ intent: "create", ...fields }, file);

describe("Manage News", () => {
  it("loads every item with its content sanitised for display and today's date for a new one", async () => {
    const created = await send({
      intent: "create",
      title: "Sanitised on display",
      publishedAt: "2030-01-15",
      content: '<p>Hello <strong>dads</strong><img src=x onerror="alert(1)"></p>',
    });
    expect(created.status).toBe(302);
    const response = await settle(() => loader(args(get("/admin/news", session.cookie), session.h.context)));
    const data = (await response.json()) as { items: Array<Item & { html: string }>; today: string; timeZone: string };
    expect(data.items.map((item) => item.title)).toEqual((await news()).map((item) => item.title));
    const item = data.items.find((entry) => entry.title === "Sanitised on display");
    expect(item?.html).toBe("<p>Hello <strong>dads</strong></p>");
    expect(data.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.timeZone).toBe("Europe/London");
  });

  it("creates a news item, its date read in the site's time zone and sent as an ISO timestamp", async () => {
    const response = await send({
      intent: "create",
      title: "Summer fair",
      publishedAt: "2030-07-01",
      content: '<p><strong>Bold</strong> and <a href="https://example.com">a link</a></p>',
      imageUrl: "",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/news");
    expect(await flashOf(response)).toEqual({ kind: "success", title: "News item created successfully" });
    const stored = await find("Summer fair");
    // Midnight in London during summer time is 23:00 UTC the day before.
    expect(stored).toMatchObject({ publishedAt: "2030-06-30T23:00:00.000Z", imageUrl: null });
    expect(stored?.content).toContain("<strong>Bold</strong>");
    expect(stored?.content).toContain('href="https://example.com"');
  });

  it("creates an item with an image file sent with the form (no JavaScript)", async () => {
    const photo = new File([new Uint8Array(await pngImage(64, 48))], "photo.png", { type: "image/png" });
    const fields = { title: "With a photo", publishedAt: "2030-02-01", content: "<p>Photo news</p>", imageUrl: "" };
    const form = createWithFile(fields, photo);
    const response = await send(form);
    expect(await flashOf(response)).toEqual({ kind: "success", title: "News item created successfully" });
    expect((await find("With a photo"))?.imageUrl).toMatch(/^\/objects\/images\/\S+$/);
  });

  it("ignores the empty file part a multipart form sends when no file was chosen", async () => {
    const noFile = new File([], "", { type: "application/octet-stream" });
    const fields = {
      title: "No photo, multipart",
      publishedAt: "2030-02-02",
      imageUrl: "https://example.com/kept.jpg",
    };
    const form = createWithFile(fields, noFile);
    const response = await send(form);
    expect(response.status).toBe(302);
    expect((await find("No photo, multipart"))?.imageUrl).toBe("https://example.com/kept.jpg");
  });

  it("refuses an image over 10 MB with 'File too large', keeping what was typed", async () => {
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.png", { type: "image/png" });
    const form = createWithFile({ title: "Too big", publishedAt: "2030-02-03" }, huge);
    const failure = await failureOf(await send(form));
    expect(failure.notice).toEqual({
      kind: "error",
      title: "File too large",
      description: "File size must be less than 10MB",
    });
    expect(failure.fieldErrors).toEqual({ imageUrl: "File size must be less than 10MB" });
    expect(failure.values).toMatchObject({ title: "Too big", publishedAt: "2030-02-03" });
    expect(await find("Too big")).toBeUndefined();
  });

  it("says 'Upload failed' when the attached file is not an image", async () => {
    const text = new File(["just text"], "notes.png", { type: "image/png" });
    const form = createWithFile({ title: "Not a picture", publishedAt: "2030-02-04" }, text);
    const failure = await failureOf(await send(form));
    expect(failure.notice).toEqual({
      kind: "error",
      title: "Upload failed",
      description: "Failed to upload file. Please try again.",
    });
    expect(await find("Not a picture")).toBeUndefined();
  });

  it("names a missing title before calling the upstream", async () => {
    const failure = await failureOf(
      await send({ intent: "create", title: " ", publishedAt: "2030-01-01", content: "<p>x</p>" }),
    );
    expect(failure.notice).toEqual({ kind: "error", title: "Failed to create news item: Title is required" });
    expect(failure.fieldErrors).toEqual({ title: "Title is required" });
    expect(failure.values.content).toBe("<p>x</p>");
  });

  it("reports the upstream's refusal as 'Failed to create news item: {error}' beside the blamed field", async () => {
    const failure = await failureOf(
      await send({ intent: "create", title: "Bad image", publishedAt: "2030-01-01", imageUrl: "javascript:alert(1)" }),
    );
    expect(failure.notice).toEqual({
      kind: "error",
      title:
        "Failed to create news item: Image must be an uploaded image or a web address starting with http:// or https://",
    });
    expect(failure.fieldErrors).toEqual({
      imageUrl: "Image must be an uploaded image or a web address starting with http:// or https://",
    });
    expect(failure.values).toMatchObject({
      title: "Bad image",
      publishedAt: "2030-01-01",
      imageUrl: "javascript:alert(1)",
    });
  });

  it("updates an item, sending the full item", async () => {
    const item = await find("Summer fair");
    const response = await send(
      {
        intent: "update",
        id: String(item?.id),
        title: "Summer fair (moved)",
        publishedAt: "2030-01-10",
        content: "<p>New date</p>",
        imageUrl: "https://example.com/fair.jpg",
      },
      `/admin/news?edit=${item?.id}`,
    );
    expect(response.headers.get("Location")).toBe("/admin/news");
    expect(await flashOf(response)).toEqual({ kind: "success", title: "News item updated successfully" });
    expect(await find("Summer fair (moved)")).toMatchObject({
      id: item?.id,
      publishedAt: "2030-01-10T00:00:00.000Z",
      content: "<p>New date</p>",
      imageUrl: "https://example.com/fair.jpg",
    });
  });

  it("reports a failed update as 'Failed to update news item: {error}'", async () => {
    const failure = await failureOf(
      await send({ intent: "update", id: "999999", title: "Gone", publishedAt: "2030-01-01", content: "" }),
    );
    expect(failure.notice).toEqual({ kind: "error", title: "Failed to update news item: News item not found" });
    expect(failure.values).toMatchObject({ intent: "update", id: "999999", title: "Gone" });
  });

  it("deletes an item", async () => {
    const item = await find("Summer fair (moved)");
    const response = await send({ intent: "delete", id: String(item?.id) }, `/admin/news?delete=${item?.id}`);
    expect(response.headers.get("Location")).toBe("/admin/news");
    expect(await flashOf(response)).toEqual({ kind: "success", title: "News item deleted successfully" });
    expect(await find("Summer fair (moved)")).toBeUndefined();
  });

  it("reports a failed delete as 'Failed to delete news item: {error}'", async () => {
    const failure = await failureOf(await send({ intent: "delete", id: "999999" }));
    expect(failure.notice).toEqual({ kind: "error", title: "Failed to delete news item: News item not found" });
  });

  it("signs the administrator out when the upstream refuses the token", async () => {
    const token = await tokenOf(session.cookie);
    await session.h.api.fetch(
      new Request("http://localhost/api/admin/logout", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
      }),
    );
    const response = await send({ intent: "create", title: "After logout", publishedAt: "2030-01-01" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    session.cookie = await session.h.signIn();
  });
});
