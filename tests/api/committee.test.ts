import { describe, expect, it, vi } from "vitest";
import { onPostgres } from "../fixtures/test-database";
import { invite, join, member } from "./committee-helpers";
import { ADMIN, closeAfterEachTest, HOUR, json, makeApi, makeApiOnDisk, type ErrorJson, type TestApi } from "./helpers";

/**
 * The committee through the /api (docs/product.md, 'The committee'): invitations and reset links,
 * roles and the people endpoints an Editor may not use, the last Administrator, and
 * removing someone. One's own account: account.test.ts.
 */
let t: TestApi;
closeAfterEachTest(() => t);

describe("invitations", () => {
  it("invite → join → the new Editor is signed in, can write news, and is refused every people endpoint", async () => {
    t = await makeApi();
    const admin = await t.login();
    const link = await invite(t, admin, "Sam Patel", "editor");
    expect(link.url).toMatch(/^http:\/\/localhost\/admin\/join\/[A-Za-z0-9_-]{43}$/);
    expect(new Date(link.expiresAt).getTime()).toBe(t.clock.now().getTime() + 7 * 24 * HOUR);

    const about = await t.request(`/api/admin/join/${link.linkToken}`);
    expect(await json(about)).toEqual({ kind: "invitation", name: "Sam Patel", role: "editor" });

    const joined = await join(t, link.linkToken, { username: "sam", password: "a-long-enough-secret" });
    expect(joined.status).toBe(201);
    const { token } = await json<{ token: string }>(joined);
    expect(await json(await t.request("/api/admin/me", { token }))).toMatchObject({
      username: "sam",
      name: "Sam Patel",
      role: "editor",
      twoFactor: { totp: false, passkeys: 0, recoveryCodesLeft: 0 },
    });
    const news = { title: "By an editor", content: "<p>x</p>", publishedAt: "2026-03-01" };
    expect((await t.request("/api/admin/news", { method: "POST", token, json: news })).status).toBe(201);

    // Signing in again with the chosen password works too.
    const login = await t.request("/api/admin/login", {
      method: "POST",
      json: { username: "sam", password: "a-long-enough-secret" },
    });
    expect(login.status).toBe(200);

    for (const [method, path, body] of [
      ["GET", "/api/admin/users", undefined],
      ["PUT", "/api/admin/users/1", { role: "editor" }],
      ["DELETE", "/api/admin/users/1", undefined],
      ["POST", "/api/admin/invitations", { name: "X", role: "administrator" }],
      ["POST", "/api/admin/users/1/reset-link", undefined],
    ] as const) {
      const res = await t.request(path, { method, token, json: body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await json<ErrorJson>(res)).message).toBe("Only an Administrator can do this");
    }
  });

  it("works once, for 7 days; an unknown, used or expired link is a plain 404", async () => {
    t = await makeApi();
    const admin = await t.login();
    const used = await invite(t, admin, "A", "editor");
    expect((await join(t, used.linkToken, { username: "anna", password: "a-long-enough-secret" })).status).toBe(201);
    const expired = await invite(t, admin, "B", "editor");
    t.clock.advance(7 * 24 * HOUR + 1);
    const message = "This link is not valid. It may have been used already, or it may have expired.";
    for (const linkToken of [used.linkToken, expired.linkToken, "x".repeat(43), "bad token!"]) {
      const again = await join(t, encodeURIComponent(linkToken), { username: "bob", password: "a-long-enough-secret" });
      expect(again.status).toBe(404);
      expect((await json<ErrorJson>(again)).message).toBe(message);
      expect((await t.request(`/api/admin/join/${encodeURIComponent(linkToken)}`)).status).toBe(404);
    }
  });

  it("refuses a short or common password, a taken or malformed username, naming the field", async () => {
    t = await makeApi();
    const admin = await t.login();
    const { linkToken } = await invite(t, admin, "C", "editor");
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ username: "carl", password: "short" }, 400, "password", "password: must be at least 10 characters"],
      [
        { username: "carl", password: "1234567890" },
        400,
        "password",
        "password: is one of the most common passwords; please choose another",
      ],
      [
        { username: "carl-long-name", password: "carl-long-name" },
        400,
        "password",
        "password: must not be your username",
      ],
      [{ username: ADMIN.username, password: "a-long-enough-secret" }, 409, "username", "username: is already taken"],
      [
        { username: "no spaces", password: "a-long-enough-secret" },
        400,
        "username",
        "username: must be 3 to 40 letters, digits, dots, dashes or underscores",
      ],
      [{ password: "a-long-enough-secret" }, 400, "username", "username: is required"],
    ];
    for (const [body, status, field, message] of cases) {
      const res = await join(t, linkToken, body);
      expect(res.status, message).toBe(status);
      expect(await json<ErrorJson>(res)).toMatchObject({ field, message });
    }
    // None of those used the link up.
    expect((await join(t, linkToken, { username: "carl", password: "a-long-enough-secret" })).status).toBe(201);
  });
});

