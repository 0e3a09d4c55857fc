import { describe, expect, it } from "vitest";
import { claimLink, insertAccountLink } from "../../api/store/account-links";
import { generateToken, hashToken } from "../../api/http/lib/tokens";
import { invite, join, member } from "./committee-helpers";
import { closeAfterEachTest, HOUR, json, makeApi, type ErrorJson, type TestApi } from "./helpers";

/**
 * Invitations and reset links die with their maker's right to make them
 * (docs/product.md, 'The committee'): an Administrator made an Editor or removed leaves
 * no live link behind, even one raced against the change; and the pending invitations
 * are listed and withdrawn through the /api without their tokens ever leaving it.
 */
let t: TestApi;
closeAfterEachTest(() => t);

const DEAD = "This link is not valid. It may have been used already, or it may have expired.";
const PASSWORD = "a-long-enough-secret";

/** The stored links, as the store keeps them. */
function storedLinks() {
  return t.api.store.db
    .selectFrom("account_links")
    .select(["token_hash", "kind", "name", "created_by", "used_at"])
    .orderBy("created_at")
    .execute();
}

async function expectDead(linkToken: string, body: Record<string, unknown>) {
  const about = await t.request(`/api/admin/join/${linkToken}`);
  expect(about.status).toBe(404);
  const used = await join(t, linkToken, body);
  expect(used.status).toBe(404);
  expect((await json<ErrorJson>(used)).message).toBe(DEAD);
}

/** An Administrator's reset link for someone: the token at its end. */
async function resetLink(by: string, personId: number): Promise<string> {
  const res = await t.request(`/api/admin/users/${personId}/reset-link`, { method: "POST", token: by });
  expect(res.status).toBe(201);
  return (await json<{ path: string }>(res)).path.split("/").pop() ?? "";
}

/**
 * A fresh /api in which ada, an Administrator, has invited Mallory (an Administrator to be)
 * and made a reset link for sam, an Editor: the two links her losing the role must kill.
 */
async function adaWithLiveLinks() {
  t = await makeApi();
  const admin = await t.login();
  const ada = await member(t, admin, "ada", "administrator");
  const sam = await member(t, admin, "sam", "editor");
  const { linkToken: invitation } = await invite(t, ada.token, "Mallory", "administrator");
  return { admin, ada, links: { invitation, reset: await resetLink(ada.token, sam.id) } };
}

async function expectBothDead(links: { invitation: string; reset: string }) {
  await expectDead(links.invitation, { username: "mallory", password: PASSWORD });
  await expectDead(links.reset, { password: PASSWORD });
}

