import { describe, expect, it } from "vitest";
import { ADMIN, closeAfterEachTest, json, makeApi, makeApiOnDisk, queryStored } from "./helpers";
import type { ErrorJson, TestApi } from "./helpers";
import { WRONG_PASSWORD } from "../../api/http/lib/recheck";
import { codeAt, passwordStep, secondStep, turnOnTotp } from "./two-factor-helpers";

/**
 * Authenticator codes (docs/product.md, 'The committee'): set-up from a QR code, sign-in with a code
 * computed here as a phone would, each code once, one step of clock drift either way,
 * recovery codes once each, and the second step under the sign-in throttle.
 */
let t: TestApi;
closeAfterEachTest(() => t);

const STEP = 30_000;

describe("setting authenticator codes up", () => {
  it("answers the secret, the otpauth address and the QR code as SVG, then ten recovery codes stored hashed", async () => {
    const disk = await makeApiOnDisk();
    t = disk.api;
    const token = await t.login();
    const start = (json: object) => t.request("/api/admin/two-factor/totp/setup", { method: "POST", token, json });
    // A session alone cannot put an authenticator on the account: its owner's password comes with it.
    const bare = await start({});
    expect(bare.status).toBe(400);
    expect(await json<ErrorJson>(bare)).toMatchObject({ field: "password" });
    const mistyped = await start({ password: "not the password" });
    expect(mistyped.status).toBe(400);
    expect(await json<ErrorJson>(mistyped)).toMatchObject({ field: "password", message: WRONG_PASSWORD });
    const started = await start({ password: ADMIN.password });
    const setup = await json<{ secret: string; uri: string; qrSvg: string }>(started);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/.*admin\?/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.qrSvg).toMatch(/^<svg [^>]*viewBox=/);
    // The pending secret waits in the database, not in this instance's memory.
    const pending = await queryStored<{ purpose: string }>(disk.dir, "SELECT purpose FROM auth_challenges");
    expect(pending).toEqual([{ purpose: "totp-setup" }]);
    expect((await t.request("/api/admin/two-factor/totp/setup", { token })).status).toBe(200);

    const wrong = await t.request("/api/admin/two-factor/totp/confirm", {
      method: "POST",
      token,
      json: { code: "000000" },
    });
    expect(wrong.status).toBe(400);
    expect((await json<ErrorJson>(wrong)).field).toBe("code");
    const ok = await t.request("/api/admin/two-factor/totp/confirm", {
      method: "POST",
      token,
      json: { code: codeAt(setup.secret, t.clock.now()) },
    });
    expect(ok.status).toBe(200);
    const { recoveryCodes } = await json<{ recoveryCodes: string[] }>(ok);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await queryStored<{ code_hash: string }>(disk.dir, "SELECT code_hash FROM recovery_codes");
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);

    const status = await json(await t.request("/api/admin/two-factor", { token }));
    expect(status).toEqual({ totp: true, recoveryCodesLeft: 10, required: false });
    const actions = await queryStored<{ action: string }>(
      disk.dir,
      "SELECT action FROM activity WHERE action LIKE 'two-factor.%'",
    );
    expect(actions).toEqual([{ action: "two-factor.enable" }]);
  });

  it("400 naming the field for a missing code", async () => {
    t = await makeApi();
    const token = await t.login();
    const res = await t.request("/api/admin/two-factor/totp/confirm", { method: "POST", token, json: {} });
    expect(res.status).toBe(400);
    expect((await json<ErrorJson>(res)).field).toBe("code");
  });

  it("needs a bearer token", async () => {
    t = await makeApi();
    expect((await t.request("/api/admin/two-factor/totp/setup", { method: "POST", json: {} })).status).toBe(401);
  });
});

