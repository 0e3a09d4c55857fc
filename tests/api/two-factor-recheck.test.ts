import { describe, expect, it } from "vitest";
import { ADMIN, closeAfterEachTest, json, makeApi, type ErrorJson, type TestApi } from "./helpers";
import { SoftwareAuthenticator } from "./software-authenticator";
import { codeAt, passwordStep, secondStep, turnOnTotp } from "./two-factor-helpers";

/**
 * The re-check (docs/product.md, 'Two-factor sign-in'): a bearer token alone, as a
 * stolen session holds it, can no longer make new recovery codes (one of which then
 * turned codes off), turn codes off, or add or remove a passkey. Each asks for the
 * password or a current code in the same request.
 */
let t: TestApi;
closeAfterEachTest(() => t);

const STEP = 30_000;
const REQUIRED = { field: "password", code: "required", message: "password: is required (or a current code)" };
const WRONG_PASSWORD = { field: "password", code: "invalid", message: "password: is not your current password" };
const WRONG_CODE = {
  field: "code",
  code: "invalid",
  message: "code: is not a current code from your app or an unused recovery code",
};

interface Options {
  challengeId: string;
  options: { challenge: string; user: { id: string } };
}

async function expectRefused(res: Response, problem: Record<string, string>) {
  expect(res.status).toBe(400);
  expect(await json<ErrorJson>(res)).toMatchObject(problem);
}

function linesOf(action: string) {
  return t.api.store.db.selectFrom("activity").select("user_id").where("action", "=", action).execute();
}

describe("new recovery codes", () => {
  it("a bearer token alone gets none, and the old codes keep working", async () => {
    t = await makeApi();
    const token = await t.login();
    const { recoveryCodes } = await turnOnTotp(t, token);
    const renew = (body?: unknown) =>
      t.request("/api/admin/two-factor/recovery-codes", { method: "POST", token, json: body });

    await expectRefused(await renew(), REQUIRED);
    await expectRefused(await renew({}), REQUIRED);
    await expectRefused(await renew({ password: "" }), REQUIRED);
    await expectRefused(await renew({ password: "not my password" }), WRONG_PASSWORD);
    await expectRefused(await renew({ code: "123456" }), WRONG_CODE);
    expect(await linesOf("two-factor.recovery-codes")).toEqual([]);
    // Nothing was replaced: the old codes still sign in, and so could not have been used to turn codes off.
    expect((await secondStep(t, await passwordStep(t), recoveryCodes[0])).status).toBe(200);
  });

  it("are made with the password, or with a current code", async () => {
    t = await makeApi();
    const token = await t.login();
    const { secret, recoveryCodes } = await turnOnTotp(t, token);
    const renew = (body: unknown) =>
      t.request("/api/admin/two-factor/recovery-codes", { method: "POST", token, json: body });

    const withPassword = await renew({ password: ADMIN.password });
    expect(withPassword.status).toBe(200);
    const fresh = (await json<{ recoveryCodes: string[] }>(withPassword)).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await secondStep(t, await passwordStep(t), recoveryCodes[1])).status).toBe(401);

    t.clock.advance(STEP);
    const withCode = await renew({ code: codeAt(secret, t.clock.now()) });
    expect(withCode.status).toBe(200);
    // A recovery code is a code too (and it is spent).
    const newest = (await json<{ recoveryCodes: string[] }>(withCode)).recoveryCodes;
    expect((await renew({ code: newest[0] })).status).toBe(200);
    expect(await linesOf("two-factor.recovery-codes")).toEqual([{ user_id: 1 }, { user_id: 1 }, { user_id: 1 }]);
  });
});

describe("turning codes off", () => {
  it("with a current code", async () => {
    t = await makeApi();
    const token = await t.login();
    const { secret } = await turnOnTotp(t, token);
    const off = (body: unknown) =>
      t.request("/api/admin/two-factor/totp/disable", { method: "POST", token, json: body });
    await expectRefused(await off({ code: "000000" }), WRONG_CODE);
    t.clock.advance(STEP);
    expect((await off({ code: codeAt(secret, t.clock.now()) })).status).toBe(200);
    expect(await json(await t.request("/api/admin/two-factor", { token }))).toMatchObject({ totp: false });
  });
});

