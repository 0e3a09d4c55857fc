import { describe, expect, it } from "vitest";
import { jpegImage } from "../fixtures/images";
import { validEvent, validNews } from "./content-fixtures";
import { contentChanges, readActivity, signInAs } from "./activity-helpers";
import { freshApiEachTest, json } from "./helpers";

/**
 * The record of who changed what (docs/product.md, 'The committee'): every write through the /api,
 * with the person who made it (their name and username then) and the item's title at
 * the time. Two people take turns, so a line naming the wrong one fails. Paging, filters
 * and pruning: activity-paging.test.ts.
 */
const api = freshApiEachTest();

async function write(method: string, path: string, token: string, body?: unknown): Promise<Response> {
  const res = await api.t.request(path, { method, token, json: body });
  expect(res.status).toBeLessThan(300);
  return res;
}

describe("the record of changes", () => {
  /** Each kind of item: its list, a body to create it with and one to edit it, and the titles they give. */
  const KINDS = [
    [
      "news",
      { ...validNews, title: "Spring fair" },
      { ...validNews, title: "Spring fair moved" },
      "Spring fair",
      "Spring fair moved",
    ],
    [
      "events",
      { ...validEvent, name: "Bike ride" },
      { ...validEvent, name: "Bike ride (rain)" },
      "Bike ride",
      "Bike ride (rain)",
    ],
    [
      "gallery",
      { imageUrl: "https://example.org/a.jpg", caption: "Spring fair" },
      { imageUrl: "https://example.org/a.jpg", caption: "Kites" },
      "Spring fair",
      "Kites",
    ],
  ] as const;
  it.each(KINDS)(
    "records who created, edited and deleted a %s item, with its title then",
    async (kind, created, edited, title, newTitle) => {
      const ann = await signInAs(api.t, "ann", "Ann Editor");
      const made = await json<{ id: number }>(await write("POST", `/api/admin/${kind}`, api.token, created));
      await write("PUT", `/api/admin/${kind}/${made.id}`, ann.token, edited);
      await write("DELETE", `/api/admin/${kind}/${made.id}`, api.token);

      const target = (title: string) => ({ type: kind, id: String(made.id), title });
      const lines = await contentChanges(api.t, api.token);
      expect(lines.map(({ action, user, target }) => ({ action, user: user?.name, target }))).toEqual([
        { action: `${kind}.delete`, user: "admin", target: target(newTitle) },
        { action: `${kind}.update`, user: "Ann Editor", target: target(newTitle) },
        { action: `${kind}.create`, user: "admin", target: target(title) },
      ]);
      expect(lines[1].user?.id).toBe(ann.id);
      expect(lines[0].at).toBe(api.t.clock.now().toISOString());
    },
  );

  it("names a gallery image without a caption by its address", async () => {
    await write("POST", "/api/admin/gallery", api.token, { imageUrl: "https://example.org/b.jpg" });
    const [line] = await contentChanges(api.t, api.token);
    expect(line.target?.title).toBe("https://example.org/b.jpg");
  });

  it("records nothing for a write that was refused", async () => {
    const refused = await api.t.request("/api/admin/news", { method: "POST", token: api.token, json: { title: "" } });
    expect(refused.status).toBe(400);
    expect((await api.t.request("/api/admin/news/999", { method: "DELETE", token: api.token })).status).toBe(404);
    expect(await contentChanges(api.t, api.token)).toEqual([]);
  });

  it("records each text page's save as page.update by whoever saved it", async () => {
    const ben = await signInAs(api.t, "ben", "Ben Editor");
    await write("PUT", "/api/admin/who-we-are", ben.token, { aboutUs: "We are dads." });
    await write("PUT", "/api/admin/what-we-do", api.token, { mission: "Fun." });
    const lines = await contentChanges(api.t, api.token);
    expect(lines.map(({ action, user, target }) => ({ action, user, target }))).toEqual([
      {
        action: "page.update",
        user: { id: 1, name: "admin", username: "admin" },
        target: { type: "page", id: "whatWeDo", title: "What We Do" },
      },
      {
        action: "page.update",
        user: { id: ben.id, name: "Ben Editor", username: "ben" },
        target: { type: "page", id: "whoWeAre", title: "Who We Are" },
      },
    ]);
  });

  it("records an upload in one step and a news image's signed upload, each by the person who sent it", async () => {
    const cy = await signInAs(api.t, "cy", "Cy Editor");
    const form = new FormData();
    form.append("image", new File([new Uint8Array(await jpegImage())], "fair.jpg", { type: "image/jpeg" }));
    const one = await api.t.request("/api/admin/upload", { method: "POST", token: cy.token, body: form });
    expect(one.status).toBe(201);
    const { imageUrl } = await json<{ imageUrl: string }>(one);

    const signed = await json<{ uploadURL: string }>(await write("POST", "/api/objects/upload", api.token));
    const put = await api.t.request(signed.uploadURL, {
      method: "PUT",
      body: new Uint8Array(await jpegImage()),
      headers: { "content-type": "image/jpeg" },
    });
    expect(put.status).toBe(200);
    const { objectPath } = await json<{ objectPath: string }>(
      await write("PUT", "/api/news-images", api.token, { imageURL: signed.uploadURL }),
    );

    const lines = await contentChanges(api.t, api.token);
    expect(lines.map(({ action, user, target }) => ({ action, user, target }))).toEqual([
      {
        action: "upload.create",
        user: { id: 1, name: "admin", username: "admin" },
        target: { type: "image", id: objectPath.split("/").at(-1), title: null },
      },
      {
        action: "upload.create",
        user: { id: cy.id, name: "Cy Editor", username: "cy" },
        target: { type: "image", id: imageUrl.split("/").at(-1), title: "fair.jpg" },
      },
    ]);
  });

  it("records sign-ins and sign-outs too, and answers only someone signed in", async () => {
    const dee = await signInAs(api.t, "dee", "Dee Editor");
    await write("POST", "/api/admin/logout", dee.token);
    expect((await api.t.request("/api/admin/activity")).status).toBe(401);
    expect((await api.t.request("/api/admin/activity", { token: dee.token })).status).toBe(401);
    const { items } = await readActivity(api.t, api.token);
    expect(items.map((line) => [line.action, line.user?.name])).toEqual([
      ["auth.sign-out", "Dee Editor"],
      ["auth.sign-in", "Dee Editor"],
      ["auth.sign-in", "admin"],
    ]);
  });

  it("lets an Editor read the record, naming people as they were when they made the change, with their username", async () => {
    const eve = await signInAs(api.t, "eve", "Eve");
    await write("POST", "/api/admin/news", eve.token, validNews);
    await api.t.api.store.db.updateTable("users").set({ name: "Eve Editor" }).where("id", "=", eve.id).execute();
    const [line] = await contentChanges(api.t, eve.token);
    expect(line.user).toEqual({ id: eve.id, name: "Eve", username: "eve" });
  });

  it("keeps naming someone who was removed, by the name the line was written with", async () => {
    const fay = await signInAs(api.t, "fay", "Fay Editor");
    await write("POST", "/api/admin/news", fay.token, validNews);
    await write("POST", "/api/admin/news", api.token, validNews);
    await api.t.api.store.db.deleteFrom("users").where("id", "=", fay.id).execute();
    const lines = await contentChanges(api.t, api.token);
    expect(lines.map((line) => line.user)).toEqual([
      { id: 1, name: "admin", username: "admin" },
      { id: fay.id, name: "Fay Editor", username: "fay" },
    ]);
    const stored = await api.t.api.store.db
      .selectFrom("activity")
      .select(["user_name", "user_username"])
      .where("user_id", "=", 1)
      .execute();
    expect(stored.every((row) => row.user_name === "admin" && row.user_username === "admin")).toBe(true);
  });
});
