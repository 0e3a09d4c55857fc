import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../api/store/users";
import { action as accountAction, loader as accountLoader } from "~/routes/admin.account";
import { action as committeeAction, loader as committeeLoader } from "~/routes/admin.committee";
import { loader as adminLayoutLoader } from "~/routes/admin";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { action as joinAction, loader as joinLoader } from "~/routes/admin.join.$token";
import { args, failureOf, settle, tokenOf } from "./admin-test-helpers";
import { ADMIN, createHarness, flashOf, get, ORIGIN, post, type Harness } from "./harness";

/**
 * The committee's screens as a browser without JavaScript uses them (docs/product.md, 'The committee'):
 * an invitation made on /admin/committee, joined on /admin/join/{token}, the Editor it
 * makes kept out of the committee, and /admin/account.
 */
let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  admin = await h.signIn();
});
afterAll(() => h.close());

const withToken = (token: string) => ({ ...args(get("/"), h.context), params: { token } });

async function invite(name: string, role: string): Promise<string> {
  const made = await settle(() =>
    committeeAction(args(post("/admin/committee", { intent: "invite", name, role }, admin), h.context)),
  );
  expect(made.status).toBe(200);
  const { link } = (await made.json()) as { link: { url: string; name: string; kind: string } };
  expect(link).toMatchObject({ kind: "invitation", name });
  expect(link.url.startsWith(`${ORIGIN}/admin/join/`)).toBe(true);
  return link.url.split("/").pop() ?? "";
}

function join(token: string, fields: Record<string, string>) {
  return settle(() => joinAction({ ...args(post(`/admin/join/${token}`, fields), h.context), params: { token } }));
}

describe("an invitation, from the committee screen to a signed-in Editor", () => {
  it("makes the link, opens it, joins, and the Editor sees no Committee link and gets 403 there", async () => {
    const token = await invite("Sam Patel", "editor");
    const opened = await settle(() => joinLoader(withToken(token)));
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ link: { kind: "invitation", name: "Sam Patel", role: "editor" } });

    const mismatch = await failureOf(
      await join(token, { username: "sam", password: "a-long-enough-secret", confirmPassword: "different-secret" }),
    );
    expect(mismatch.fieldErrors).toEqual({ confirmPassword: "Password again does not match the password" });
    const common = await failureOf(
      await join(token, { username: "sam", password: "password123", confirmPassword: "password123" }),
    );
    expect(common.fieldErrors.password).toBe("Password is one of the most common passwords; please choose another");

    const joined = await join(token, {
      username: "sam",
      password: "a-long-enough-secret",
      confirmPassword: "a-long-enough-secret",
    });
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe("/admin/dashboard");
    expect(await flashOf(joined)).toMatchObject({ title: "Login Successful" });
    const cookie = joined.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    expect(await tokenOf(cookie)).toMatch(/\S{20,}/);

    const dashboard = await settle(() => dashboardLoader(args(get("/admin/dashboard", cookie), h.context)));
    expect(await dashboard.json()).toMatchObject({ signedInAs: "Sam Patel" });
    // The admin header offers Committee by role.
    const frameOf = async (cookie: string) =>
      (
        (await (await settle(() => adminLayoutLoader(args(get("/admin/dashboard", cookie), h.context)))).json()) as {
          frame: { role: string } | null;
        }
      ).frame;
    expect(await frameOf(cookie)).toMatchObject({ role: "editor" });
    const committee = await settle(() => committeeLoader(args(get("/admin/committee", cookie), h.context)));
    expect(committee.status).toBe(403);
    expect(await frameOf(admin)).toMatchObject({ role: "administrator" });

    const again = await settle(() => joinLoader(withToken(token)));
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ link: null });
  });

  it("a used or unknown link says so plainly when posted to", async () => {
    const failure = await failureOf(
      await join("x".repeat(43), { password: "a-long-enough-secret", confirmPassword: "a-long-enough-secret" }),
    );
    expect(failure.notice?.description).toBe(
      "This link is not valid. It may have been used already, or it may have expired.",
    );
  });
});

