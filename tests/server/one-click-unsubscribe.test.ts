import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SQLite } from "../../api/store/sqlite-driver";
import { servingForTests } from "../fixtures/real-server";

/**
 * RFC 8058's one-click unsubscribe comes from a mail provider's servers, so it is
 * cross-site: server.ts lets exactly `List-Unsubscribe=One-Click` to /unsubscribe/{token}
 * through its same-site check, and nothing else.
 */
const serving = servingForTests("club-one-click-", { ADMIN_PASSWORD: "one-click-test-password" });
const PROVIDER = "https://mail.provider.example";
let next = 0;

/** A confirmed subscriber, written under the /api: this server has no e-mail set up to subscribe through. */
function addSubscriber(): string {
  const token = `${"t".repeat(40)}${String(++next).padStart(3, "0")}`;
  const db = new SQLite(join(serving.dataDir, "data.sqlite"));
  try {
    db.prepare(
      `insert into subscribers (email, email_key, news, events, frequency, manage_token, consent_version, consent_text, created_at, confirmed_at)
       values (?, ?, 1, 1, 'posted', ?, 'v', 'text', '2026-03-01T12:00:00.000Z', '2026-03-01T12:00:00.000Z')`,
    ).run(`p${next}@example.org`, `p${next}@example.org`, token);
  } finally {
    db.close();
  }
  return token;
}

function subscribed(token: string): boolean {
  const db = new SQLite(join(serving.dataDir, "data.sqlite"), { readonly: true });
  try {
    return db.prepare("select 1 from subscribers where manage_token = ?").all(token).length === 1;
  } finally {
    db.close();
  }
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${serving.base}${path}`, { method: "POST", headers: { Origin: PROVIDER, ...headers }, body });
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

describe("one-click unsubscribe", () => {
  it("takes List-Unsubscribe=One-Click from another site and unsubscribes at once with 200", async () => {
    const token = addSubscriber();
    const res = await post(`/unsubscribe/${token}`, "List-Unsubscribe=One-Click", FORM);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/You won&#x27;t get any more e-mail from us, and your address has been deleted\./);
    expect(subscribed(token)).toBe(false);
  });

  it("takes it as multipart form data too", async () => {
    const token = addSubscriber();
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const res = await post(`/unsubscribe/${token}`, form);
    expect(res.status).toBe(200);
    expect(subscribed(token)).toBe(false);
  });

  it("still refuses every other cross-site POST, at that address or any other", async () => {
    const token = addSubscriber();
    const refused: [string, string][] = [
      [`/unsubscribe/${token}`, "intent=unsubscribe"],
      [`/unsubscribe/${token}`, "List-Unsubscribe=One-Click&intent=save&news=on&frequency=weekly"],
      [`/unsubscribe/${token}`, "List-Unsubscribe=Two-Clicks"],
      [`/unsubscribe/${token}/x`, "List-Unsubscribe=One-Click"],
      ["/subscribe", "List-Unsubscribe=One-Click"],
      ["/admin?index", "List-Unsubscribe=One-Click"],
    ];
    for (const [path, body] of refused) {
      const res = await post(path, body, FORM);
      expect({ path, body, status: res.status }).toEqual({ path, body, status: 403 });
      expect(await res.text()).toContain("This form was sent from another website");
    }
    // As plain text, or too long to be one: refused unread.
    expect(
      (await post(`/unsubscribe/${token}`, "List-Unsubscribe=One-Click", { "Content-Type": "text/plain" })).status,
    ).toBe(403);
    expect((await post(`/unsubscribe/${token}`, `List-Unsubscribe=One-Click&x=${"a".repeat(2000)}`, FORM)).status).toBe(
      403,
    );
    expect(subscribed(token)).toBe(true);
  });
});
