import { describe, expect, it } from "vitest";
import { member } from "./committee-helpers";
import { ADMIN, closeAfterEachTest, json, makeApi, type ErrorJson, type TestApi } from "./helpers";
import { SoftwareAuthenticator } from "./software-authenticator";

/** Passkeys through the /api (docs/product.md, 'Passkeys'), with an authenticator made in software. */
let t: TestApi;
closeAfterEachTest(() => t);

interface Options {
  challengeId: string;
  options: {
    challenge: string;
    rp: { id: string };
    user: { id: string; name: string };
    excludeCredentials: { id: string }[];
    allowCredentials?: unknown[];
    userVerification?: string;
    authenticatorSelection?: { residentKey?: string; userVerification?: string };
  };
}

const post = (path: string, token: string | undefined, body?: unknown) =>
  t.request(path, { method: "POST", token, json: body ?? {} });

/** Starting to add a passkey asks for the password (or a current code) in the same request. */
const startAdding = (token: string | undefined, password: string = ADMIN.password) =>
  post("/api/admin/passkeys/options", token, { password });

/** Removing one asks for it too. */
const remove = (token: string | undefined, id: string, password: string = ADMIN.password) =>
  t.request(`/api/admin/passkeys/${id}`, { method: "DELETE", token, json: { password } });

async function addPasskey(
  token: string,
  authenticator: SoftwareAuthenticator,
  name?: string,
  password: string = ADMIN.password,
) {
  const { challengeId, options } = await json<Options>(await startAdding(token, password));
  return post("/api/admin/passkeys", token, { challengeId, response: authenticator.register(options), name });
}

async function signInOptions() {
  const res = await post("/api/admin/passkey-login/options", undefined);
  expect(res.status).toBe(200);
  return json<Options>(res);
}

async function signIn(authenticator: SoftwareAuthenticator, counter?: number) {
  const { challengeId, options } = await signInOptions();
  const response = authenticator.authenticate(options, counter === undefined ? {} : { counter });
  return post("/api/admin/passkey-login", undefined, { challengeId, response });
}

async function activity(action: string) {
  return t.api.store.db
    .selectFrom("activity")
    .select(["user_id", "target_type", "target_id", "target_title"])
    .where("action", "=", action)
    .execute();
}

