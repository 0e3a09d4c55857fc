import { describe, expect, it } from "vitest";
import { json, type ErrorJson } from "./helpers";
import { outboxRows, mailApiEachTest } from "./mail-subscribers";

const api = mailApiEachTest();

const db = () => api.t.api.store.db;

interface LinkAnswer {
  url: string;
  path: string;
  expiresAt: string;
  name?: string;
  email?: { to: string; setUp: boolean };
}

describe("an invitation e-mailed to an address typed beside it", () => {
  it("queues one plain message with the absolute link, who invited them and until when, and answers as before plus the address", async () => {
    const res = await api.t.request("/api/admin/invitations", {
      method: "POST",
      token: api.token,
      json: { name: "Sam Patel", role: "editor", email: " sam@example.org " },
    });
    expect(res.status).toBe(201);
    const link = await json<LinkAnswer>(res);
    expect(Object.keys(link)).toEqual(["url", "path", "expiresAt", "email"]);
    expect(link.email).toEqual({ to: "sam@example.org", setUp: false });

    const rows = await outboxRows(db(), "account-link:");
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row.kind).toBe("account-link");
    expect(row.to_address).toBe("sam@example.org");
    expect(row.subject).toBe("Your invitation to the Oakfield Dads website");
    expect(row.list_unsubscribe).toBeNull();
    expect(row.subscriber_id).toBeNull();
    expect(row.text_body).toContain("Hello Sam Patel,");
    expect(row.text_body).toMatch(/\S+ has invited you to help run the Oakfield Dads website, as an Editor\./);
    // Made at 2026-03-01T12:00Z: seven days, in London.
    expect(row.text_body).toContain("It works once, until March 8, 2026, 12:00.");
    expect(row.text_body).toContain(`Accept the invitation: https://club.example${link.path}`);
    expect(row.text_body).not.toContain("Unsubscribe");
  });

  it("without an address makes the link as always and queues nothing", async () => {
    const res = await api.t.request("/api/admin/invitations", {
      method: "POST",
      token: api.token,
      json: { name: "Sam Patel", role: "editor" },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(await json(res))).toEqual(["url", "path", "expiresAt"]);
    const empty = await api.t.request("/api/admin/invitations", {
      method: "POST",
      token: api.token,
      json: { name: "Jo Bloggs", role: "editor", email: "" },
    });
    expect(empty.status).toBe(201);
    expect(await outboxRows(db(), "")).toEqual([]);
  });

  it.each([
    ["not an address", "email: must be an email address"],
    ["sam@example.org\nBcc: all@example.org", "email: must be an email address"],
    [`${"a".repeat(250)}@example.org`, "email: must be at most 254 characters"],
  ])("refuses %j, naming the field, and makes no link", async (email, message) => {
    const res = await api.t.request("/api/admin/invitations", {
      method: "POST",
      token: api.token,
      json: { name: "Sam Patel", role: "editor", email },
    });
    expect(res.status).toBe(400);
    expect((await json<ErrorJson>(res)).message).toBe(message);
    const pending = await json<unknown[]>(await api.t.request("/api/admin/invitations", { token: api.token }));
    expect(pending).toEqual([]);
    expect(await outboxRows(db(), "")).toEqual([]);
  });
});

describe("a reset link e-mailed", () => {
  it("still needs no body, and with an address queues the reset message", async () => {
    const people = await json<{ id: number; name: string }[]>(
      await api.t.request("/api/admin/users", { token: api.token }),
    );
    const [me] = people;
    const bare = await api.t.request(`/api/admin/users/${me.id}/reset-link`, { method: "POST", token: api.token });
    expect(bare.status).toBe(201);
    expect(Object.keys(await json(bare))).toEqual(["url", "path", "expiresAt", "name"]);
    expect(await outboxRows(db(), "")).toEqual([]);

    const res = await api.t.request(`/api/admin/users/${me.id}/reset-link`, {
      method: "POST",
      token: api.token,
      json: { email: "me@example.org" },
    });
    expect(res.status).toBe(201);
    const link = await json<LinkAnswer>(res);
    expect(link.email).toEqual({ to: "me@example.org", setUp: false });
    expect(link.name).toBe(me.name);
    const [row] = await outboxRows(db(), "account-link:");
    expect(row.to_address).toBe("me@example.org");
    expect(row.subject).toBe("Your password-reset link for the Oakfield Dads website");
    expect(row.text_body).toContain(`Hello ${me.name},`);
    expect(row.text_body).toContain("has made you a link to choose a new password for the Oakfield Dads website.");
    expect(row.text_body).toContain(`Choose a new password: https://club.example${link.path}`);
  });
});
