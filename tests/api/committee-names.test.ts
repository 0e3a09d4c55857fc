import { describe, expect, it } from "vitest";
import { isUniqueViolationOn } from "../../api/store/unique-violation";
import { hashPassword } from "../../api/http/lib/passwords";
import { createUser } from "../../api/store/users";
import { invite, join, member } from "./committee-helpers";
import { ADMIN, closeAfterEachTest, HOUR, json, makeApi, makeApiOnDisk, type ErrorJson, type TestApi } from "./helpers";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

/**
 * Names and usernames on the committee (docs/product.md, 'The committee', 'Names and
 * usernames'): a username or a shown name is one person's, without regard to case or
 * look-alike letters, so nobody can pass for someone else; two joins at once cannot
 * both take a username, and the loser's link stays usable.
 */
let t: TestApi;
closeAfterEachTest(() => t);

const USERNAME_TAKEN = { message: "username: is already taken", field: "username", code: "invalid" };
const NAME_TAKEN = { message: "name: is already taken", field: "name", code: "invalid" };
const PASSWORD = "a-long-enough-secret";

async function nameOf(token: string): Promise<string> {
  return (await json<{ name: string }>(await t.request("/api/admin/me", { token }))).name;
}

async function usernamesStored(): Promise<string[]> {
  const rows = await t.api.store.db.selectFrom("users").select("username").orderBy("id").execute();
  return rows.map((row) => row.username);
}

