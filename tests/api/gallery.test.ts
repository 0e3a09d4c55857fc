import { describe, expect, it } from "vitest";
import { expect400, IMAGE_PATH } from "./content-fixtures";
import { freshApiEachTest, json } from "./helpers";

/** The gallery through the /api: newest first, captions trimmed, what is refused. */
const api = freshApiEachTest();

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
    expect(second).toEqual({ id: expect.any(Number), imageUrl: "https://example.org/two.jpg", caption: null });
    expect(await (await api.t.request("/api/gallery")).json()).toEqual([second, first]);

    const updated = await api.t.request(`/api/admin/gallery/${first.id}`, {
      method: "PUT",
      token: api.token,
      json: { imageUrl: IMAGE_PATH, caption: "  Trimmed  " },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toEqual({ id: first.id, imageUrl: IMAGE_PATH, caption: "Trimmed" });

    expect((await api.t.request(`/api/admin/gallery/${first.id}`, { method: "DELETE", token: api.token })).status).toBe(
      200,
    );
    expect(await (await api.t.request("/api/gallery")).json()).toEqual([second]);
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