describe("links long past their expiry", () => {
  it("are dropped by the daily maintenance, from the start; live ones stay", async () => {
    const disk = await makeApiOnDisk();
    t = disk.api;
    const admin = await t.login();
    t.clock.current = new Date("2026-01-01T12:00:00.000Z");
    await invite(t, admin, "Long Gone", "editor");
    t.clock.current = new Date("2026-02-27T12:00:00.000Z");
    const live = await invite(t, admin, "Still Live", "editor");
    await t.api.close();
    // A new start (clock at 2026-03-01): the first link expired 52 days ago, the second is live.
    t = await makeApi({ dataDir: disk.dir });
    await vi.waitFor(async () => {
      expect(await t.api.store.db.selectFrom("account_links").select("name").execute()).toEqual([
        { name: "Still Live" },
      ]);
    });
    expect((await t.request(`/api/admin/join/${live.linkToken}`)).status).toBe(200);
  });
});

describe("reset links", () => {
  it("sets a new password for the person it was made for and signs all their sessions out", async () => {
    t = await makeApi();
    const admin = await t.login();
    const sam = await member(t, admin, "sam", "editor");
    const res = await t.request(`/api/admin/users/${sam.id}/reset-link`, { method: "POST", token: admin });
    expect(res.status).toBe(201);
    const made = await json<{ path: string; name: string }>(res);
    expect(made.name).toBe("sam Name");
    const linkToken = made.path.split("/").pop() ?? "";
    expect(await json(await t.request(`/api/admin/join/${linkToken}`))).toEqual({
      kind: "reset",
      name: "sam Name",
      username: "sam",
    });

    const joined = await join(t, linkToken, { password: "a-brand-new-secret" });
    expect(joined.status).toBe(201);
    expect((await t.request("/api/admin/me", { token: sam.token })).status).toBe(401);
    const old = await t.request("/api/admin/login", {
      method: "POST",
      json: { username: "sam", password: sam.password },
    });
    expect(old.status).toBe(401);
    const fresh = await t.request("/api/admin/login", {
      method: "POST",
      json: { username: "sam", password: "a-brand-new-secret" },
    });
    expect(fresh.status).toBe(200);
    expect((await join(t, linkToken, { password: "another-new-secret" })).status).toBe(404);
  });

  it("a new reset link replaces the person's unused one", async () => {
    t = await makeApi();
    const admin = await t.login();
    const sam = await member(t, admin, "sam", "editor");
    const first = await json<{ path: string }>(
      await t.request(`/api/admin/users/${sam.id}/reset-link`, { method: "POST", token: admin }),
    );
    await t.request(`/api/admin/users/${sam.id}/reset-link`, { method: "POST", token: admin });
    expect((await t.request(`/api/admin/join/${first.path.split("/").pop()}`)).status).toBe(404);
  });
});

