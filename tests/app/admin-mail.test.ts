import { describe, expect, it } from "vitest";
import { hashPassword } from "../../api/http/lib/passwords";
import { createUser } from "../../api/store/users";
import { action as mailAction, loader as mailLoader } from "~/routes/admin.mail";
import { loader as csvLoader } from "~/routes/admin.mail_.subscribers[.]csv";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { commitSession, getSession } from "~/lib/security/session.server";
import { NOT_SET_UP_STATE, stateWords } from "~/lib/admin/mail/mail-words";
import { insertSubscribers } from "../api/mail-subscribers";
import { args, failureOf, settle } from "./admin-test-helpers";
import { flashOf, get, ORIGIN, post, signedInHarness, type Harness } from "./harness";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

/**
 * The Mail screen as a browser without JavaScript uses it (docs/product.md, 'E-mail'): what
 * it reads, a test e-mail sent, a subscriber found and removed, the consent records
 * downloaded through the app, and an Editor kept out.
 */
const session = signedInHarness({ seedDemo: false });

async function seedSubscriber(h: Harness, email: string, confirmed = true): Promise<number> {
  const createdAt = new Date().toISOString();
  const consentText = "=We send you what you chose";
  const [id] = await insertSubscribers(h.api.store.db, [{ email, events: true, confirmed, consentText, createdAt }]);
  return id;
}

/** A signed-in Editor's cookie. */
async function editorCookie(h: Harness): Promise<string> {
  const password = "editor-password-long-enough";
  await createUser(h.api.store.db, "mail-editor", await hashPassword(password, TEST_SCRYPT_COST), new Date(), {
    name: "Ed",
    role: "editor",
  });
  const response = await h.api.fetch(
    new Request(`${ORIGIN}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "mail-editor", password }),
    }),
  );
  const { token } = (await response.json()) as { token: string };
  const admin = await getSession(new Request(ORIGIN));
  admin.set("token", token);
  return (await commitSession(admin)).split(";")[0];
}

interface Screen {
  summary: { configured: boolean; subscribers: { confirmed: number; pending: number } };
  outbox: { items: Array<{ to: string; subject: string; state: string }>; total: number };
  subscribers: { items: Array<{ id: number; email: string }>; total: number };
  view: { page: number; state: string | null; q: string; subscribersPage: number };
}

const open = async (path: string, cookie = session.cookie) =>
  settle(() => mailLoader(args(get(path, cookie), session.h.context)));

describe("the Mail screen", () => {
  it("sends a test e-mail, which the outbox lists as not sent while e-mail is not set up", async () => {
    const sent = await settle(() =>
      mailAction(
        args(post("/admin/mail", { intent: "test", to: "me@example.org" }, session.cookie), session.h.context),
      ),
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/admin/mail");
    expect(await flashOf(sent)).toEqual({
      kind: "success",
      title: "Test e-mail queued",
      description: "It is at the top of the outbox below.",
    });
    const screen = (await (await open("/admin/mail")).json()) as Screen;
    expect(screen.summary.configured).toBe(false);
    expect(screen.outbox.items[0]).toMatchObject({ to: "me@example.org", state: "queued" });
    expect(stateWords(screen.outbox.items[0].state, screen.summary.configured)).toBe(NOT_SET_UP_STATE);
    expect(NOT_SET_UP_STATE).toBe("Not sent: e-mail is not set up");
    expect(stateWords("sent", false)).toBe("Sent");
    expect(stateWords("failed", true)).toBe("Failed");
    expect(stateWords("queued", true)).toBe("Queued");

    const sentOnly = (await (await open("/admin/mail?state=sent")).json()) as Screen;
    expect(sentOnly.outbox.total).toBe(0);
    expect(sentOnly.view.state).toBe("sent");
  });

  it("shows a bad address beside its field, with what was typed", async () => {
    const failed = await failureOf(
      await settle(() =>
        mailAction(
          args(post("/admin/mail", { intent: "test", to: "not an address" }, session.cookie), session.h.context),
        ),
      ),
    );
    expect(failed.fieldErrors.to).toMatch(/^Send it to/);
    expect(failed.values).toEqual({ to: "not an address" });
    expect(failed.notice?.title).toBe("Failed to queue the test e-mail");
  });

  it("finds a subscriber by address and removes them, keeping the search", async () => {
    const id = await seedSubscriber(session.h, "Finder@Example.org");
    await seedSubscriber(session.h, "other@example.org", false);
    const found = (await (await open("/admin/mail?q=finder")).json()) as Screen;
    expect(found.subscribers.items.map((item) => item.email)).toEqual(["Finder@Example.org"]);
    expect(found.summary.subscribers).toEqual({ confirmed: 1, pending: 1, bouncing: 0 });

    const removed = await settle(() =>
      mailAction(
        args(
          post("/admin/mail?q=finder", { intent: "remove", subscriber: String(id) }, session.cookie),
          session.h.context,
        ),
      ),
    );
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/admin/mail?q=finder");
    expect(await flashOf(removed)).toMatchObject({ title: "Subscriber removed" });
    const after = (await (await open("/admin/mail?q=finder")).json()) as Screen;
    expect(after.subscribers.total).toBe(0);
  });

  it("downloads the consent records through the app, safe to open in a spreadsheet", async () => {
    await seedSubscriber(session.h, "csv@example.org");
    const csv = await settle(() =>
      csvLoader(args(get("/admin/mail/subscribers.csv", session.cookie), session.h.context)),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="subscribers.csv"');
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe("email,news,events,frequency,consent_version,consent_text,created_at,confirmed_at");
    expect(lines.find((line) => line.startsWith("csv@example.org"))).toMatch(
      /^csv@example\.org,yes,yes,posted,2026-11,'=We send you what you chose,/,
    );
  });

  it("answers a page past the last as not found", async () => {
    expect((await open("/admin/mail?page=9")).status).toBe(404);
    expect((await open("/admin/mail?subscribers=0")).status).toBe(404);
  });

  it("is an Administrator's: an Editor gets 403 and no Mail card, the signed out go to sign in", async () => {
    const editor = await editorCookie(session.h);
    expect((await open("/admin/mail", editor)).status).toBe(403);
    const csv = await settle(() => csvLoader(args(get("/admin/mail/subscribers.csv", editor), session.h.context)));
    expect(csv.status).toBe(403);
    const refused = await settle(() =>
      mailAction(args(post("/admin/mail", { intent: "test", to: "me@example.org" }, editor), session.h.context)),
    );
    expect(refused.status).toBe(400);
    expect((await failureOf(refused)).notice?.description).toBe("Only an Administrator can do this");

    const dashboard = async (cookie: string) =>
      (
        (await (
          await settle(() => dashboardLoader(args(get("/admin/dashboard", cookie), session.h.context)))
        ).json()) as {
          mail: boolean;
        }
      ).mail;
    expect(await dashboard(editor)).toBe(false);
    expect(await dashboard(session.cookie)).toBe(true);

    const signedOut = await open("/admin/mail", "");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/admin");
  });
});