describe("passkeys", () => {
  it("are added, listed, signed in with (no username), and removed", async () => {
    t = await makeApi();
    const token = await t.login();
    const me = await json<{ id: number }>(await t.request("/api/admin/me", { token }));
    const key = new SoftwareAuthenticator();
    const added = await addPasskey(token, key, "  My phone ");
    expect(added.status).toBe(201);
    expect(await json(added)).toMatchObject({ id: key.id, name: "My phone", lastUsedAt: null });
    expect(await activity("passkey.add")).toEqual([
      { user_id: me.id, target_type: "passkey", target_id: key.id, target_title: "My phone" },
    ]);

    // A second registration is told not to make another on the same device.
    const again = await json<Options>(await startAdding(token));
    expect(again.options.excludeCredentials.map((c) => c.id)).toEqual([key.id]);
    expect(again.options.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    expect(again.options.rp.id).toBe("localhost");

    // Sign-in options name no passkey: the browser offers the one it keeps for the site.
    const { options } = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe("required");

    t.clock.advance(60_000);
    const signedIn = await signIn(key);
    expect(signedIn.status).toBe(200);
    const session = await json<{ token: string; expiresAt: string }>(signedIn);
    const signedInAs = await json<{ username: string }>(
      await t.request("/api/admin/session", { token: session.token }),
    );
    expect(signedInAs.username).toBe(ADMIN.username);
    const [listed] = await json<{ id: string; lastUsedAt: string | null }[]>(
      await t.request("/api/admin/passkeys", { token }),
    );
    expect(listed).toMatchObject({ id: key.id, lastUsedAt: t.clock.now().toISOString() });
    const [line] = await activity("auth.sign-in").then((rows) => rows.filter((row) => row.target_id === "passkey"));
    expect(line).toMatchObject({ user_id: me.id });

    const removed = await remove(token, key.id);
    expect(removed.status).toBe(200);
    expect(await json(await t.request("/api/admin/passkeys", { token }))).toEqual([]);
    expect(await activity("passkey.remove")).toMatchObject([
      { user_id: me.id, target_id: key.id, target_title: "My phone" },
    ]);
    expect((await signIn(key)).status).toBe(401);
  });

  it("name a passkey after its device when no name is given", async () => {
    t = await makeApi();
    const token = await t.login();
    const { challengeId, options } = await json<Options>(await startAdding(token));
    const res = await t.request("/api/admin/passkeys", {
      method: "POST",
      token,
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36" },
      json: { challengeId, response: new SoftwareAuthenticator().register(options) },
    });
    expect(await json(res)).toMatchObject({ name: "Chrome on Linux" });
  });

  it("stop at ten a person: the eleventh is refused before the browser makes it, and again at the finish", async () => {
    t = await makeApi();
    const token = await t.login();
    for (let i = 1; i <= 9; i++) {
      expect((await addPasskey(token, new SoftwareAuthenticator(), `Key ${i}`)).status).toBe(201);
      t.clock.advance(1000);
    }
    // Two tabs start the tenth at once: both get options, only the first is kept.
    const first = await json<Options>(await startAdding(token));
    const second = await json<Options>(await startAdding(token));
    const finish = (started: Options) =>
      post("/api/admin/passkeys", token, {
        challengeId: started.challengeId,
        response: new SoftwareAuthenticator().register(started.options),
      });
    expect((await finish(first)).status).toBe(201);
    const late = await finish(second);
    expect(late.status).toBe(409);
    const full = "You have 10 passkeys, the most one person can keep. Remove one you no longer use, then add this one.";
    expect((await json<ErrorJson>(late)).message).toBe(full);

    const eleventh = await startAdding(token);
    expect(eleventh.status).toBe(409);
    expect((await json<ErrorJson>(eleventh)).message).toBe(full);
    const listed = await json<{ name: string }[]>(await t.request("/api/admin/passkeys", { token }));
    expect(listed).toHaveLength(10);
    expect(listed[0].name).toBe("Key 1");
  });

  it("need a bearer token to be added, listed or removed, and are each person's own", async () => {
    t = await makeApi();
    const token = await t.login();
    expect((await startAdding(undefined)).status).toBe(401);
    expect((await t.request("/api/admin/passkeys")).status).toBe(401);
    expect((await remove(undefined, "abc")).status).toBe(401);

    const key = new SoftwareAuthenticator();
    expect((await addPasskey(token, key)).status).toBe(201);
    const sam = await member(t, token, "sam", "editor");
    expect(await json(await t.request("/api/admin/passkeys", { token: sam.token }))).toEqual([]);
    expect((await remove(sam.token, key.id, sam.password)).status).toBe(404);
    // An Editor keeps passkeys too; a challenge handed to one person is no one else's.
    const { challengeId, options } = await json<Options>(await startAdding(token));
    const stolen = await post("/api/admin/passkeys", sam.token, {
      challengeId,
      response: new SoftwareAuthenticator().register(options),
    });
    expect(await json<ErrorJson>(stolen)).toMatchObject({ field: "challengeId" });
    expect((await addPasskey(sam.token, new SoftwareAuthenticator(), undefined, sam.password)).status).toBe(201);
  });

  it("challenges work once, for 5 minutes", async () => {
    t = await makeApi();
    const key = new SoftwareAuthenticator();
    expect((await addPasskey(await t.login(), key)).status).toBe(201);

    const { challengeId, options } = await signInOptions();
    const first = await post("/api/admin/passkey-login", undefined, {
      challengeId,
      response: key.authenticate(options),
    });
    expect(first.status).toBe(200);
    const replay = await post("/api/admin/passkey-login", undefined, {
      challengeId,
      response: key.authenticate(options),
    });
    expect(replay.status).toBe(400);
    expect(await json<ErrorJson>(replay)).toMatchObject({ field: "challengeId" });

    const late = await signInOptions();
    t.clock.advance(5 * 60 * 1000);
    const expired = await post("/api/admin/passkey-login", undefined, {
      challengeId: late.challengeId,
      response: key.authenticate(late.options),
    });
    expect(await json<ErrorJson>(expired)).toMatchObject({ field: "challengeId" });
  });

  it("refuse a counter that went back, another site's signature, and an unverified user", async () => {
    t = await makeApi();
    const token = await t.login();
    const key = new SoftwareAuthenticator();
    expect((await addPasskey(token, key)).status).toBe(201);
    expect((await signIn(key, 7)).status).toBe(200);
    expect((await signIn(key, 3)).status).toBe(401);
    expect((await signIn(key, 7)).status).toBe(401);
    expect((await signIn(key, 8)).status).toBe(200);

    const phished = new SoftwareAuthenticator({ origin: "https://evil.example", rpId: "evil.example" });
    const refused = await addPasskey(token, phished);
    expect(await json<ErrorJson>(refused)).toMatchObject({ field: "response" });
    const unverified = await addPasskey(token, new SoftwareAuthenticator({ verifiesUser: false }));
    expect(unverified.status).toBe(400);
    expect((await signIn(new SoftwareAuthenticator())).status).toBe(401);
  });

  it("count failed sign-ins against the address, as wrong passwords do", async () => {
    t = await makeApi();
    const key = new SoftwareAuthenticator();
    expect((await addPasskey(await t.login(), key)).status).toBe(201);
    const stranger = new SoftwareAuthenticator();
    for (let i = 0; i < 5; i++) expect((await signIn(stranger)).status).toBe(401);
    const locked = await signIn(key);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBeTruthy();
    expect((await post("/api/admin/login", undefined, ADMIN)).status).toBe(429);
  });

  it("answer 400 naming the field for a body that is not a WebAuthn answer", async () => {
    t = await makeApi();
    const token = await t.login();
    const { challengeId } = await signInOptions();
    const cases: [unknown, string][] = [
      [{}, "challengeId"],
      [{ challengeId }, "response"],
      [{ challengeId, response: { id: "a b", rawId: "x", type: "public-key", response: {} } }, "response.id"],
    ];
    for (const [body, field] of cases) {
      const res = await post("/api/admin/passkey-login", undefined, body);
      expect(res.status).toBe(400);
      expect(await json<ErrorJson>(res)).toMatchObject({ field });
    }
    const noResponse = await post("/api/admin/passkeys", token, { challengeId });
    expect(await json<ErrorJson>(noResponse)).toMatchObject({ field: "response" });
  });
});