describe("signing in with a code", () => {
  it("asks for a code after the password, and gives a token for a right one", async () => {
    t = await makeApi();
    const { secret } = await turnOnTotp(t, await t.login());
    t.clock.advance(STEP);
    const challenge = await passwordStep(t);
    const res = await secondStep(t, challenge, codeAt(secret, t.clock.now()));
    expect(res.status).toBe(200);
    const { token } = await json<{ token: string; expiresAt: string }>(res);
    expect((await t.request("/api/admin/session", { token })).status).toBe(200);
    // The challenge was used up with it.
    expect((await secondStep(t, challenge, codeAt(secret, t.clock.now()))).status).toBe(401);
  });

  it("refuses a code used before (the one that confirmed the set-up, then one used to sign in)", async () => {
    t = await makeApi();
    const { secret } = await turnOnTotp(t, await t.login());
    const reused = await secondStep(t, await passwordStep(t), codeAt(secret, t.clock.now()));
    expect(reused.status).toBe(401);
    expect(await json<ErrorJson>(reused)).toMatchObject({ message: "Invalid code", field: "code" });

    t.clock.advance(STEP);
    const code = codeAt(secret, t.clock.now());
    expect((await secondStep(t, await passwordStep(t), code)).status).toBe(200);
    expect((await secondStep(t, await passwordStep(t), code)).status).toBe(401);
  });

  it("accepts the codes of one step either side of now, not two", async () => {
    t = await makeApi();
    const { secret } = await turnOnTotp(t, await t.login());
    t.clock.advance(10 * STEP);
    const at = (offset: number) => codeAt(secret, new Date(t.clock.now().getTime() + offset));
    expect((await secondStep(t, await passwordStep(t), at(-2 * STEP))).status).toBe(401);
    expect((await secondStep(t, await passwordStep(t), at(-STEP))).status).toBe(200);
    expect((await secondStep(t, await passwordStep(t), at(2 * STEP))).status).toBe(401);
    expect((await secondStep(t, await passwordStep(t), at(STEP))).status).toBe(200);
    // Now that a later step was used, the current one is spent too.
    expect((await secondStep(t, await passwordStep(t), at(0))).status).toBe(401);
  });

  it("takes each recovery code once, in any spelling", async () => {
    t = await makeApi();
    const token = await t.login();
    const { recoveryCodes } = await turnOnTotp(t, token);
    const typed = ` ${recoveryCodes[3].toUpperCase().replace("-", " ")} `;
    expect((await secondStep(t, await passwordStep(t), typed)).status).toBe(200);
    expect((await secondStep(t, await passwordStep(t), recoveryCodes[3])).status).toBe(401);
    expect(await json(await t.request("/api/admin/two-factor", { token }))).toMatchObject({ recoveryCodesLeft: 9 });

    // New codes replace the old ones.
    const renewed = await t.request("/api/admin/two-factor/recovery-codes", {
      method: "POST",
      token,
      json: { password: ADMIN.password },
    });
    const fresh = (await json<{ recoveryCodes: string[] }>(renewed)).recoveryCodes;
    expect((await secondStep(t, await passwordStep(t), recoveryCodes[4])).status).toBe(401);
    expect((await secondStep(t, await passwordStep(t), fresh[0])).status).toBe(200);
  });

  it("a challenge lives five minutes", async () => {
    t = await makeApi();
    const { secret } = await turnOnTotp(t, await t.login());
    const challenge = await passwordStep(t);
    t.clock.advance(5 * 60_000);
    const res = await secondStep(t, challenge, codeAt(secret, t.clock.now()));
    expect(res.status).toBe(401);
    expect(await json<ErrorJson>(res)).toMatchObject({ code: "challenge-expired" });
  });

  it("a challenge dies after five wrong codes, even if the sixth is right", async () => {
    // Each guess from its own address, so the address throttle stays out of it.
    t = await makeApi({ trustProxy: true });
    const { secret } = await turnOnTotp(t, await t.login());
    t.clock.advance(STEP);
    const challenge = await passwordStep(t);
    const from = (n: number, code: string) =>
      t.request("/api/admin/login/second-factor", {
        method: "POST",
        json: { challenge, code },
        headers: { "x-forwarded-for": `203.0.113.${n}` },
      });
    for (let i = 1; i <= 5; i++) expect((await from(i, "123456")).status).toBe(401);
    const res = await from(6, codeAt(secret, t.clock.now()));
    expect(res.status).toBe(401);
    expect(await json<ErrorJson>(res)).toMatchObject({ code: "challenge-expired" });
  });

  it("wrong codes count toward the address's throttle: five and even a right code waits", async () => {
    t = await makeApi();
    const { secret } = await turnOnTotp(t, await t.login());
    t.clock.advance(STEP);
    for (let i = 0; i < 5; i++) expect((await secondStep(t, await passwordStep(t), "111111")).status).toBe(401);
    const refused = await t.request("/api/admin/login", {
      method: "POST",
      json: { username: "admin", password: "correct horse battery staple" },
    });
    expect(refused.status).toBe(429);
    t.clock.advance(15 * 60_000);
    const res = await secondStep(t, await passwordStep(t), codeAt(secret, t.clock.now()));
    expect(res.status).toBe(200);
  });
});

describe("turning authenticator codes off", () => {
  it("asks for a current code or the password", async () => {
    t = await makeApi();
    const token = await t.login();
    await turnOnTotp(t, token);
    const off = (body: unknown) =>
      t.request("/api/admin/two-factor/totp/disable", { method: "POST", token, json: body });
    expect(await json<ErrorJson>(await off({}))).toMatchObject({
      field: "password",
      message: "password: is required (or a current code)",
    });
    const wrong = await off({ password: "not it" });
    expect(wrong.status).toBe(400);
    expect(await json<ErrorJson>(wrong)).toMatchObject({
      field: "password",
      message: "password: is not your current password",
    });
    expect((await off({ password: "correct horse battery staple" })).status).toBe(200);
    // Without a second factor the password alone signs in again.
    const plain = await t.request("/api/admin/login", {
      method: "POST",
      json: { username: "admin", password: "correct horse battery staple" },
    });
    expect(await json(plain)).toHaveProperty("token");
  });
});
