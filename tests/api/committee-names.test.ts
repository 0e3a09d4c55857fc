import { describe, expect, it } from "vitest";
import { invite, join } from "./committee-helpers";
import { ADMIN, closeAfterEachTest, json, makeApi, type ErrorJson, type TestApi } from "./helpers";

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
