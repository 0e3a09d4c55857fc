import { afterEach, describe, expect, it, vi } from "vitest";
import { HashGate } from "../../api/http/lib/hash-gate";
import { setUserPassword } from "../../api/ops/admin-user";
import { ADMIN_CALLS } from "./admin-calls";
import { ADMIN, json, makeApi, openStoreOf, tempDataDir, type ErrorJson, type TestApi } from "./helpers";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

let t: TestApi;
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await t?.api.close();
  await cleanup?.();
  cleanup = undefined;
});

/** The requests a web page on another site could send without a CORS preflight. */
const JSON_ENDPOINTS: Array<{ method: string; path: string; body: unknown }> = [
  { method: "POST", path: "/api/admin/login", body: ADMIN },
  ...ADMIN_CALLS.filter((call) => call.json !== undefined).map(({ method, path, json }) => ({
    method,
    path,
    body: json,
  })),
];

/** All at once: started in one tick, so none waits for another's answer. */
/**
 * Takes a gate's one running slot until the returned function is called, so a test
 * decides when a hash may run, however fast the machine (a hash that finished before
 * the next attempt arrived would let it in).
 */
function holdTheSlot(gate: HashGate): () => Promise<void> {
  let free = () => {};
  const held = gate.run(() => new Promise<void>((resolve) => (free = resolve)));
  return async () => {
    free();
    await held;
  };
}

function atOnce<T>(count: number, send: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => send(index)));
}

describe("JSON endpoints take only JSON", () => {
  it.each(JSON_ENDPOINTS)(
    "$method $path refuses a JSON body sent as text/plain with 415",
    async ({ method, path, body }) => {
      t = await makeApi();
      const token = await t.login();
      for (const contentType of ["text/plain;charset=UTF-8", "application/x-www-form-urlencoded", undefined]) {
        const headers: Record<string, string> = contentType ? { "content-type": contentType } : {};
        const res = await t.request(path, { method, token, body: JSON.stringify(body), headers });
        expect(res.status).toBe(415);
        expect((await json<ErrorJson>(res)).message).toBe("Request body must be JSON (Content-Type: application/json)");
      }
    },
  );

  it("a login sent as text/plain spends none of the address's attempts", async () => {
    t = await makeApi();
    for (let i = 0; i < 10; i++) {
      const wrong = JSON.stringify({ username: "admin", password: "wrong" });
      const res = await t.request("/api/admin/login", {
        method: "POST",
        body: wrong,
        headers: { "content-type": "text/plain" },
      });
      expect(res.status).toBe(415);
    }
    expect((await t.request("/api/admin/login", { method: "POST", json: ADMIN })).status).toBe(200);
  });

  it("takes application/json with a charset", async () => {
    t = await makeApi();
    const res = await t.request("/api/admin/login", {
      method: "POST",
      body: JSON.stringify(ADMIN),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(res.status).toBe(200);
  });
});

describe("the login throttle under concurrent attempts", () => {
  it("checks at most 5 of 25 wrong passwords and the right one sent at the same moment", async () => {
    t = await makeApi();
    const answers = await atOnce(26, (i) =>
      t.request("/api/admin/login", {
        method: "POST",
        json: { username: "admin", password: i === 25 ? ADMIN.password : `wrong-${i}` },
      }),
    );
    const statuses = answers.map((res) => res.status);
    const checked = statuses.filter((status) => status !== 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(21);
    // Every refused attempt says when to come back.
    for (const res of answers.filter((r) => r.status === 429))
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("runs only a few password hashes at once and turns the rest away at once with 503", async () => {
    const gate = new HashGate({ running: 1, queued: 1 });
    t = await makeApi({ hashGate: gate });
    const release = holdTheSlot(gate);
    // Different addresses, so the per-address limit is not what stops them.
    const answered: Response[] = [];
    const attempts = Array.from({ length: 6 }, (_, i) =>
      t.api
        .fetch(
          new Request("http://localhost/api/admin/login", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(ADMIN),
          }),
          { clientAddress: `198.51.100.${i + 1}` },
        )
        .then((res) => (answered.push(res), res)),
    );
    // One waits in the queue; the other five are answered while the slot is still held.
    await vi.waitFor(() => expect(answered).toHaveLength(5));
    expect(answered.map((res) => res.status)).toEqual([503, 503, 503, 503, 503]);
    await release();
    expect((await Promise.all(attempts)).filter((res) => res.status === 200)).toHaveLength(1);
    const busy = answered[0];
    expect(busy.headers.get("retry-after")).toBe("5");
    expect((await json<ErrorJson>(busy)).message).toMatch(/busy/i);
  });

  it("an attempt turned away as busy does not count as a failure", async () => {
    const gate = new HashGate({ running: 1, queued: 0 });
    t = await makeApi({ hashGate: gate });
    const release = holdTheSlot(gate);
    const answers = await atOnce(5, () =>
      t.request("/api/admin/login", { method: "POST", json: { username: "admin", password: "wrong" } }),
    );
    expect(answers.map((res) => res.status)).toEqual([503, 503, 503, 503, 503]);
    await release();
    // None of them counted: five wrong passwords are still checked, then the address is locked.
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.request("/api/admin/login", { method: "POST", json: { username: "admin", password: "wrong" } }))
          .status,
      ).toBe(401);
    }
    expect((await t.request("/api/admin/login", { method: "POST", json: ADMIN })).status).toBe(429);
  });
});

describe("the login throttle is exact: only real failures lock an address out", () => {
  const login = (password: string) =>
    t.request("/api/admin/login", { method: "POST", json: { username: "admin", password } });
  const LOCKED_OUT = /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/;

  it("ten right passwords sent at once from one address all sign in", async () => {
    t = await makeApi();
    const answers = await atOnce(10, () => login(ADMIN.password));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    const tokens = await Promise.all(answers.map(async (res) => (await json<{ token: string }>(res)).token));
    expect(new Set(tokens).size).toBe(10);
  });

  it("after four failures, ten right passwords at once still all sign in", async () => {
    t = await makeApi();
    for (let i = 0; i < 4; i++) expect((await login("wrong")).status).toBe(401);
    const answers = await atOnce(10, () => login(ADMIN.password));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
  });

  it("after five real failures, even the right password is refused, and the 429 says so truly", async () => {
    t = await makeApi();
    const wrong = await atOnce(5, (i) => login(`wrong-${i}`));
    expect(wrong.map((res) => res.status)).toEqual(Array(5).fill(401));
    const answers = await atOnce(5, () => login(ADMIN.password));
    expect(answers.map((res) => res.status)).toEqual(Array(5).fill(429));
    for (const res of answers) {
      expect((await json<ErrorJson>(res)).message).toMatch(LOCKED_OUT);
      expect(Number(res.headers.get("retry-after"))).toBe(15 * 60);
    }
    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await login(ADMIN.password)).status).toBe(200);
  });

  it("five wrong and five right at once: every wrong one is checked and fails, no right one is refused without five failures", async () => {
    t = await makeApi();
    const passwords = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? `wrong-${i}` : ADMIN.password));
    const answers = await atOnce(10, (i) => login(passwords[i]));
    const statuses = answers.map((res) => res.status);
    passwords.forEach((password, i) => {
      if (password === ADMIN.password) expect([200, 429]).toContain(statuses[i]);
      else expect(statuses[i]).toBe(401);
    });
    // A refusal is true only when five failures stand: then the last word was a failure, not a sign-in.
    const failuresLeft = await t.api.store.db
      .selectFrom("login_failures")
      .select("id")
      .where("pending", "=", 0)
      .execute();
    if (statuses.includes(429)) expect(failuresLeft).toHaveLength(5);
    expect(statuses.filter((status) => status === 200).length + statuses.filter((s) => s === 429).length).toBe(5);
  });
});

