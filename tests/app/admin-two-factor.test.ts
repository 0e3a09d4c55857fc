import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../api/http/lib/passwords";
import { readRequireTwoFactor } from "../../api/store/site-settings";
import { createUser } from "../../api/store/users";
import { codeAt } from "../api/two-factor-helpers";
import { action as loginAction, loader as loginLoader } from "~/routes/admin._index";
import { action as newsAction } from "~/routes/admin.news";
import { action as setupAction, loader as setupLoader } from "~/routes/admin.account_.two-factor";
import { action as settingAction } from "~/routes/admin.settings.two-factor";
import { loader as accountLoader } from "~/routes/admin.account";
import { CodesLocked } from "~/components/admin/committee/TwoFactorSummary";
import type { Me } from "~/lib/upstream/answers.server";
import { action as accountAction } from "~/routes/admin.account";
import { action as passkeyAction } from "~/routes/admin.account_.passkeys";
import { SoftwareAuthenticator } from "../api/software-authenticator";
import { getSession } from "~/lib/security/session.server";
import { ADMIN, createHarness, flashOf, get, ORIGIN, post, type Harness } from "./harness";
import { args, failureOf, settle, tokenOf } from "./admin-test-helpers";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

/** A wrong code's words on every screen (docs/product.md, 'Two-factor sign-in'). */
const WRONG_CODE = "That code didn't work. Check the time on your phone and try the newest code.";

/**
 * Two-factor sign-in in the app (docs/product.md, 'The committee'): the set-up screen's forms, the
 * login's second step with the challenge kept in the signed session, and the way to
 * the set-up screen while the site requires it.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
});
afterAll(() => h.close());

const cookieOf = (response: Response) => response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
const STEP = 30_000;
let secret = "";
let recoveryCodes: string[] = [];
/** The administrator's session from before codes were on: a session, as a stolen one would be. */
let adminCookie = "";

async function challengeOf(cookie: string) {
  return (await getSession(new Request(ORIGIN, { headers: { Cookie: cookie } }))).get("challenge");
}