describe("two joins choosing the same username at once", () => {
  it("one joins; the other is told the username is taken, and its link still works", async () => {
    t = await makeApi();
    const admin = await t.login();
    const first = await invite(t, admin, "Sam Patel", "editor");
    const second = await invite(t, admin, "Sara Quinn", "editor");

    const answers = await Promise.all([
      join(t, first.linkToken, { username: "sam", password: PASSWORD }),
      join(t, second.linkToken, { username: "sam", password: PASSWORD }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const lost = answers.findIndex((res) => res.status === 409);
    expect(await json<ErrorJson>(answers[lost])).toEqual(USERNAME_TAKEN);
    expect(await usernamesStored()).toEqual([ADMIN.username, "sam"]);

    const loser = [first, second][lost];
    expect((await t.request(`/api/admin/join/${loser.linkToken}`)).status).toBe(200);
    const again = await join(t, loser.linkToken, { username: "sara", password: PASSWORD });
    expect(again.status).toBe(201);
    expect(await usernamesStored()).toEqual([ADMIN.username, "sam", "sara"]);
  });
});

describe("look-alike usernames", () => {
  it("'Admin', 'ADMIN', 'adm1n' and 'admln' cannot join beside 'admin'; the link stays usable", async () => {
    t = await makeApi();
    const admin = await t.login();
    const { linkToken } = await invite(t, admin, "Sam Patel", "editor");
    for (const username of ["Admin", "ADMIN", "adm1n", "admln"]) {
      const res = await join(t, linkToken, { username, password: PASSWORD });
      expect(res.status, username).toBe(409);
      expect(await json<ErrorJson>(res)).toEqual(USERNAME_TAKEN);
    }
    expect((await join(t, linkToken, { username: "sam", password: PASSWORD })).status).toBe(201);
    expect(await usernamesStored()).toEqual([ADMIN.username, "sam"]);
  });

  it("the unique index refuses a look-alike that passed no check, as the store's last guard", async () => {
    t = await makeApi();
    const made = createUser(t.api.store.db, "ADMIN", "not-a-hash", t.clock.now(), { name: "Someone Else" });
    await expect(made).rejects.toSatisfy((error) => isUniqueViolationOn(error, "users", "username_key"));
    expect(await usernamesStored()).toEqual([ADMIN.username]);
  });

  it("signs in by the username typed in another case or with look-alike letters: the same one person", async () => {
    t = await makeApi();
    for (const username of ["ADMIN", "Admin", " admin "]) {
      const res = await t.request("/api/admin/login", { method: "POST", json: { username, password: ADMIN.password } });
      expect(res.status, username).toBe(200);
      const { token } = await json<{ token: string }>(res);
      expect(await json(await t.request("/api/admin/me", { token }))).toMatchObject({ id: 1, username: "admin" });
    }
    const wrong = await t.request("/api/admin/login", {
      method: "POST",
      json: { username: "ADMIN", password: "not the password" },
    });
    expect(wrong.status).toBe(401);
  });

  it("a start with ADMIN_USERNAME 'Admin' beside an existing 'admin' makes nobody new: 'Admin' signs 'admin' in", async () => {
    const disk = await makeApiOnDisk();
    await disk.api.api.close();
    const generated: string[] = [];
    t = await makeApi({
      dataDir: disk.dir,
      adminUsername: "Admin",
      adminPassword: undefined,
      onGeneratedPassword: (username) => generated.push(username),
    });
    expect(generated).toEqual([]);
    expect(await usernamesStored()).toEqual([ADMIN.username]);
    const res = await t.request("/api/admin/login", {
      method: "POST",
      json: { username: "Admin", password: ADMIN.password },
    });
    expect(res.status).toBe(200);
  });
});

describe("shown names are one person's", () => {
  it("an Editor cannot rename themselves 'admin', nor take anyone's name in another case or letters", async () => {
    t = await makeApi();
    const admin = await t.login();
    const sam = await member(t, admin, "sam", "editor");
    await member(t, admin, "ada", "administrator");
    // 'аdmin' with a Cyrillic 'а'; 'ADA  NAME' is Ada's 'ada Name'.
    for (const name of ["admin", "Admin", "\u0430dmin", "ADMlN", "ADA  NAME", "ada name"]) {
      const res = await t.request("/api/admin/me", { method: "PUT", token: sam.token, json: { name } });
      expect(res.status, name).toBe(409);
      expect(await json<ErrorJson>(res)).toEqual(NAME_TAKEN);
    }
    expect(await nameOf(sam.token)).toBe("sam Name");
    // Their own name, written another way, is still theirs.
    const own = await t.request("/api/admin/me", { method: "PUT", token: sam.token, json: { name: "Sam NAME" } });
    expect(own.status).toBe(200);
    expect(await nameOf(sam.token)).toBe("Sam NAME");

    // Nor anyone's username, though its owner has a name of their own now.
    const chris = await t.request("/api/admin/me", { method: "PUT", token: admin, json: { name: "Chris A." } });
    expect(chris.status).toBe(200);
    const asAdmin = await t.request("/api/admin/me", { method: "PUT", token: sam.token, json: { name: "Admin" } });
    expect(asAdmin.status).toBe(409);
    expect(await json<ErrorJson>(asAdmin)).toEqual(NAME_TAKEN);
  });

  it("an Administrator cannot give someone a name that is taken", async () => {
    t = await makeApi();
    const admin = await t.login();
    const sam = await member(t, admin, "sam", "editor");
    await member(t, admin, "ada", "editor");
    for (const name of ["ADMIN", "Ada Name"]) {
      const res = await t.request(`/api/admin/users/${sam.id}`, { method: "PUT", token: admin, json: { name } });
      expect(res.status, name).toBe(409);
      expect(await json<ErrorJson>(res)).toEqual(NAME_TAKEN);
    }
    expect(await nameOf(sam.token)).toBe("sam Name");
    const renamed = await t.request(`/api/admin/users/${sam.id}`, {
      method: "PUT",
      token: admin,
      json: { name: "Samuel Patel" },
    });
    expect(renamed.status).toBe(200);
    // Nothing was recorded for the refused ones.
    const { items } = await json<{ items: Array<{ action: string }> }>(
      await t.request("/api/admin/activity", { token: admin }),
    );
    expect(items.filter((line) => line.action === "user.update")).toHaveLength(1);
  });

  it("an invitation cannot be made for a name someone has, or a pending invitation holds", async () => {
    t = await makeApi();
    const admin = await t.login();
    const makeInvitation = (name: string) =>
      t.request("/api/admin/invitations", { method: "POST", token: admin, json: { name, role: "editor" } });

    const taken = await makeInvitation("Admin");
    expect(taken.status).toBe(409);
    expect(await json<ErrorJson>(taken)).toEqual(NAME_TAKEN);

    const pending = await invite(t, admin, "Sam Patel", "editor");
    const twice = await makeInvitation("SAM  PATEL");
    expect(twice.status).toBe(409);
    expect(await json<ErrorJson>(twice)).toEqual(NAME_TAKEN);
    // Nobody on the committee may take it meanwhile either.
    const rename = await t.request("/api/admin/me", { method: "PUT", token: admin, json: { name: "sam patel" } });
    expect(rename.status).toBe(409);

    // Once joined, the name is the person's; renamed, it is free again (a used invitation holds nothing).
    expect((await join(t, pending.linkToken, { username: "sam", password: PASSWORD })).status).toBe(201);
    expect((await makeInvitation("Sam Patel")).status).toBe(409);
    const people = await json<Array<{ id: number; username: string }>>(
      await t.request("/api/admin/users", { token: admin }),
    );
    const sam = people.find((person) => person.username === "sam");
    await t.request(`/api/admin/users/${sam?.id}`, { method: "PUT", token: admin, json: { name: "Samuel" } });
    expect((await makeInvitation("Sam Patel")).status).toBe(201);

    // An expired invitation holds nothing either (nor does the session of a week ago).
    t.clock.advance(7 * 24 * HOUR + 1);
    const later = await t.login();
    const again = await t.request("/api/admin/invitations", {
      method: "POST",
      token: later,
      json: { name: "Sam Patel", role: "editor" },
    });
    expect(again.status).toBe(201);
  });

  it("at join, an invitation whose name was taken meanwhile is refused with 409, and its link stays usable", async () => {
    t = await makeApi();
    const admin = await t.login();
    const { linkToken } = await invite(t, admin, "Sam Patel", "editor");
    // Made meanwhile outside the /api's checks (as a version without them could have).
    const other = await createUser(t.api.store.db, "other", await hashPassword("x", TEST_SCRYPT_COST), t.clock.now(), {
      name: "sam patel",
      role: "editor",
    });

    const refused = await join(t, linkToken, { username: "sam", password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(await json<ErrorJson>(refused)).toEqual(NAME_TAKEN);
    expect((await t.request(`/api/admin/join/${linkToken}`)).status).toBe(200);
    expect(await usernamesStored()).toEqual([ADMIN.username, "other"]);

    await t.request(`/api/admin/users/${other}`, { method: "PUT", token: admin, json: { name: "Otto" } });
    expect((await join(t, linkToken, { username: "sam", password: PASSWORD })).status).toBe(201);
  });
});

interface Line {
  user: { id: number; name: string; username: string | null } | null;
  action: string;
}

describe("the record names people as they were then, with their username", () => {
  it("a rename leaves past lines as they were; every line has the username", async () => {
    t = await makeApi();
    const admin = await t.login();
    const sam = await member(t, admin, "sam", "editor");
    const news = { title: "Fair", content: "<p>x</p>", publishedAt: "2026-03-01" };
    expect((await t.request("/api/admin/news", { method: "POST", token: sam.token, json: news })).status).toBe(201);
    const renamed = await t.request("/api/admin/me", { method: "PUT", token: sam.token, json: { name: "Samuel" } });
    expect(renamed.status).toBe(200);
    expect((await t.request("/api/admin/news", { method: "POST", token: sam.token, json: news })).status).toBe(201);

    const { items } = await json<{ items: Line[] }>(await t.request("/api/admin/activity", { token: admin }));
    const bySam = items.filter((line) => line.user?.id === sam.id).map(({ user, action }) => ({ user, action }));
    expect(bySam).toEqual([
      { action: "news.create", user: { id: sam.id, name: "Samuel", username: "sam" } },
      { action: "account.update", user: { id: sam.id, name: "sam Name", username: "sam" } },
      { action: "news.create", user: { id: sam.id, name: "sam Name", username: "sam" } },
      { action: "auth.sign-in", user: { id: sam.id, name: "sam Name", username: "sam" } },
      { action: "user.join", user: { id: sam.id, name: "sam Name", username: "sam" } },
    ]);

    // Kept in the store as written, and still told once the person is removed.
    expect((await t.request(`/api/admin/users/${sam.id}`, { method: "DELETE", token: admin })).status).toBe(200);
    const stored = await t.api.store.db
      .selectFrom("activity")
      .select(["user_name", "user_username"])
      .where("user_id", "=", sam.id)
      .orderBy("id")
      .execute();
    expect(stored.map((row) => row.user_username)).toEqual(["sam", "sam", "sam", "sam", "sam"]);
    const after = await json<{ items: Line[] }>(await t.request("/api/admin/activity", { token: admin }));
    expect(after.items.filter((line) => line.user?.id === sam.id).map((line) => line.user)).toEqual(
      bySam.map((line) => line.user),
    );
  });
});
