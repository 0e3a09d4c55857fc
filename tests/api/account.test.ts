import { describe, expect, it } from "vitest";
import { hashToken } from "../../api/http/lib/tokens";
import { member } from "./committee-helpers";
import { ADMIN, closeAfterEachTest, json, makeApi, type ErrorJson, type TestApi } from "./helpers";

/** One's own account through the /api (docs/product.md, 'The committee'): name, password, sessions. */
let t: TestApi;
closeAfterEachTest(() => t);

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

async function loginFrom(userAgent: string, credentials: { username: string; password: string } = ADMIN) {
  const res = await t.request("/api/admin/login", {
    method: "POST",
    json: credentials,
    headers: { "user-agent": userAgent },
  });
  expect(res.status).toBe(200);
  return (await json<{ token: string }>(res)).token;
}

describe("your account", () => {
  it("an Editor changes their own name", async () => {
    t = await makeApi();
    const sam = await member(t, await t.login(), "sam", "editor");
    expect(
      (await t.request("/api/admin/me", { method: "PUT", token: sam.token, json: { name: "Sam P." } })).status,
    ).toBe(200);
    expect(await json(await t.request("/api/admin/me", { token: sam.token }))).toMatchObject({ name: "Sam P." });
    const blank = await t.request("/api/admin/me", { method: "PUT", token: sam.token, json: { name: "  " } });
    expect(await json<ErrorJson>(blank)).toMatchObject({ field: "name", message: "name: is required" });
  });

  it("changing the password asks the current one, checks the new one, and signs the other sessions out", async () => {
    t = await makeApi();
    const here = await loginFrom(IPHONE);
    const elsewhere = await t.login();
    const change = (body: unknown) => t.request("/api/admin/me/password", { method: "PUT", token: here, json: body });

    const wrong = await change({ currentPassword: "not it", newPassword: "a-brand-new-secret" });
    expect(wrong.status).toBe(400);
    expect(await json<ErrorJson>(wrong)).toMatchObject({
      field: "currentPassword",
      message: "currentPassword: is not your current password",
    });
    const common = await change({ currentPassword: ADMIN.password, newPassword: "password123" });
    expect(await json<ErrorJson>(common)).toMatchObject({ field: "newPassword" });
    expect((await t.request("/api/admin/me", { token: elsewhere })).status).toBe(200);

    expect((await change({ currentPassword: ADMIN.password, newPassword: "a-brand-new-secret" })).status).toBe(200);
    expect((await t.request("/api/admin/me", { token: here })).status).toBe(200);
    expect((await t.request("/api/admin/me", { token: elsewhere })).status).toBe(401);
    expect((await t.request("/api/admin/login", { method: "POST", json: ADMIN })).status).toBe(401);
    await loginFrom("x", { username: ADMIN.username, password: "a-brand-new-secret" });
  });

  it("lists your sessions with their device and signs one out", async () => {
    t = await makeApi();
    const phone = await loginFrom(IPHONE);
    const desktop = await loginFrom("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0");
    const sessions = await json<Array<Record<string, unknown>>>(
      await t.request("/api/admin/me/sessions", { token: phone }),
    );
    expect(sessions).toHaveLength(2);
    expect(sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ device: "Safari on iOS", current: true, signedInAt: t.clock.now().toISOString() }),
        expect.objectContaining({ device: "Firefox on Windows", current: false }),
      ]),
    );
    const other = sessions.find((s) => !s.current);
    expect(other?.id).toMatch(/^[0-9a-f]{16}$/);
    expect((await t.request(`/api/admin/me/sessions/${other?.id}`, { method: "DELETE", token: phone })).status).toBe(
      200,
    );
    expect((await t.request("/api/admin/me", { token: desktop })).status).toBe(401);
    expect((await t.request("/api/admin/me", { token: phone })).status).toBe(200);
    expect((await t.request(`/api/admin/me/sessions/${other?.id}`, { method: "DELETE", token: phone })).status).toBe(
      404,
    );
    expect((await t.request("/api/admin/me/sessions/nope", { method: "DELETE", token: phone })).status).toBe(400);
  });

  it("someone else's session cannot be signed out", async () => {
    t = await makeApi();
    const admin = await t.login();
    const sam = await member(t, admin, "sam", "editor");
    const [adminSession] = await json<Array<{ id: string }>>(
      await t.request("/api/admin/me/sessions", { token: admin }),
    );
    const res = await t.request(`/api/admin/me/sessions/${adminSession.id}`, { method: "DELETE", token: sam.token });
    expect(res.status).toBe(404);
    expect((await t.request("/api/admin/me", { token: admin })).status).toBe(200);
  });

  it("signs out a session the list no longer shows (past the newest 50)", async () => {
    t = await makeApi();
    const oldest = await t.login();
    let newest = oldest;
    for (let i = 0; i < 50; i += 1) {
      t.clock.advance(1000);
      newest = await t.login();
    }
    const listed = await json<Array<{ id: string }>>(await t.request("/api/admin/me/sessions", { token: newest }));
    const oldestId = hashToken(oldest).slice(0, 16);
    expect(listed).toHaveLength(50);
    expect(listed.map((session) => session.id)).not.toContain(oldestId);
    const res = await t.request(`/api/admin/me/sessions/${oldestId}`, { method: "DELETE", token: newest });
    expect(res.status).toBe(200);
    expect((await t.request("/api/admin/me", { token: oldest })).status).toBe(401);
  });
});