describe("the set-up screen and the login's second step", () => {
  it("sets authenticator codes up: the QR code and key, then the first code, then ten recovery codes", async () => {
    const cookie = await h.signIn();
    adminCookie = cookie;
    const start = (fields: Record<string, string>) =>
      settle(() =>
        setupAction(args(post("/admin/account/two-factor", { intent: "start", ...fields }, cookie), h.context)),
      );
    // The session alone does not start it: a stolen one must not put its own authenticator on.
    const refused = await start({ password: "not my password" });
    expect(refused.status).toBe(400);
    expect(await failureOf(refused)).toMatchObject({
      values: { intent: "start" },
      fieldErrors: { password: "Password is not your current password" },
      notice: { title: "Could not start the set-up" },
    });
    const started = await start({ password: ADMIN.password });
    expect(started.status).toBe(302);
    const page = await settle(() => setupLoader(args(get("/admin/account/two-factor", cookie), h.context)));
    const { pending } = (await page.json()) as { pending: { secret: string; qr: { viewBox: string; path: string } } };
    expect(pending.qr.viewBox).toMatch(/^0 0 \d+ \d+$/);
    expect(pending.qr.path).toMatch(/^M[Mmhv0-9 .]+$/);
    secret = pending.secret;

    const wrong = await settle(() =>
      setupAction(args(post("/admin/account/two-factor", { intent: "confirm", code: "000000" }, cookie), h.context)),
    );
    expect(wrong.status).toBe(400);
    // What to try, rather than the /api's 'Code is not the code the app shows'.
    expect(await failureOf(wrong)).toMatchObject({
      fieldErrors: { code: WRONG_CODE },
      notice: { title: "Could not turn codes on", description: WRONG_CODE },
    });
    const confirmed = await settle(() =>
      setupAction(
        args(
          post("/admin/account/two-factor", { intent: "confirm", code: codeAt(secret, new Date()) }, cookie),
          h.context,
        ),
      ),
    );
    recoveryCodes = ((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
  });

  it("asks for the code after the password, keeping only the challenge in the session", async () => {
    const first = await settle(() => loginAction(args(post("/admin?index", ADMIN), h.context)));
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/admin");
    const cookie = cookieOf(first);
    expect(await tokenOf(cookie)).toBeUndefined();
    expect(await challengeOf(cookie)).toMatch(/\S{20,}/);
    const screen = await settle(() => loginLoader(args(get("/admin", cookie), h.context)));
    expect(await screen.json()).toEqual({ step: "code" });

    const wrong = await settle(() =>
      loginAction(args(post("/admin?index", { intent: "code", code: "000000" }, cookie), h.context)),
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      step: "code",
      notice: { title: "Login Failed", description: WRONG_CODE },
    });

    const code = codeAt(secret, new Date(Date.now() + STEP));
    const right = await settle(() =>
      loginAction(args(post("/admin?index", { intent: "code", code }, cookie), h.context)),
    );
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/admin/dashboard");
    expect(await flashOf(right)).toMatchObject({ title: "Login Successful" });
    expect(await tokenOf(cookieOf(right))).toMatch(/\S{20,}/);
    expect(await challengeOf(cookieOf(right))).toBeUndefined();
  });

  it("makes new recovery codes only with the password (or a code) typed in the same form", async () => {
    const renew = (fields: Record<string, string>) =>
      settle(() =>
        setupAction(
          args(post("/admin/account/two-factor", { intent: "recovery-codes", ...fields }, adminCookie), h.context),
        ),
      );
    const bare = await renew({});
    expect(bare.status).toBe(400);
    expect(await failureOf(bare)).toMatchObject({
      values: { intent: "recovery-codes" },
      fieldErrors: { password: "Password is required" },
      notice: { title: "Could not make new codes" },
    });
    const wrong = await renew({ password: "not my password", code: "" });
    expect(await failureOf(wrong)).toMatchObject({
      fieldErrors: { password: "Password is not your current password" },
    });
    const wrongCode = await renew({ password: "", code: "123456" });
    expect((await failureOf(wrongCode)).fieldErrors.code).toBe(WRONG_CODE);

    const made = await renew({ password: ADMIN.password, code: "" });
    expect(made.status).toBe(200);
    const fresh = ((await made.json()) as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    // The old ones stopped working; the rest of this file signs in with the new ones.
    recoveryCodes = fresh;
  });

  it("a code without a challenge in the session goes back to the password", async () => {
    const response = await settle(() =>
      loginAction(args(post("/admin?index", { intent: "code", code: "123456" }), h.context)),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).not.toHaveProperty("step");
  });
});

/** The administrator through both steps, with a recovery code (the codes of now are spent). */
async function adminWithRecoveryCode(): Promise<string> {
  const first = await settle(() => loginAction(args(post("/admin?index", ADMIN), h.context)));
  const code = recoveryCodes[0];
  const second = await settle(() =>
    loginAction(args(post("/admin?index", { intent: "code", code }, cookieOf(first)), h.context)),
  );
  expect(second.status).toBe(302);
  return cookieOf(second);
}

describe("while two-factor sign-in is required", () => {
  it("sends someone without it to the set-up screen, at sign-in and when they try a change", async () => {
    const adminCookie = await adminWithRecoveryCode();
    const require = (value: string, cookie: string) =>
      settle(() =>
        settingAction(args(post("/admin/settings/two-factor", { requireTwoFactor: value }, cookie), h.context)),
      );
    const set = await require("1", adminCookie);
    expect(set.headers.get("Location")).toBe("/admin/committee");
    expect(await flashOf(set)).toMatchObject({ kind: "success", title: "Two-factor sign-in is now required" });

    const password = "eddie-password-1";
    await createUser(h.api.store.db, "eddie", await hashPassword(password, TEST_SCRYPT_COST), new Date(), {
      role: "editor",
    });
    const signedIn = await settle(() =>
      loginAction(args(post("/admin?index", { username: "eddie", password }), h.context)),
    );
    expect(signedIn.headers.get("Location")).toBe("/admin/account/two-factor");
    const editor = cookieOf(signedIn);

    const news = { intent: "create", title: "Sports day", content: "On Friday.", publishedAt: "2026-03-01T10:00" };
    const refused = await settle(() => newsAction(args(post("/admin/news", news, editor), h.context)));
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/admin/account/two-factor");
    expect(await flashOf(refused)).toMatchObject({ title: "Two-factor sign-in required" });

    // Nor can they make it optional again.
    expect((await require("0", editor)).headers.get("Location")).toBe("/admin/account/two-factor");
    expect(await readRequireTwoFactor(h.api.store.db)).toBe(true);
  });
});

describe("'Your account' while ten wrong codes have locked the codes", () => {
  it("says until when, in the site's time zone", async () => {
    const password = "lou-password-12";
    const id = await createUser(h.api.store.db, "lou", await hashPassword(password, TEST_SCRYPT_COST), new Date(), {
      role: "editor",
    });
    const signedIn = await settle(() =>
      loginAction(args(post("/admin?index", { username: "lou", password }), h.context)),
    );
    const cookie = cookieOf(signedIn);
    const until = new Date(Date.now() + 10 * 60_000);
    await h.api.store.db
      .updateTable("users")
      .set({ second_factor_failures: 10, second_factor_locked_until: until.toISOString() })
      .where("id", "=", id)
      .execute();

    const page = await settle(() => accountLoader(args(get("/admin/account", cookie), h.context)));
    const { me, timeZone } = (await page.json()) as { me: Me; timeZone: string };
    expect(me.twoFactor.lockedUntil).toBe(until.toISOString());
    const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    const html = renderToStaticMarkup(createElement(CodesLocked, { until: me.twoFactor.lockedUntil ?? "", timeZone }));
    expect(html).toContain(`Two-factor sign-in is locked until ${time.format(until)} after 10 wrong codes in a row.`);

    // Once it is over, nothing is said.
    await h.api.store.db
      .updateTable("users")
      .set({ second_factor_locked_until: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", id)
      .execute();
    const later = (await (
      await settle(() => accountLoader(args(get("/admin/account", cookie), h.context)))
    ).json()) as {
      me: Me;
    };
    expect(later.me.twoFactor.lockedUntil).toBeNull();
  });
});

/** Someone new, signed in with their password alone: their session cookie. */
async function newPerson(username: string): Promise<{ cookie: string; password: string }> {
  const password = `${username}-password-12`;
  await createUser(h.api.store.db, username, await hashPassword(password, TEST_SCRYPT_COST), new Date(), {
    role: "editor",
  });
  const signedIn = await settle(() => loginAction(args(post("/admin?index", { username, password }), h.context)));
  return { cookie: cookieOf(signedIn), password };
}

describe("turning codes off", () => {
  it("asks for the password or a code in the same form", async () => {
    const { cookie, password } = await newPerson("tess");
    const send = (fields: Record<string, string>) =>
      settle(() => setupAction(args(post("/admin/account/two-factor", fields, cookie), h.context)));
    await send({ intent: "start", password });
    const page = await settle(() => setupLoader(args(get("/admin/account/two-factor", cookie), h.context)));
    const { pending } = (await page.json()) as { pending: { secret: string } };
    expect((await send({ intent: "confirm", code: codeAt(pending.secret, new Date()) })).status).toBe(200);

    const refused = await send({ intent: "disable", password: "not my password", code: "" });
    expect(refused.status).toBe(400);
    expect(await failureOf(refused)).toMatchObject({
      values: { intent: "disable" },
      fieldErrors: { password: "Password is not your current password" },
      notice: { title: "Could not turn codes off" },
    });
    const off = await send({ intent: "disable", password, code: "" });
    expect(off.status).toBe(302);
    expect(await flashOf(off)).toMatchObject({ title: "Authenticator codes are off" });
  });
});

describe("passkeys on 'Your account'", () => {
  it("adding one starts with the password; removing one asks for it in the same form", async () => {
    const { cookie, password } = await newPerson("pat");
    const ceremony = (fields: Record<string, string>) =>
      settle(() => passkeyAction(args(post("/admin/account/passkeys", fields, cookie), h.context)));

    const refused = await ceremony({ intent: "options", password: "not my password", code: "" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      notice: {
        kind: "error",
        title: "Failed to add the passkey",
        description: "Password is not your current password",
      },
    });
    const started = await ceremony({ intent: "options", password, code: "" });
    expect(started.status).toBe(200);
    const { challengeId, options } = (await started.json()) as {
      challengeId: string;
      options: { challenge: string; user: { id: string } };
    };
    const key = new SoftwareAuthenticator();
    const added = await ceremony({
      intent: "add",
      challengeId,
      response: JSON.stringify(key.register(options)),
      name: "Pat's laptop",
    });
    expect(await added.json()).toEqual({ redirectTo: "/admin/account" });

    const remove = (fields: Record<string, string>) =>
      settle(() =>
        accountAction(
          args(
            post(
              `/admin/account?remove-passkey=${key.id}`,
              { intent: "remove-passkey", passkey: key.id, ...fields },
              cookie,
            ),
            h.context,
          ),
        ),
      );
    const bare = await remove({});
    expect(bare.status).toBe(400);
    expect(await failureOf(bare)).toMatchObject({
      notice: { title: "Failed to remove the passkey" },
      fieldErrors: { password: "Password is required" },
      values: { intent: "remove-passkey", passkey: key.id },
    });
    const wrong = await remove({ password: "not my password" });
    expect(await failureOf(wrong)).toMatchObject({
      fieldErrors: { password: "Password is not your current password" },
    });
    const page = await settle(() => accountLoader(args(get("/admin/account", cookie), h.context)));
    expect(((await page.json()) as { passkeys: Array<{ name: string }> }).passkeys).toMatchObject([
      { name: "Pat's laptop" },
    ]);

    const removed = await remove({ password });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/admin/account");
    expect(await flashOf(removed)).toMatchObject({ title: "Passkey removed" });
    const after = await settle(() => accountLoader(args(get("/admin/account", cookie), h.context)));
    expect(((await after.json()) as { passkeys: unknown[] }).passkeys).toEqual([]);
  });
});
