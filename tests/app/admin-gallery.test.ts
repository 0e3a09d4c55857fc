import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin.gallery";
import { pngImage, TEXT_FILE } from "../fixtures/images";
import { flashOf, get } from "./harness";
import { adminListScreen, args, failureOf, formOf, settle } from "./admin-test-helpers";

interface Item {
  id: number | string;
  imageUrl: string;
  caption: string | null;
}

const screen = adminListScreen<Item>({
  title: "Manage Gallery",
  path: "/admin/gallery",
  loader,
  action,
  list: "/api/gallery",
});
const { session, send, items: gallery } = screen;

describe("Manage Gallery", () => {
  it("loads the gallery list", async () => {
    const response = await settle(() => loader(args(get("/admin/gallery", session.cookie), session.h.context)));
    const { images } = (await response.json()) as { images: Item[] };
    expect(images.map((image) => image.imageUrl)).toEqual((await gallery()).map((image) => image.imageUrl));
  });

  it("adds an image by its address", async () => {
    const response = await send({ intent: "create", imageUrl: "https://example.com/den.jpg", caption: "The den" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/gallery");
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Image added to gallery" });
    expect(await gallery()).toContainEqual(
      expect.objectContaining({ imageUrl: "https://example.com/den.jpg", caption: "The den" }),
    );
  });

  it("adds an uploaded image file sent with the form (no JavaScript)", async () => {
    const form = formOf(
      { intent: "create", imageUrl: "", caption: "Uploaded with the form" },
      new File([new Uint8Array(await pngImage(64, 48))], "den.png", { type: "image/png" }),
    );
    const response = await send(form);
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Image added to gallery" });
    const added = (await gallery()).find((image) => image.caption === "Uploaded with the form");
    expect(added?.imageUrl).toMatch(/^\/objects\/images\/\S+$/);
  });

  it("asks for an image when none is given", async () => {
    const before = await gallery();
    const failure = await failureOf(await send({ intent: "create", imageUrl: " ", caption: "No picture" }));
    expect(failure.fieldErrors).toEqual({ imageUrl: "Please upload or enter an image URL" });
    expect(failure.values.caption).toBe("No picture");
    expect(await gallery()).toHaveLength(before.length);
  });

  it("explains a file that is not an image beside the image field", async () => {
    const form = formOf(
      { intent: "create", caption: "Not a picture" },
      new File([new Uint8Array(TEXT_FILE)], "notes.txt", { type: "text/plain" }),
    );
    const failure = await failureOf(await send(form));
    expect(failure.fieldErrors.imageUrl).toBe("Please upload an image file (jpg, jpeg, png, gif)");
    expect(failure.values.caption).toBe("Not a picture");
  });

  it("reports the upstream's refusal with 'Failed to add image to gallery'", async () => {
    const failure = await failureOf(await send({ intent: "create", imageUrl: "javascript:alert(1)", caption: "Bad" }));
    expect(failure.notice).toEqual({
      kind: "error",
      title: "Failed to add image to gallery",
      description: "Image must be an uploaded image or a web address starting with http:// or https://",
    });
    expect(failure.fieldErrors.imageUrl).toBe(
      "Image must be an uploaded image or a web address starting with http:// or https://",
    );
    expect(failure.values).toMatchObject({ imageUrl: "javascript:alert(1)", caption: "Bad" });
  });

  it("updates an image's caption and address", async () => {
    const [first] = await gallery();
    const response = await send({
      intent: "update",
      id: String(first.id),
      imageUrl: "https://example.com/new.png",
      caption: "",
    });
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Gallery image updated" });
    const updated = (await gallery()).find((image) => String(image.id) === String(first.id));
    expect(updated).toMatchObject({ imageUrl: "https://example.com/new.png", caption: null });
  });

  it("reports a failed update with 'Failed to update gallery image'", async () => {
    const failure = await failureOf(
      await send({ intent: "update", id: "999999", imageUrl: "https://example.com/x.png", caption: "Gone" }),
    );
    expect(failure.notice).toEqual({
      kind: "error",
      title: "Failed to update gallery image",
      description: "Gallery image not found",
    });
  });

  it("deletes an image", async () => {
    const [first, ...rest] = await gallery();
    const response = await send({ intent: "delete", id: String(first.id) }, `/admin/gallery?delete=${first.id}`);
    expect(response.headers.get("Location")).toBe("/admin/gallery");
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Gallery image deleted" });
    expect((await gallery()).map((image) => image.id)).toEqual(rest.map((image) => image.id));
  });

  it("reports a failed delete with 'Failed to delete gallery image'", async () => {
    const failure = await failureOf(await send({ intent: "delete", id: "999999" }));
    expect(failure.notice).toEqual({
      kind: "error",
      title: "Failed to delete gallery image",
      description: "Gallery image not found",
    });
  });

  it("names the problem when the form's intent is unknown", async () => {
    const failure = await failureOf(await send({ intent: "rename", id: "1" }));
    expect(failure.notice).toEqual({
      kind: "error",
      title: "This form cannot be sent: reload the page and try again.",
    });
  });
});