describe("links die with their maker's right to make them", () => {
  it("keeps who made each link", async () => {
    t = await makeApi();
    const admin = await t.login();
    const ada = await member(t, admin, "ada", "administrator");
    await invite(t, ada.token, "Mallory", "administrator");
    const links = await storedLinks();
    expect(links.map(({ name, created_by }) => ({ name, created_by }))).toEqual([
      { name: "ada Name", created_by: 1 },
      { name: "Mallory", created_by: ada.id },
    ]);
  });

  it("made an Editor: the Administrator's unused invitation and reset link stop working at once", async () => {
    const { admin, ada, links } = await adaWithLiveLinks();

    const demoted = await t.request(`/api/admin/users/${ada.id}`, {
      method: "PUT",
      token: admin,
      json: { role: "editor" },
    });
    expect(demoted.status).toBe(200);

    await expectBothDead(links);
    // Deleted in the change itself; the links the admin made (and used) stay as they were.
    const left = await storedLinks();
    expect(left.filter((link) => link.created_by === ada.id)).toEqual([]);
    expect(left.map((link) => link.name)).toEqual(["ada Name", "sam Name"]);
    // Nobody joined through them.
    const people = await json<Array<{ username: string; role: string }>>(
      await t.request("/api/admin/users", { token: admin }),
    );
    expect(people.map((person) => person.username)).toEqual(["admin", "ada", "sam"]);
  });

  it("removed: their links go with them", async () => {
    const { admin, ada, links } = await adaWithLiveLinks();

    expect((await t.request(`/api/admin/users/${ada.id}`, { method: "DELETE", token: admin })).status).toBe(200);

    await expectBothDead(links);
    expect((await storedLinks()).filter((link) => link.created_by === ada.id)).toEqual([]);
  });

  it("a link whose maker is no longer an Administrator is refused even while its row is still there", async () => {
    t = await makeApi();
    const admin = await t.login();
    const ada = await member(t, admin, "ada", "administrator");
    const { linkToken } = await invite(t, ada.token, "Mallory", "administrator");
    expect((await t.request(`/api/admin/join/${linkToken}`)).status).toBe(200);

    // The join is on its way (its password being hashed) when the maker's role changes:
    // here the role alone changes, as a demotion on another instance looks before its
    // transaction has deleted the link.
    const joining = join(t, linkToken, { username: "mallory", password: PASSWORD });
    await t.api.store.db.updateTable("users").set({ role: "editor" }).where("id", "=", ada.id).execute();
    expect((await joining).status).toBe(404);
    await expectDead(linkToken, { username: "mallory", password: PASSWORD });

    // The claim itself refuses it, so a join that read the link before the change cannot use it after.
    expect(await claimLink(t.api.store.db, hashToken(linkToken), t.clock.now())).toBe(false);
    const [link] = (await storedLinks()).filter((row) => row.name === "Mallory");
    expect(link).toMatchObject({ created_by: ada.id, used_at: null });
    expect((await t.request("/api/admin/users", { token: admin })).status).toBe(200);
    const usernames = (await json<Array<{ username: string }>>(await t.request("/api/admin/users", { token: admin })))
      .map((person) => person.username)
      .sort();
    expect(usernames).toEqual(["ada", "admin"]);
  });

  it("a link nobody signed in made (the operator's command line, or an older version) keeps working", async () => {
    t = await makeApi();
    const token = generateToken();
    const now = t.clock.now();
    await insertAccountLink(
      t.api.store.db,
      hashToken(token),
      { kind: "invitation", name: "Olive", role: "administrator" },
      { now, expiresAt: new Date(now.getTime() + HOUR) },
      null,
    );
    expect(await json(await t.request(`/api/admin/join/${token}`))).toEqual({
      kind: "invitation",
      name: "Olive",
      role: "administrator",
    });
    expect((await join(t, token, { username: "olive", password: PASSWORD })).status).toBe(201);
  });
});

interface Pending {
  id: string;
  name: string;
  role: string;
  createdAt: string;
  expiresAt: string;
  createdBy: { id: number; name: string; username: string } | null;
}