describe("GET /api/admin/session", () => {
  it("says who the token belongs to, until when, and their name and role for the admin header", async () => {
    t = await makeApi();
    const token = await t.login();
    await t.request("/api/admin/me", { method: "PUT", token, json: { name: "Sam Carter" } });
    const res = await t.request("/api/admin/session", { token });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      username: "admin",
      expiresAt: "2026-03-02T00:00:00.000Z",
      name: "Sam Carter",
      role: "administrator",
    });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers 401 once the token is revoked by logout or by a new password, or has expired", async () => {
    const data = await tempDataDir();
    cleanup = data.cleanup;
    t = await makeApi({ dataDir: data.dir });
    const loggedOut = await t.login();
    await t.request("/api/admin/logout", { method: "POST", token: loggedOut });
    expect((await t.request("/api/admin/session", { token: loggedOut })).status).toBe(401);

    const reset = await t.login();
    // What `npm run admin -- set-password` does, from another process, on the same DATA_DIR.
    const cli = await openStoreOf(data.dir);
    await setUserPassword(cli.db, ADMIN.username, "a brand new password", TEST_SCRYPT_COST, t.clock.now());
    await cli.db.destroy();
    expect((await t.request("/api/admin/session", { token: reset })).status).toBe(401);

    const expiring = await t.request("/api/admin/login", {
      method: "POST",
      json: { username: ADMIN.username, password: "a brand new password" },
    });
    const { token: expiringToken } = await json<{ token: string }>(expiring);
    t.clock.advance(12 * 60 * 60 * 1000);
    expect((await t.request("/api/admin/session", { token: expiringToken })).status).toBe(401);
    expect((await t.request("/api/admin/session")).status).toBe(401);
  });

  it("the token itself is never cached on the way back", async () => {
    t = await makeApi();
    const res = await t.request("/api/admin/login", { method: "POST", json: ADMIN });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const publicList = await t.request("/api/news");
    expect(publicList.headers.get("cache-control")).not.toBe("private, no-store");
  });
});
