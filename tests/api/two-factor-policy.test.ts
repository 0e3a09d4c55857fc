import { describe, expect, it } from "vitest";
import { closeAfterEachTest, json, makeApi, type ErrorJson, type TestApi } from "./helpers";
import { validNews } from "./content-fixtures";
import { addPerson, passwordOf, turnOnTotp } from "./two-factor-helpers";

/**
 * An Administrator can make two-factor sign-in compulsory (docs/product.md, 'The committee'): then
 * someone without it may read and set it up, and nothing else; an Editor cannot
 * change the setting.
 */
let t: TestApi;
closeAfterEachTest(() => t);

const NEWS = validNews;

describe("GET/PUT /api/admin/settings", () => {
  it("reads false at first; an Administrator with two-factor sign-in turns it on", async () => {
    t = await makeApi();
    const token = await t.login();
    expect(await json(await t.request("/api/admin/settings", { token }))).toEqual({ requireTwoFactor: false });
    const put = (body: unknown) => t.request("/api/admin/settings", { method: "PUT", token, json: body });

    const early = await put({ requireTwoFactor: true });
    expect(early.status).toBe(409);
    expect((await json<ErrorJson>(early)).message).toMatch(/your own account first/);

    await turnOnTotp(t, token);
    expect((await put({ requireTwoFactor: true })).status).toBe(200);
    expect(await json(await t.request("/api/admin/settings", { token }))).toEqual({ requireTwoFactor: true });
    expect(await json(await t.request("/api/admin/two-factor", { token }))).toMatchObject({ required: true });
  });

  it("400 naming the field", async () => {
    t = await makeApi();
    const res = await t.request("/api/admin/settings", {
      method: "PUT",
      token: await t.login(),
      json: { requireTwoFactor: "yes" },
    });
    expect(res.status).toBe(400);
    expect((await json<ErrorJson>(res)).field).toBe("requireTwoFactor");
  });

  it("403 for an Editor", async () => {
    t = await makeApi();
    const editor = await addPerson(t, "eddie", "editor");
    const res = await t.request("/api/admin/settings", {
      method: "PUT",
      token: editor,
      json: { requireTwoFactor: false },
    });
    expect(res.status).toBe(403);
    expect((await t.request("/api/admin/settings", { token: editor })).status).toBe(200);
  });
});

describe("when two-factor sign-in is required", () => {
  async function requireIt(): Promise<string> {
    const admin = await t.login();
    await turnOnTotp(t, admin);
    const res = await t.request("/api/admin/settings", {
      method: "PUT",
      token: admin,
      json: { requireTwoFactor: true },
    });
    expect(res.status).toBe(200);
    return admin;
  }

  it("someone without it is refused every change with 403 two-factor-required, until they set it up", async () => {
    t = await makeApi();
    const admin = await requireIt();
    const editor = await addPerson(t, "eddie", "editor");

    const refused = await t.request("/api/admin/news", { method: "POST", token: editor, json: NEWS });
    expect(refused.status).toBe(403);
    expect(await json<ErrorJson>(refused)).toMatchObject({ code: "two-factor-required" });
    // Reading, their own set-up and signing out stay open.
    expect((await t.request("/api/admin/session", { token: editor })).status).toBe(200);
    expect((await t.request("/api/admin/two-factor", { token: editor })).status).toBe(200);

    await turnOnTotp(t, editor, passwordOf("eddie"));
    expect((await t.request("/api/admin/news", { method: "POST", token: editor, json: NEWS })).status).toBe(201);
    // Whoever has it was never held back.
    expect((await t.request("/api/admin/news", { method: "POST", token: admin, json: NEWS })).status).toBe(201);
    expect((await t.request("/api/admin/logout", { method: "POST", token: editor })).status).toBe(200);
  });

  it("holds back nobody once an Administrator makes it optional again", async () => {
    t = await makeApi();
    const admin = await requireIt();
    const editor = await addPerson(t, "eddie", "editor");
    expect((await t.request("/api/admin/news", { method: "POST", token: editor, json: NEWS })).status).toBe(403);
    await t.request("/api/admin/settings", { method: "PUT", token: admin, json: { requireTwoFactor: false } });
    expect((await t.request("/api/admin/news", { method: "POST", token: editor, json: NEWS })).status).toBe(201);
  });
});