describe("GET /api/admin/invitations", () => {
  it("lists the pending invitations newest first, with who made them and never the token or its hash", async () => {
    t = await makeApi();
    const old = await invite(t, await t.login(), "Old", "editor");
    t.clock.advance(7 * 24 * HOUR + 1);
    const admin = await t.login();
    const ada = await member(t, admin, "ada", "administrator");
    await resetLink(admin, ada.id);
    t.clock.advance(60_000);
    const ann = await invite(t, admin, "Ann", "editor");
    t.clock.advance(60_000);
    const bob = await invite(t, ada.token, "Bob", "administrator");

    const res = await t.request("/api/admin/invitations", { token: admin });
    expect(res.status).toBe(200);
    const text = await res.text();
    const listed = JSON.parse(text) as Pending[];
    expect(listed).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        name: "Bob",
        role: "administrator",
        createdAt: t.clock.now().toISOString(),
        expiresAt: bob.expiresAt,
        createdBy: { id: ada.id, name: "ada Name", username: "ada" },
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        name: "Ann",
        role: "editor",
        createdAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
        expiresAt: ann.expiresAt,
        createdBy: { id: 1, name: "admin", username: "admin" },
      },
    ]);
    for (const link of await storedLinks()) expect(text).not.toContain(link.token_hash);
    for (const token of [old.linkToken, ann.linkToken, bob.linkToken]) expect(text).not.toContain(token);
  });

  it("is an Administrator's: 403 for an Editor, 401 without a bearer token", async () => {
    t = await makeApi();
    const admin = await t.login();
    const sam = await member(t, admin, "sam", "editor");
    const refused = await t.request("/api/admin/invitations", { token: sam.token });
    expect(refused.status).toBe(403);
    expect((await json<ErrorJson>(refused)).message).toBe("Only an Administrator can do this");
    expect((await t.request("/api/admin/invitations")).status).toBe(401);
    expect(
      (await t.request("/api/admin/invitations/0123456789abcdef", { method: "DELETE", token: sam.token })).status,
    ).toBe(403);
  });

  it("stops at 100, the newest", async () => {
    t = await makeApi();
    const admin = await t.login();
    for (let n = 1; n <= 101; n++) {
      await invite(t, admin, `Person ${n}`, "editor");
      t.clock.advance(1000);
    }
    const listed = await json<Pending[]>(await t.request("/api/admin/invitations", { token: admin }));
    expect(listed).toHaveLength(100);
    expect(listed[0].name).toBe("Person 101");
    expect(listed[99].name).toBe("Person 2");
  });
});

describe("DELETE /api/admin/invitations/{id}", () => {
  it("withdraws a pending invitation: its link dies, and the record says who withdrew it", async () => {
    t = await makeApi();
    const admin = await t.login();
    const ann = await invite(t, admin, "Ann", "editor");
    await invite(t, admin, "Bob", "editor");
    const used = await member(t, admin, "carl", "editor");
    const [annListed] = (await json<Pending[]>(await t.request("/api/admin/invitations", { token: admin }))).filter(
      (pending) => pending.name === "Ann",
    );

    const revoked = await t.request(`/api/admin/invitations/${annListed.id}`, { method: "DELETE", token: admin });
    expect(revoked.status).toBe(200);
    await expectDead(ann.linkToken, { username: "ann", password: PASSWORD });
    const left = await json<Pending[]>(await t.request("/api/admin/invitations", { token: admin }));
    expect(left.map((pending) => pending.name)).toEqual(["Bob"]);
    const lines = await t.api.store.db
      .selectFrom("activity")
      .select(["user_id", "target_type", "target_id", "target_title"])
      .where("action", "=", "user.invite-revoke")
      .execute();
    expect(lines).toEqual([{ user_id: 1, target_type: "invitation", target_id: annListed.id, target_title: "Ann" }]);

    // Gone, used, or never there: 404.
    const again = await t.request(`/api/admin/invitations/${annListed.id}`, { method: "DELETE", token: admin });
    expect(again.status).toBe(404);
    expect((await json<ErrorJson>(again)).message).toBe("Invitation not found");
    const usedLink = (await storedLinks()).find((link) => link.name === "carl Name");
    expect(usedLink?.used_at).not.toBeNull();
    const usedId = usedLink?.token_hash.slice(0, 16) ?? "";
    expect((await t.request(`/api/admin/invitations/${usedId}`, { method: "DELETE", token: admin })).status).toBe(404);
    expect(
      (await t.request("/api/admin/invitations/0123456789abcdef", { method: "DELETE", token: admin })).status,
    ).toBe(404);
    expect(used.token).toBeTruthy();
  });

  it("400 naming the field for an id that is not one", async () => {
    t = await makeApi();
    const admin = await t.login();
    for (const id of ["abc", "0123456789ABCDEF", "0123456789abcdef0"]) {
      const res = await t.request(`/api/admin/invitations/${id}`, { method: "DELETE", token: admin });
      expect(res.status).toBe(400);
      expect(await json<ErrorJson>(res)).toMatchObject({ field: "id", message: "id: must be an invitation id" });
    }
  });
});