describe("people and roles", () => {
  it("lists everyone with role, last sign-in and two-factor state", async () => {
    t = await makeApi();
    const admin = await t.login();
    await member(t, admin, "sam", "editor");
    const people = await json<Array<Record<string, unknown>>>(await t.request("/api/admin/users", { token: admin }));
    expect(people).toEqual([
      {
        id: 1,
        username: "admin",
        name: "admin",
        role: "administrator",
        createdAt: expect.any(String),
        lastSignInAt: t.clock.now().toISOString(),
        twoFactor: { totp: false, passkeys: 0 },
      },
      expect.objectContaining({ username: "sam", name: "sam Name", role: "editor" }),
    ]);
  });

  it("the last Administrator can be neither demoted nor removed; with two, one can", async () => {
    t = await makeApi();
    const admin = await t.login();
    const message = "The last Administrator can be neither removed nor made an Editor";
    const demote = await t.request("/api/admin/users/1", { method: "PUT", token: admin, json: { role: "editor" } });
    expect(demote.status).toBe(409);
    expect((await json<ErrorJson>(demote)).message).toBe(message);
    expect((await t.request("/api/admin/users/1", { method: "DELETE", token: admin })).status).toBe(409);

    const ada = await member(t, admin, "ada", "administrator");
    expect(
      (await t.request("/api/admin/users/1", { method: "PUT", token: ada.token, json: { role: "editor" } })).status,
    ).toBe(200);
    expect((await t.request(`/api/admin/users/${ada.id}`, { method: "DELETE", token: ada.token })).status).toBe(409);
    // The demoted first administrator is an Editor now.
    expect((await t.request("/api/admin/users", { token: admin })).status).toBe(403);
  });

  it("changes a name or a role, and refuses anything else naming the field", async () => {
    t = await makeApi();
    const admin = await t.login();
    const sam = await member(t, admin, "sam", "editor");
    const put = (body: unknown) => t.request(`/api/admin/users/${sam.id}`, { method: "PUT", token: admin, json: body });
    expect((await put({ name: "Samuel Patel" })).status).toBe(200);
    expect((await put({ role: "administrator" })).status).toBe(200);
    expect(await json(await t.request("/api/admin/me", { token: sam.token }))).toMatchObject({
      name: "Samuel Patel",
      role: "administrator",
    });
    const bad = await put({ role: "owner" });
    expect(bad.status).toBe(400);
    expect((await json<ErrorJson>(bad)).field).toBe("role");
    expect(
      (await t.request("/api/admin/users/999", { method: "PUT", token: admin, json: { role: "editor" } })).status,
    ).toBe(404);
    expect((await t.request("/api/admin/users/abc", { method: "DELETE", token: admin })).status).toBe(400);
    const noName = await t.request("/api/admin/invitations", {
      method: "POST",
      token: admin,
      json: { role: "editor" },
    });
    expect(await json<ErrorJson>(noName)).toMatchObject({ field: "name", message: "name: is required" });
  });

  it("removing someone ends their sessions at their next request, on every instance", async () => {
    const disk = await makeApiOnDisk();
    t = disk.api;
    const admin = await t.login();
    const sam = await member(t, admin, "sam", "editor");
    // On PostgreSQL a second instance shares the database; SQLite has one process.
    const other = onPostgres ? await makeApi({ dataDir: disk.dir }) : t;
    try {
      expect((await other.request("/api/admin/me", { token: sam.token })).status).toBe(200);
      expect((await t.request(`/api/admin/users/${sam.id}`, { method: "DELETE", token: admin })).status).toBe(200);
      expect((await other.request("/api/admin/me", { token: sam.token })).status).toBe(401);
      const news = { title: "After removal", content: "<p>x</p>", publishedAt: "2026-03-01" };
      expect((await other.request("/api/admin/news", { method: "POST", token: sam.token, json: news })).status).toBe(
        401,
      );
      const login = await other.request("/api/admin/login", {
        method: "POST",
        json: { username: "sam", password: sam.password },
      });
      expect(login.status).toBe(401);
    } finally {
      if (other !== t) await other.api.close();
    }
  });
});

describe("the record of people's changes", () => {
  it("names who invited, who joined, who changed a role and who removed, in that order", async () => {
    t = await makeApi();
    const admin = await t.login();
    const sam = await member(t, admin, "sam", "editor");
    await t.request(`/api/admin/users/${sam.id}`, { method: "PUT", token: admin, json: { role: "administrator" } });
    await t.request(`/api/admin/users/${sam.id}/reset-link`, { method: "POST", token: sam.token });
    await t.request(`/api/admin/users/${sam.id}`, { method: "DELETE", token: admin });
    const { items } = await json<{ items: Array<{ user: { name: string } | null; action: string }> }>(
      await t.request("/api/admin/activity", { token: admin }),
    );
    const people = items
      .filter((item) => /^(user|account)\./.test(item.action))
      .map((item) => [item.user?.name, item.action])
      .reverse();
    expect(people).toEqual([
      ["admin", "user.invite"],
      ["sam Name", "user.join"],
      ["admin", "user.update"],
      ["sam Name", "user.reset-link"],
      ["admin", "user.delete"],
    ]);
  });
});
