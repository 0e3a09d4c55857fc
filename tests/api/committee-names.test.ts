import { describe, expect, it } from "vitest";
import { isUniqueViolationOn } from "../../api/store/unique-violation";
import { createUser } from "../../api/store/users";
import { invite, join } from "./committee-helpers";
import { ADMIN, closeAfterEachTest, json, makeApi, makeApiOnDisk, type ErrorJson, type TestApi } from "./helpers";

/**
 * Names and usernames on the committee (docs/product.md, 'The committee', 'Names and
 * usernames'): a username or a shown name is one person's, without regard to case or
 * look-alike letters, so nobody can pass for someone else; two joins at once cannot
 * both take a username, and the loser's link stays usable.
 */
let t: TestApi;
closeAfterEachTest(() => t);

const USERNAME_TAKEN = { message: "username: is already taken", field: "username", code: "invalid" };
const PASSWORD = "a-long-enough-secret";

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
