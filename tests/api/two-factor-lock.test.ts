import { describe, expect, it } from "vitest";
import { ADMIN, closeAfterEachTest, json, makeApi, type ErrorJson, type TestApi } from "./helpers";
import { SoftwareAuthenticator } from "./software-authenticator";
import { codeAt, passwordStep, turnOnTotp } from "./two-factor-helpers";

/**
 * The second step's limit per person (docs/product.md, 'Two-factor sign-in'): the
 * address throttle allows five wrong codes per address, so many addresses could try
 * codes until one was right. Ten wrong codes in a row, from anywhere, lock the person's
 * codes for fifteen minutes; every code is then refused, even the right one.
 */
let t: TestApi;
closeAfterEachTest(() => t);

const STEP = 30_000;
const LOCK_MS = 15 * 60_000;

/** A code sent from its own address (the /api trusts X-Forwarded-For here), so the address throttle never steps in. */
let address = 0;
function fromNewAddress(path: string, body: unknown, token?: string): Promise<Response> {
  address += 1;
  return t.request(path, {
    method: "POST",
    token,
    json: body,
    headers: { "x-forwarded-for": `198.51.100.${address % 250}, 203.0.${Math.floor(address / 250)}.${address % 250}` },
  });
}

/** A second step, each from a new address; a fresh challenge every five codes, as an attacker knowing the password would. */
function guesser() {
  let challenge = "";
  let used = 5;
  return async (code: string) => {
    if (used === 5) {
      challenge = await passwordStep(t);
      used = 0;
    }
    used += 1;
    return fromNewAddress("/api/admin/login/second-factor", { challenge, code });
  };
}

async function storedCount() {
  return t.api.store.db
    .selectFrom("users")
    .select(["second_factor_failures", "second_factor_locked_until"])
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
}

function lockLines() {
  return t.api.store.db
    .selectFrom("activity")
    .select(["user_id", "target_type", "target_id", "target_title"])
    .where("action", "=", "two-factor.locked")
    .execute();
}

