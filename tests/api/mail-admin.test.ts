import { describe, expect, it } from "vitest";
import { writeLastError, writeLastSent } from "../../api/store/mail-outbox";
import { signInAs } from "./activity-helpers";
import { closeAfterEachTest, json, makeApi, type ErrorJson, type TestApi } from "./helpers";
import { seedOutbox, seedSubscriber } from "./mail-admin-helpers";

/**
 * The admin's Mail screen's calls (docs/product.md, 'E-mail'): the state of e-mail and its
 * counts, the outbox paged and filtered, a test message queued, the subscribers found and
 * removed, the consent records as CSV; for Administrators only.
 */
let t: TestApi;
closeAfterEachTest(() => t);

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pages: number;
}
interface OutboxItem {
  id: number;
  to: string;
  subject: string;
  kind: string;
  state: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}
interface SubscriberItem {
  id: number;
  email: string;
  confirmedAt: string | null;
  hardBounces: number;
}

describe("GET /api/admin/mail", () => {
  it("says e-mail is not set up, with counts of the outbox and the subscribers, and the sender's last news", async () => {
    t = await makeApi();
    const token = await t.login();
    const empty = await t.request("/api/admin/mail", { token });
    expect(empty.status).toBe(200);
    expect(await json(empty)).toEqual({
      configured: false,
      from: "club@localhost",
      lastSentAt: null,
      lastError: null,
      queued: 0,
      failed: 0,
      subscribers: { confirmed: 0, pending: 0, bouncing: 0 },
    });

    const ann = await seedSubscriber(t, "ann@example.org");
    await seedSubscriber(t, "bob@example.org", { hardBounces: 1 });
    await seedSubscriber(t, "cy@example.org", { confirmed: false });
    await seedOutbox(t, "a", { subscriberId: ann });
    await seedOutbox(t, "b");
    await seedOutbox(t, "c", { state: "sent" });
    await seedOutbox(t, "d", { state: "failed", lastError: "550 No such user" });
    await writeLastSent(t.api.store.db, new Date("2026-03-01T11:00:00Z"));
    await writeLastError(t.api.store.db, new Date("2026-03-01T11:30:00Z"), "550 No such user");

    expect(await json(await t.request("/api/admin/mail", { token }))).toEqual({
      configured: false,
      from: "club@localhost",
      lastSentAt: "2026-03-01T11:00:00.000Z",
      lastError: { at: "2026-03-01T11:30:00.000Z", message: "550 No such user" },
      queued: 2,
      failed: 1,
      subscribers: { confirmed: 2, pending: 1, bouncing: 1 },
    });
  });
});

describe("GET /api/admin/mail/outbox", () => {
  it("pages the outbox newest first, 50 a page, and filters by state", async () => {
    t = await makeApi();
    const token = await t.login();
    for (let i = 1; i <= 52; i++) await seedOutbox(t, `q${i}`);
    await seedOutbox(t, "sent-1", { state: "sent" });
    await seedOutbox(t, "failed-1", { state: "failed", lastError: "421 Try again later" });

    const first = await json<Page<OutboxItem>>(await t.request("/api/admin/mail/outbox", { token }));
    expect(first).toMatchObject({ total: 54, page: 1, pages: 2 });
    expect(first.items).toHaveLength(50);
    expect(first.items.slice(0, 3).map((item) => item.subject)).toEqual([
      "Subject failed-1",
      "Subject sent-1",
      "Subject q52",
    ]);
    expect(first.items[0]).toEqual({
      id: expect.any(Number) as number,
      to: "parent@example.org",
      subject: "Subject failed-1",
      kind: "post",
      state: "failed",
      attempts: 5,
      lastError: "421 Try again later",
      createdAt: "2026-03-01T12:00:00.000Z",
      sentAt: null,
    });
    const second = await json<Page<OutboxItem>>(await t.request("/api/admin/mail/outbox?page=2", { token }));
    expect(second).toMatchObject({ total: 54, page: 2, pages: 2 });
    expect(second.items.map((item) => item.subject)).toEqual(["Subject q4", "Subject q3", "Subject q2", "Subject q1"]);
    expect((await t.request("/api/admin/mail/outbox?page=3", { token })).status).toBe(404);

    const sent = await json<Page<OutboxItem>>(await t.request("/api/admin/mail/outbox?state=sent", { token }));
    expect(sent).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(sent.items.map((item) => [item.subject, item.state, item.sentAt])).toEqual([
      ["Subject sent-1", "sent", "2026-03-01T12:00:00.000Z"],
    ]);
    const queued = await json<Page<OutboxItem>>(await t.request("/api/admin/mail/outbox?state=queued", { token }));
    expect(queued.total).toBe(52);
  });

  it("refuses a bad page or state, naming it", async () => {
    t = await makeApi();
    const token = await t.login();
    for (const [query, field] of [
      ["page=0", "page"],
      ["page=x", "page"],
      ["state=lost", "state"],
    ] as const) {
      const res = await t.request(`/api/admin/mail/outbox?${query}`, { token });
      expect(res.status, query).toBe(400);
      expect((await json<ErrorJson>(res)).field).toBe(field);
    }
  });
});

