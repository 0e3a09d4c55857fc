import { describe, expect, it } from "vitest";
import { hashToken } from "../../api/http/lib/tokens";
import {
  ADMIN,
  closeAfterEachTest,
  HOUR,
  json,
  makeApi,
  makeApiOnDisk,
  queryStored,
  type ErrorJson,
  type TestApi,
} from "./helpers";

/**
 * Signing in to the /api: the token it gives (and stores only as a hash), what it refuses,
 * and the limit on failed attempts per address. Using the token: bearer-tokens.test.ts.
 */
let t: TestApi;
closeAfterEachTest(() => t);

describe("health", () => {
  it("answers ok", async () => {
    t = await makeApi();
    const res = await t.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});

describe("POST /api/admin/login", () => {
  it("returns a token for the right password and stores only its SHA-256", async () => {
    const disk = await makeApiOnDisk();
    t = disk.api;
    const res = await t.request("/api/admin/login", { method: "POST", json: ADMIN });
    expect(res.status).toBe(200);
    const body = await json<{ token: string; expiresAt: string }>(res);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.expiresAt).getTime()).toBe(t.clock.now().getTime() + 12 * HOUR);
    const stored = await queryStored<{ token_hash: string; expires_at: string }>(disk.dir, "SELECT * FROM tokens");
    expect(stored).toEqual([
      expect.objectContaining({ token_hash: hashToken(body.token), expires_at: body.expiresAt }),
    ]);
    expect(JSON.stringify(stored)).not.toContain(body.token);
  });

  it("gives the same 401 message for a wrong password and an unknown user", async () => {
    t = await makeApi();
    const wrong = await t.request("/api/admin/login", {
      method: "POST",
      json: { username: "admin", password: "nope" },
    });
    const unknown = await t.request("/api/admin/login", {
      method: "POST",
      json: { username: "ghost", password: "nope" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Invalid username or password" });
    expect(await unknown.json()).toEqual({ message: "Invalid username or password" });
  });

  it.each([
    [{ password: "x" }, "username"],
    [{ username: "admin" }, "password"],
    [{ username: "", password: "x" }, "username"],
    [{ username: "admin", password: "" }, "password"],
    [{ username: 42, password: "x" }, "username"],
  ])("400 naming the field for %j", async (body, field) => {
    t = await makeApi();
    const res = await t.request("/api/admin/login", { method: "POST", json: body });
    expect(res.status).toBe(400);
    const err = await json<ErrorJson>(res);
    expect(err.field).toBe(field);
    expect(err.message).toMatch(new RegExp(`^${field}: `));
  });

  it("400 for malformed JSON", async () => {
    t = await makeApi();
    const res = await t.request("/api/admin/login", {
      method: "POST",
      body: '{"username": "admin",',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Request body must be valid JSON" });
  });

  it("reports a generated password when none is configured, and only on first creation", async () => {
    const reported: Array<[string, string]> = [];
    t = await makeApi({ adminPassword: undefined, onGeneratedPassword: (u, p) => reported.push([u, p]) });
    expect(reported).toHaveLength(1);
    expect(reported[0][0]).toBe("admin");
    const res = await t.request("/api/admin/login", {
      method: "POST",
      json: { username: "admin", password: reported[0][1] },
    });
    expect(res.status).toBe(200);
  });
});

describe("login throttling", () => {
  const fail = (api: TestApi, headers: Record<string, string> = {}) =>
    api.request("/api/admin/login", { method: "POST", json: { username: "admin", password: "wrong" }, headers });
  const succeed = (api: TestApi, headers: Record<string, string> = {}) =>
    api.request("/api/admin/login", { method: "POST", json: ADMIN, headers });

  it("answers 429 with Retry-After after 5 failures, even for the right password, until the window passes", async () => {
    t = await makeApi();
    for (let i = 0; i < 5; i++) {
      expect((await fail(t)).status).toBe(401);
      t.clock.advance(60 * 1000);
    }
    // The first failure was 5 minutes ago: 10 minutes of the window remain.
    const blocked = await succeed(t);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe(String(10 * 60));
    expect((await json<ErrorJson>(blocked)).message).toMatch(/too many/i);
    expect((await fail(t)).status).toBe(429);

    t.clock.advance(10 * 60 * 1000 - 1000);
    expect((await succeed(t)).status).toBe(429);
    t.clock.advance(1000);
    expect((await succeed(t)).status).toBe(200);
  });

  it("failures are counted in the database per address, and survive a restart", async () => {
    const disk = await makeApiOnDisk();
    t = disk.api;
    for (let i = 0; i < 5; i++) await fail(t);
    const rows = await queryStored<{ address: string }>(disk.dir, "SELECT address FROM login_failures");
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.address))).toEqual(new Set(["local"]));
    await t.api.close();
    t = await makeApi({ dataDir: disk.dir });
    expect((await succeed(t)).status).toBe(429);
  });

  it("a success resets the count", async () => {
    t = await makeApi();
    for (let i = 0; i < 4; i++) expect((await fail(t)).status).toBe(401);
    expect((await succeed(t)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fail(t)).status).toBe(401);
    expect((await succeed(t)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await fail(t)).status).toBe(401);
    expect((await succeed(t)).status).toBe(429);
  });

  it("X-Forwarded-For cannot lift the limit when the proxy is not trusted", async () => {
    t = await makeApi({ trustProxy: false });
    for (let i = 0; i < 5; i++) await fail(t, { "x-forwarded-for": `10.0.0.${i}` });
    const res = await succeed(t, { "x-forwarded-for": "192.168.1.99" });
    expect(res.status).toBe(429);
  });

  it("an in-process caller can pass the visitor address as env.clientAddress", async () => {
    t = await makeApi();
    const login = (password: string, clientAddress: string) =>
      t.api.fetch(
        new Request("http://localhost/api/admin/login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ username: "admin", password }),
        }),
        { clientAddress },
      );
    for (let i = 0; i < 5; i++) expect((await login("wrong", "203.0.113.1")).status).toBe(401);
    expect((await login(ADMIN.password, "203.0.113.1")).status).toBe(429);
    expect((await login(ADMIN.password, "203.0.113.2")).status).toBe(200);
    // Requests without an address share the 'local' bucket, which is still open.
    expect((await succeed(t)).status).toBe(200);
  });

  it("behind a trusted proxy, addresses from X-Forwarded-For are counted separately", async () => {
    t = await makeApi({ trustProxy: true });
    for (let i = 0; i < 5; i++) await fail(t, { "x-forwarded-for": "203.0.113.7" });
    expect((await succeed(t, { "x-forwarded-for": "203.0.113.7" })).status).toBe(429);
    // A forged left-most entry does not help: the proxy appends the real address on the right.
    expect((await succeed(t, { "x-forwarded-for": "1.2.3.4, 203.0.113.7" })).status).toBe(429);
    expect((await succeed(t, { "x-forwarded-for": "198.51.100.20" })).status).toBe(200);
  });
});