async function expectLocked(res: Response, until: Date) {
  const seconds = Math.ceil((until.getTime() - t.clock.now().getTime()) / 1000);
  const minutes = Math.ceil(seconds / 60);
  expect(res.status).toBe(429);
  expect(res.headers.get("retry-after")).toBe(String(seconds));
  expect(await json<ErrorJson>(res)).toMatchObject({
    message: `Too many wrong codes in a row. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    code: "two-factor-locked",
  });
}

describe("ten wrong codes in a row lock the person's codes", () => {
  it("across addresses and challenges: the right code is then refused for 15 minutes, and the lock is recorded and shown", async () => {
    t = await makeApi({ trustProxy: true });
    const token = await t.login();
    const { secret } = await turnOnTotp(t, token);
    t.clock.advance(STEP);
    const guess = guesser();
    for (let i = 0; i < 10; i++) {
      const res = await guess("000000");
      expect(res.status, `wrong code ${i + 1}`).toBe(401);
      expect((await json<ErrorJson>(res)).message).toBe("Invalid code");
    }
    const until = new Date(t.clock.now().getTime() + LOCK_MS);
    expect(await storedCount()).toEqual({
      second_factor_failures: 10,
      second_factor_locked_until: until.toISOString(),
    });

    const refused = await guess(codeAt(secret, t.clock.now()));
    expect(refused.headers.get("retry-after")).toBe("900");
    await expectLocked(refused, until);
    // Were the attack to go on from 22 addresses, none of its codes is even checked.
    for (let i = 0; i < 100; i++) expect((await guess("111111")).status).toBe(429);
    expect((await storedCount()).second_factor_failures).toBe(10);

    expect(await lockLines()).toEqual([{ user_id: null, target_type: "user", target_id: "1", target_title: "admin" }]);
    const me = await json<{ twoFactor: Record<string, unknown> }>(await t.request("/api/admin/me", { token }));
    expect(me.twoFactor).toEqual({ totp: true, passkeys: 0, recoveryCodesLeft: 10, lockedUntil: until.toISOString() });

    // Challenges last five minutes: a quarter of an hour on, each try starts a new one.
    t.clock.advance(LOCK_MS - 60_000);
    await expectLocked(await guesser()(codeAt(secret, t.clock.now())), until);
    t.clock.advance(60_000);
    const res = await guesser()(codeAt(secret, t.clock.now()));
    expect(res.status).toBe(200);
    expect(await storedCount()).toEqual({ second_factor_failures: 0, second_factor_locked_until: null });
    const after = await json<{ twoFactor: { lockedUntil: string | null } }>(
      await t.request("/api/admin/me", { token: (await json<{ token: string }>(res)).token }),
    );
    expect(after.twoFactor.lockedUntil).toBeNull();
  });

  it("a right code starts the count again", async () => {
    t = await makeApi({ trustProxy: true });
    const { secret } = await turnOnTotp(t, await t.login());
    const guess = guesser();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) expect((await guess("000000")).status).toBe(401);
      t.clock.advance(STEP);
      expect((await guess(codeAt(secret, t.clock.now()))).status).toBe(200);
    }
    expect(await storedCount()).toEqual({ second_factor_failures: 0, second_factor_locked_until: null });
    expect(await lockLines()).toEqual([]);
  });

  it("codes sent at once are each counted: ten are checked, the rest refused unchecked", async () => {
    t = await makeApi({ trustProxy: true });
    const { secret } = await turnOnTotp(t, await t.login());
    t.clock.advance(STEP);
    const challenges = [await passwordStep(t), await passwordStep(t), await passwordStep(t)];
    const codes = Array.from({ length: 14 }, (_, i) =>
      fromNewAddress("/api/admin/login/second-factor", { challenge: challenges[i % 3], code: "000000" }),
    );
    const statuses = (await Promise.all(codes)).map((res) => res.status).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(4).fill(429)]);
    expect((await storedCount()).second_factor_failures).toBe(10);
    expect(await lockLines()).toHaveLength(1);
    const right = await fromNewAddress("/api/admin/login/second-factor", {
      challenge: await passwordStep(t),
      code: codeAt(secret, t.clock.now()),
    });
    expect(right.status).toBe(429);
  });

  it("codes given to prove it is you count too; the password still proves it during the lock", async () => {
    t = await makeApi({ trustProxy: true });
    const token = await t.login();
    const { secret } = await turnOnTotp(t, token);
    t.clock.advance(STEP);
    for (let i = 0; i < 10; i++) {
      const res = await fromNewAddress("/api/admin/two-factor/totp/disable", { code: "000000" }, token);
      expect(res.status).toBe(400);
      expect((await json<ErrorJson>(res)).field).toBe("code");
    }
    const until = new Date(t.clock.now().getTime() + LOCK_MS);
    await expectLocked(
      await fromNewAddress("/api/admin/two-factor/totp/disable", { code: codeAt(secret, t.clock.now()) }, token),
      until,
    );
    await expectLocked(
      await fromNewAddress("/api/admin/login/second-factor", {
        challenge: await passwordStep(t),
        code: codeAt(secret, t.clock.now()),
      }),
      until,
    );
    // Recorded as the signed-in person's doing.
    expect(await lockLines()).toEqual([{ user_id: 1, target_type: "user", target_id: "1", target_title: "admin" }]);
    const off = await fromNewAddress("/api/admin/two-factor/totp/disable", { password: ADMIN.password }, token);
    expect(off.status).toBe(200);
    // Codes off, the count and its lock went with them.
    expect(await storedCount()).toEqual({ second_factor_failures: 0, second_factor_locked_until: null });
  });
});

describe("passkeys during the lock", () => {
  it("still sign in: a passkey is not a code, and cannot be guessed", async () => {
    t = await makeApi({ trustProxy: true });
    const token = await t.login();
    await turnOnTotp(t, token);
    const key = new SoftwareAuthenticator();
    const started = await json<{ challengeId: string; options: Parameters<SoftwareAuthenticator["register"]>[0] }>(
      await t.request("/api/admin/passkeys/options", { method: "POST", token, json: { password: ADMIN.password } }),
    );
    const added = await t.request("/api/admin/passkeys", {
      method: "POST",
      token,
      json: { challengeId: started.challengeId, response: key.register(started.options) },
    });
    expect(added.status).toBe(201);

    t.clock.advance(STEP);
    const guess = guesser();
    for (let i = 0; i < 10; i++) expect((await guess("000000")).status).toBe(401);
    expect((await guess("000000")).status).toBe(429);

    const options = await json<{ challengeId: string; options: Parameters<SoftwareAuthenticator["authenticate"]>[0] }>(
      await t.request("/api/admin/passkey-login/options", { method: "POST", json: {} }),
    );
    const signedIn = await t.request("/api/admin/passkey-login", {
      method: "POST",
      json: { challengeId: options.challengeId, response: key.authenticate(options.options) },
    });
    expect(signedIn.status).toBe(200);
    // It lifts nothing: the codes stay locked until their time is up.
    expect((await storedCount()).second_factor_locked_until).not.toBeNull();
  });
});