describe("POST /api/admin/mail/test", () => {
  it("queues a test message (202) that the outbox lists, and records the change", async () => {
    t = await makeApi();
    const token = await t.login();
    const res = await t.request("/api/admin/mail/test", { method: "POST", token, json: { to: " me@example.org " } });
    expect(res.status).toBe(202);
    const { id } = await json<{ id: number }>(res);
    const outbox = await json<Page<OutboxItem>>(await t.request("/api/admin/mail/outbox", { token }));
    expect(outbox.items).toEqual([
      {
        id,
        to: "me@example.org",
        subject: "A test e-mail from Oakfield Primary Dads' Club",
        kind: "test",
        state: "queued",
        attempts: 0,
        lastError: null,
        createdAt: "2026-03-01T12:00:00.000Z",
        sentAt: null,
      },
    ]);
    const row = await t.api.store.db
      .selectFrom("mail_outbox")
      .select(["key", "text_body", "list_unsubscribe"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.key).toMatch(/^test:[A-Za-z0-9_-]{22}$/);
    expect(row.text_body).toContain("It reached you: e-mail works.");
    expect(row.list_unsubscribe).toBeNull();
    // A second test is a second message, not the first again.
    expect(
      (await t.request("/api/admin/mail/test", { method: "POST", token, json: { to: "me@example.org" } })).status,
    ).toBe(202);
    expect((await json(await t.request("/api/admin/mail", { token }))).queued).toBe(2);

    const activity = await json<{ items: { action: string }[] }>(await t.request("/api/admin/activity", { token }));
    expect(activity.items.filter((line) => line.action === "mail.test")).toHaveLength(2);
  });

  it("refuses a missing, long, multi-line or malformed address, naming the field", async () => {
    t = await makeApi();
    const token = await t.login();
    const long = `${"a".repeat(250)}@example.org`;
    for (const [body, message] of [
      [{}, "to: is required"],
      [{ to: 7 }, "to: must be text"],
      [{ to: "" }, "to: is required"],
      [{ to: long }, "to: must be at most 254 characters"],
      [{ to: "me@example.org\r\nBcc: all@example.org" }, "to: must be one line, without line breaks"],
      [{ to: "me@example.org\n" }, "to: must be one line, without line breaks"],
      [{ to: "not an address" }, "to: must be an email address"],
    ] as const) {
      const res = await t.request("/api/admin/mail/test", { method: "POST", token, json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await json<ErrorJson>(res)).toMatchObject({ message, field: "to" });
    }
    expect((await json(await t.request("/api/admin/mail", { token }))).queued).toBe(0);
  });
});

describe("the subscribers", () => {
  it("are listed newest first, found by any part of the address whatever its case, and removed with their mail", async () => {
    t = await makeApi();
    const token = await t.login();
    const ann = await seedSubscriber(t, "Ann.Smith@Example.org");
    await seedSubscriber(t, "bob@example.org", { confirmed: false });
    await seedSubscriber(t, "100%_sure@example.net");
    await seedOutbox(t, "to-ann", { to: "Ann.Smith@Example.org", subscriberId: ann });

    const all = await json<Page<SubscriberItem>>(await t.request("/api/admin/subscribers", { token }));
    expect(all).toMatchObject({ total: 3, page: 1, pages: 1 });
    expect(all.items.map((item) => item.email)).toEqual([
      "100%_sure@example.net",
      "bob@example.org",
      "Ann.Smith@Example.org",
    ]);
    expect(all.items[1]).toMatchObject({ confirmedAt: null, hardBounces: 0 });

    const find = async (q: string) =>
      (
        await json<Page<SubscriberItem>>(
          await t.request(`/api/admin/subscribers?q=${encodeURIComponent(q)}`, { token }),
        )
      ).items.map((item) => item.email);
    expect(await find("ANN.s")).toEqual(["Ann.Smith@Example.org"]);
    expect(await find("example.org")).toEqual(["bob@example.org", "Ann.Smith@Example.org"]);
    // % and _ are letters to find, not wildcards.
    expect(await find("%_")).toEqual(["100%_sure@example.net"]);
    expect(await find("_")).toEqual(["100%_sure@example.net"]);
    expect(await find("nobody")).toEqual([]);

    const removed = await t.request(`/api/admin/subscribers/${ann}`, { method: "DELETE", token });
    expect(removed.status).toBe(200);
    expect(await find("ann")).toEqual([]);
    expect(await t.api.store.db.selectFrom("mail_outbox").select("key").execute()).toEqual([]);
    const again = await t.request(`/api/admin/subscribers/${ann}`, { method: "DELETE", token });
    expect(again.status).toBe(404);
    expect((await json<ErrorJson>(again)).message).toBe("Subscriber not found");
    const bad = await t.request("/api/admin/subscribers/abc", { method: "DELETE", token });
    expect(bad.status).toBe(400);
    expect((await json<ErrorJson>(bad)).field).toBe("id");

    const activity = await json<{ items: { action: string; target: { title: string | null } | null }[] }>(
      await t.request("/api/admin/activity", { token }),
    );
    const line = activity.items.find((item) => item.action === "subscriber.delete");
    // The removed address is kept nowhere, not even in the record of changes.
    expect(line?.target?.title).toBeNull();
    expect(JSON.stringify(activity)).not.toContain("Ann.Smith");
  });

  it("page 50 at a time and refuse a search too long or on two lines", async () => {
    t = await makeApi();
    const token = await t.login();
    for (let i = 1; i <= 51; i++) await seedSubscriber(t, `p${i}@example.org`);
    const second = await json<Page<SubscriberItem>>(await t.request("/api/admin/subscribers?page=2", { token }));
    expect(second).toMatchObject({ total: 51, page: 2, pages: 2 });
    expect(second.items.map((item) => item.email)).toEqual(["p1@example.org"]);
    for (const q of ["a".repeat(255), "a\nb"]) {
      const res = await t.request(`/api/admin/subscribers?q=${encodeURIComponent(q)}`, { token });
      expect(res.status).toBe(400);
      expect((await json<ErrorJson>(res)).field).toBe("q");
    }
  });
});

describe("GET /api/admin/subscribers.csv", () => {
  it("answers every consent record, quoted where needed and safe to open in a spreadsheet", async () => {
    t = await makeApi();
    const token = await t.login();
    await seedSubscriber(t, "ann@example.org", { consentText: 'Yes, "news", please,\nweekly' });
    await seedSubscriber(t, "=cmd@example.org", { confirmed: false, consentText: "@SUM(1)" });
    const res = await t.request("/api/admin/subscribers.csv", { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="subscribers.csv"');
    expect(await res.text()).toBe(
      [
        "email,news,events,frequency,consent_version,consent_text,created_at,confirmed_at",
        'ann@example.org,yes,no,weekly,2026-11,"Yes, ""news"", please,\nweekly",2026-03-01T12:00:00.000Z,2026-03-01T12:00:00.000Z',
        "'=cmd@example.org,yes,no,weekly,2026-11,'@SUM(1),2026-03-01T12:00:00.000Z,",
        "",
      ].join("\r\n"),
    );
  });

  it("writes more records than one batch holds, each once, in order", async () => {
    t = await makeApi();
    const token = await t.login();
    for (let i = 1; i <= 450; i++) await seedSubscriber(t, `s${i}@example.org`);
    const lines = (await (await t.request("/api/admin/subscribers.csv", { token })).text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(451);
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(
      Array.from({ length: 450 }, (_, i) => `s${i + 1}@example.org`),
    );
  });
});

describe("Editors and the signed out", () => {
  it("are refused every call", async () => {
    t = await makeApi();
    const editor = await signInAs(t, "ed", "Ed Editor");
    const id = await seedSubscriber(t, "ann@example.org");
    const calls = [
      ["GET", "/api/admin/mail", undefined],
      ["GET", "/api/admin/mail/outbox", undefined],
      ["POST", "/api/admin/mail/test", { to: "me@example.org" }],
      ["GET", "/api/admin/subscribers", undefined],
      ["DELETE", `/api/admin/subscribers/${id}`, undefined],
      ["GET", "/api/admin/subscribers.csv", undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      const res = await t.request(path, { method, token: editor.token, json: body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await json<ErrorJson>(res)).message).toBe("Only an Administrator can do this");
      expect((await t.request(path, { method, json: body })).status, `${method} ${path} signed out`).toBe(401);
    }
    expect(await t.api.store.db.selectFrom("subscribers").select("id").execute()).toHaveLength(1);
    expect(await t.api.store.db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(0);
  });
});
