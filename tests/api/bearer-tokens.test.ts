import { describe, expect, it } from "vitest";
import { hashToken } from "../../api/http/lib/tokens";
import { ADMIN_CALLS } from "./admin-calls";
import {
  closeAfterEachTest,
  json,
  makeApi,
  makeApiOnDisk,
  queryStored,
  sharedApi,
  type ErrorJson,
  type TestApi,
} from "./helpers";

// The bearer token every administrator's call needs: logout, expiry, and each protected path.

const HOUR = 60 * 60 * 1000;

describe("bearer tokens", () => {
  let t: TestApi;
  closeAfterEachTest(() => t);

  it("logout revokes the token", async () => {
    t = await makeApi();
    const token = await t.login();
    const out = await t.request("/api/admin/logout", { method: "POST", token });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
    const after = await t.request("/api/admin/news", {
      method: "POST",
      token,
      json: { title: "T", publishedAt: "2026-01-01" },
    });
    expect(after.status).toBe(401);
  });

  it("a token works until 12 hours after issue, then expires", async () => {
    t = await makeApi();
    const token = await t.login();
    const body = { title: "T", content: "", publishedAt: "2026-01-01" };
    t.clock.advance(12 * HOUR - 1000);
    expect((await t.request("/api/admin/news", { method: "POST", token, json: body })).status).toBe(201);
    t.clock.advance(1000);
    const expired = await t.request("/api/admin/news", { method: "POST", token, json: body });
    expect(expired.status).toBe(401);
    expect((await json<ErrorJson>(expired)).message).toBeTruthy();
  });

  it("the stored hash is useless as a token, and logout deletes it", async () => {
    const disk = await makeApiOnDisk();
    t = disk.api;
    const token = await t.login();
    expect((await t.request("/api/admin/logout", { method: "POST", token: hashToken(token) })).status).toBe(401);
    expect((await t.request("/api/admin/logout", { method: "POST", token })).status).toBe(200);
    expect(await queryStored(disk.dir, "SELECT * FROM tokens")).toEqual([]);
  });

  describe.each(ADMIN_CALLS)("$method $path", ({ method, path, json: body }) => {
    it("is let through with a valid token (not 401)", async () => {
      t = await makeApi();
      const token = await t.login();
      const res = await t.request(path, { method, json: body, token });
      expect(res.status).not.toBe(401);
    });
  });
});

/**
 * What a protected call refuses, on one /api for all of them: a refused call changes
 * nothing, and each test logs in for a token of its own (its clock only moves on).
 */
describe("bearer tokens refused", () => {
  let shared: TestApi;
  sharedApi((api) => (shared = api));

  describe.each(ADMIN_CALLS)("$method $path", ({ method, path, json: body }) => {
    it("401 without a token", async () => {
      const res = await shared.request(path, { method, json: body });
      expect(res.status).toBe(401);
      expect((await json<ErrorJson>(res)).message).toEqual(expect.any(String));
    });

    it("401 with a wrong token or a non-bearer scheme", async () => {
      expect((await shared.request(path, { method, json: body, token: "not-a-real-token" })).status).toBe(401);
      const basic = await shared.request(path, {
        method,
        json: body,
        headers: { authorization: `Basic ${Buffer.from("admin:x").toString("base64")}` },
      });
      expect(basic.status).toBe(401);
    });

    it("401 with an expired token", async () => {
      const token = await shared.login();
      shared.clock.advance(12 * HOUR + 1);
      expect((await shared.request(path, { method, json: body, token })).status).toBe(401);
    });

    it("401 with a token revoked by logout", async () => {
      const token = await shared.login();
      expect((await shared.request("/api/admin/logout", { method: "POST", token })).status).toBe(200);
      expect((await shared.request(path, { method, json: body, token })).status).toBe(401);
    });
  });
});