describe("the committee screen", () => {
  it("lists everyone; the last Administrator cannot be made an Editor; someone can be removed", async () => {
    const token = await invite("Removed Soon", "editor");
    await join(token, { username: "soon", password: "a-long-enough-secret", confirmPassword: "a-long-enough-secret" });
    const listed = (await (
      await settle(() => committeeLoader(args(get("/admin/committee", admin), h.context)))
    ).json()) as {
      people: Array<{ id: number; username: string; role: string }>;
    };
    expect(listed.people.map((person) => person.username)).toEqual(expect.arrayContaining(["admin", "soon"]));
    const me = listed.people.find((person) => person.username === ADMIN.username);
    const soon = listed.people.find((person) => person.username === "soon");

    const demote = await settle(() =>
      committeeAction(
        args(post("/admin/committee", { intent: "role", person: String(me?.id), role: "editor" }, admin), h.context),
      ),
    );
    expect((await failureOf(demote)).notice).toEqual({
      kind: "error",
      title: "Failed to change the role",
      description: "The last Administrator can be neither removed nor made an Editor",
    });

    const removed = await settle(() =>
      committeeAction(args(post("/admin/committee", { intent: "remove", person: String(soon?.id) }, admin), h.context)),
    );
    expect(removed.status).toBe(302);
    const people = await (await settle(() => committeeLoader(args(get("/admin/committee", admin), h.context)))).json();
    expect(JSON.stringify(people)).not.toContain('"soon"');
  });

  it("makes a reset link for someone", async () => {
    const made = await settle(() =>
      committeeAction(args(post("/admin/committee", { intent: "reset-link", person: "1" }, admin), h.context)),
    );
    const { link } = (await made.json()) as { link: { kind: string; name: string } };
    expect(link).toMatchObject({ kind: "reset", name: "admin" });
  });
});

describe("your account", () => {
  it("shows your sessions and says which field is wrong when the current password is", async () => {
    const page = await settle(() => accountLoader(args(get("/admin/account", admin), h.context)));
    const data = (await page.json()) as { me: { username: string }; sessions: Array<{ current: boolean }> };
    expect(data.me.username).toBe("admin");
    expect(data.sessions.some((session) => session.current)).toBe(true);

    const fields = {
      intent: "password",
      currentPassword: "wrong",
      newPassword: "a-brand-new-secret",
      confirmPassword: "a-brand-new-secret",
    };
    const failure = await failureOf(
      await settle(() => accountAction(args(post("/admin/account", fields, admin), h.context))),
    );
    expect(failure.fieldErrors).toEqual({ currentPassword: "Current password is not your current password" });

    const renamed = await settle(() =>
      accountAction(args(post("/admin/account", { intent: "name", name: "Chris A." }, admin), h.context)),
    );
    expect(renamed.status).toBe(302);
    expect(await flashOf(renamed)).toMatchObject({ title: "Name saved" });
  });
});

describe("names and usernames, one person's each", () => {
  it("an invitation for a name someone has is refused in the form's own words", async () => {
    const made = await settle(() =>
      committeeAction(
        args(post("/admin/committee", { intent: "invite", name: "ADMIN", role: "editor" }, admin), h.context),
      ),
    );
    const failure = await failureOf(made);
    expect(failure.notice).toEqual({
      kind: "error",
      title: "Failed to make the invitation",
      description: "Their name is already taken",
    });
    expect(failure.fieldErrors).toEqual({ name: "Their name is already taken" });
  });

  it("joining says so when the username looks like someone's, or the invitation's name was taken since", async () => {
    const token = await invite("Nora Quist", "editor");
    const fields = { password: "a-long-enough-secret", confirmPassword: "a-long-enough-secret" };
    const lookalike = await failureOf(await join(token, { username: "ADMIN", ...fields }));
    expect(lookalike.fieldErrors).toEqual({ username: "Username is already taken" });

    // Someone made outside the /api's checks meanwhile, as an older version could have.
    await createUser(h.api.store.db, "nq", "not-a-hash", new Date(), { name: "nora quist" });
    const taken = await failureOf(await join(token, { username: "nora", ...fields }));
    expect(taken.notice).toEqual({
      kind: "error",
      title: "Could not finish",
      description: "The name on this invitation is already taken",
    });
    // The link still works.
    expect((await settle(() => joinLoader(withToken(token)))).status).toBe(200);
  });
});