describe("passkeys", () => {
  it("adding one starts with the password or a current code: a bearer token alone gets no challenge", async () => {
    t = await makeApi();
    const token = await t.login();
    const start = (body?: unknown) => t.request("/api/admin/passkeys/options", { method: "POST", token, json: body });

    await expectRefused(await start(), REQUIRED);
    await expectRefused(await start({ password: "not my password" }), WRONG_PASSWORD);
    await expectRefused(await start({ code: "123456" }), {
      field: "code",
      message: "code: cannot be used while your authenticator codes are off; give your password",
    });
    const handedOut = await t.api.store.db
      .selectFrom("auth_challenges")
      .select("purpose")
      .where("purpose", "=", "passkey-register")
      .execute();
    expect(handedOut).toEqual([]);

    const started = await start({ password: ADMIN.password });
    expect(started.status).toBe(200);
    const { challengeId, options } = await json<Options>(started);
    const added = await t.request("/api/admin/passkeys", {
      method: "POST",
      token,
      json: { challengeId, response: new SoftwareAuthenticator().register(options) },
    });
    expect(added.status).toBe(201);

    const { secret } = await turnOnTotp(t, token);
    t.clock.advance(STEP);
    expect((await start({ code: codeAt(secret, t.clock.now()) })).status).toBe(200);
  });

  it("removing one asks for the password or a current code", async () => {
    t = await makeApi();
    const token = await t.login();
    const key = new SoftwareAuthenticator();
    const { challengeId, options } = await json<Options>(
      await t.request("/api/admin/passkeys/options", { method: "POST", token, json: { password: ADMIN.password } }),
    );
    await t.request("/api/admin/passkeys", {
      method: "POST",
      token,
      json: { challengeId, response: key.register(options) },
    });
    const remove = (id: string, body?: unknown) =>
      t.request(`/api/admin/passkeys/${id}`, { method: "DELETE", token, json: body });

    await expectRefused(await remove(key.id), REQUIRED);
    await expectRefused(await remove(key.id, { password: "not my password" }), WRONG_PASSWORD);
    expect(await json<Array<{ id: string }>>(await t.request("/api/admin/passkeys", { token }))).toMatchObject([
      { id: key.id },
    ]);
    // None of one's own: 404 before any proof is asked for.
    expect((await remove("c29tZW9uZS1lbHNl")).status).toBe(404);

    const { secret } = await turnOnTotp(t, token);
    t.clock.advance(STEP);
    expect((await remove(key.id, { code: codeAt(secret, t.clock.now()) })).status).toBe(200);
    expect(await json(await t.request("/api/admin/passkeys", { token }))).toEqual([]);
    expect(await linesOf("passkey.remove")).toEqual([{ user_id: 1 }]);
  });
});

describe("every re-check", () => {
  it("counts a wrong proof toward the address's sign-in throttle, as a wrong password at login", async () => {
    t = await makeApi();
    const token = await t.login();
    for (let i = 0; i < 5; i++) {
      const res = await t.request("/api/admin/passkeys/options", { method: "POST", token, json: { password: "x" } });
      expect(res.status).toBe(400);
    }
    const refused = await t.request("/api/admin/passkeys/options", {
      method: "POST",
      token,
      json: { password: ADMIN.password },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await t.request("/api/admin/login", { method: "POST", json: ADMIN })).status).toBe(429);
  });

  it("400 naming the field for a proof that is not text", async () => {
    t = await makeApi();
    const token = await t.login();
    await turnOnTotp(t, token);
    for (const [body, field] of [
      [{ password: 12345 }, "password"],
      [{ code: 123456 }, "code"],
      [{ password: "x".repeat(1025) }, "password"],
    ] as const) {
      const res = await t.request("/api/admin/two-factor/recovery-codes", { method: "POST", token, json: body });
      expect(res.status).toBe(400);
      expect((await json<ErrorJson>(res)).field).toBe(field);
    }
  });
});
