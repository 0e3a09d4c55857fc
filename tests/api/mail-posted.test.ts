import { describe, expect, it } from "vitest";
import { FAN_OUT_PAGE } from "../../api/mail/fan-out";
import { json } from "./helpers";
import { insertSubscribers, outboxRows, mailApiEachTest } from "./mail-subscribers";

const MINUTE = 60_000;

const api = mailApiEachTest();
const db = () => api.t.api.store.db;
const step = () => api.step();

const NEWS = {
  title: "Sports day\nis on",
  content: "<h2>Bring hats</h2><p>Sports day is on <strong>Friday</strong> &amp; we need helpers.</p>",
  publishedAt: "2026-03-01T00:00:00.000Z",
  imageUrl: null,
};

async function postNews(body: object = NEWS): Promise<{ id: number }> {
  const res = await api.t.request("/api/admin/news", { method: "POST", token: api.token, json: body });
  expect(res.status).toBe(201);
  return json<{ id: number }>(res);
}

async function fanOutKeys(): Promise<string[]> {
  const rows = await db().selectFrom("mail_fan_outs").select("key").orderBy("key").limit(100).execute();
  return rows.map((row) => row.key);
}

describe("'As they are posted': a news item", () => {
  it("goes to each confirmed news subscriber once, after the delay, as corrected in it; later edits send nothing", async () => {
    const [newsOnly, both, , , weekly, eventsOnly] = await insertSubscribers(db(), [
      { email: "news@example.org" },
      { email: "Both@Example.org", events: true },
      { email: "unconfirmed@example.org", confirmed: false },
      { email: "stopped@example.org", stopped: true },
      { email: "weekly@example.org", frequency: "weekly" },
      { email: "events@example.org", news: false, events: true },
    ]);
    const item = await postNews();
    // Made with the item: due once the delay has passed.
    const due = await db().selectFrom("mail_fan_outs").selectAll().where("key", "=", `post:news:${item.id}`).execute();
    expect(due).toEqual([
      expect.objectContaining({
        kind: "post-news",
        item_id: item.id,
        due_at: "2026-03-01T12:10:00.000Z",
        done_at: null,
      }),
    ]);

    api.t.clock.advance(5 * MINUTE);
    const corrected = await api.t.request(`/api/admin/news/${item.id}`, {
      method: "PUT",
      token: api.token,
      json: { ...NEWS, title: "Sports day is on Friday" },
    });
    expect(corrected.status).toBe(200);
    api.t.clock.advance(5 * MINUTE - 1);
    await step();
    expect(await outboxRows(db(), "post:")).toEqual([]);

    api.t.clock.advance(1);
    api.wakes = 0;
    expect(await step()).toBe(2);
    expect(api.wakes).toBeGreaterThan(0);
    const rows = await outboxRows(db(), "post:");
    expect(rows.map((row) => [row.key, row.to_address, row.kind, row.subject])).toEqual([
      [`post:news:${item.id}:subscriber:${newsOnly}`, "news@example.org", "post", "Sports day is on Friday"],
      [`post:news:${item.id}:subscriber:${both}`, "Both@Example.org", "post", "Sports day is on Friday"],
    ]);
    const text = rows[0].text_body;
    expect(text).toContain("News from Oakfield Dads: Sports day is on Friday");
    expect(text).toContain("March 1, 2026");
    expect(text).toContain("Bring hats Sports day is on Friday & we need helpers.");
    expect(text).toContain(`Read it on the website: https://club.example/news/${item.id}`);
    expect(rows[0].list_unsubscribe).toBe(`https://club.example/unsubscribe/manage-news@example.org`);
    expect(rows[0].html_body).toContain(`<a href="https://club.example/news/${item.id}">Read it on the website</a>`);
    expect([weekly, eventsOnly].some((id) => rows.some((row) => row.subscriber_id === id))).toBe(false);

    api.t.clock.advance(MINUTE);
    const later = await api.t.request(`/api/admin/news/${item.id}`, {
      method: "PUT",
      token: api.token,
      json: { ...NEWS, title: "Sports day moved" },
    });
    expect(later.status).toBe(200);
    api.t.clock.advance(60 * MINUTE);
    expect(await step()).toBe(0);
    expect((await outboxRows(db(), "post:")).map((row) => row.subject)).toEqual([
      "Sports day is on Friday",
      "Sports day is on Friday",
    ]);
  });

  it("sends nothing for an item deleted in the delay", async () => {
    await insertSubscribers(db(), [{ email: "news@example.org" }]);
    const item = await postNews();
    api.t.clock.advance(3 * MINUTE);
    expect((await api.t.request(`/api/admin/news/${item.id}`, { method: "DELETE", token: api.token })).status).toBe(
      200,
    );
    api.t.clock.advance(10 * MINUTE);
    expect(await step()).toBe(0);
    expect(await outboxRows(db(), "post:")).toEqual([]);
    const fanOut = await db()
      .selectFrom("mail_fan_outs")
      .select("done_at")
      .where("key", "=", `post:news:${item.id}`)
      .execute();
    expect(fanOut).toEqual([{ done_at: "2026-03-01T12:13:00.000Z" }]);
  });

  it("queues 1,000 subscribers exactly once, a page at a time, yielding between pages", async () => {
    const ids = await insertSubscribers(
      db(),
      Array.from({ length: 1000 }, (_, i) => ({ email: `parent${i}@example.org` })),
    );
    const item = await postNews();
    api.t.clock.advance(10 * MINUTE);
    // Other work gets its turn while the pages are queued.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    expect(await step()).toBe(1000);
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(1000 / FAN_OUT_PAGE - 1);

    const rows = await outboxRows(db(), `post:news:${item.id}:`);
    expect(rows.length).toBe(1000);
    // A title typed with a line break is one line in the subject and the text.
    expect(rows[0].subject).toBe("Sports day is on");
    expect(rows[0].text_body).toContain("News from Oakfield Dads: Sports day is on\n");
    expect(new Set(rows.map((row) => row.subscriber_id))).toEqual(new Set(ids));
    const fanOut = await db()
      .selectFrom("mail_fan_outs")
      .select(["last_subscriber_id", "done_at"])
      .where("key", "=", `post:news:${item.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(fanOut.last_subscriber_id)).toBe(ids[999]);
    expect(fanOut.done_at).not.toBeNull();

    // A walk cut off half-way (an instance stopped) is taken up again: nobody twice.
    await db()
      .updateTable("mail_fan_outs")
      .set({ last_subscriber_id: ids[499], done_at: null })
      .where("key", "=", `post:news:${item.id}`)
      .execute();
    expect(await step()).toBe(0);
    expect((await outboxRows(db(), `post:news:${item.id}:`)).length).toBe(1000);
  });
});

describe("'As they are posted': an event", () => {
  const EVENT = {
    name: "Camping weekend",
    date: "2026-04-18T15:30:00.000Z",
    comment: "Tents provided.\nBring a sleeping bag.",
    bookingUrl: "https://example.org/book",
    organiser: null,
    location: "Forest camp",
    imageUrl: null,
  };

  it("an upcoming one goes to those who chose events, with its date and time in the site's zone", async () => {
    const [, both, eventsOnly] = await insertSubscribers(db(), [
      { email: "news@example.org" },
      { email: "both@example.org", events: true },
      { email: "events@example.org", news: false, events: true },
    ]);
    const res = await api.t.request("/api/admin/events", { method: "POST", token: api.token, json: EVENT });
    expect(res.status).toBe(201);
    const event = await json<{ id: number }>(res);
    api.t.clock.advance(10 * MINUTE);
    expect(await step()).toBe(2);
    const rows = await outboxRows(db(), "post:");
    expect(rows.map((row) => [row.key, row.subject])).toEqual([
      [`post:event:${event.id}:subscriber:${both}`, "Camping weekend"],
      [`post:event:${event.id}:subscriber:${eventsOnly}`, "Camping weekend"],
    ]);
    expect(rows[0].text_body).toContain("April 18, 2026 · 4:30pm");
    expect(rows[0].text_body).toContain("Location: Forest camp");
    expect(rows[0].text_body).toContain("Tents provided. Bring a sleeping bag.");
    expect(rows[0].text_body).toContain(`https://club.example/events/${event.id}`);
  });

  it("a past one, made for the record, is e-mailed to nobody", async () => {
    await insertSubscribers(db(), [{ email: "events@example.org", events: true }]);
    const res = await api.t.request("/api/admin/events", {
      method: "POST",
      token: api.token,
      json: { ...EVENT, date: "2026-02-01T10:00:00.000Z" },
    });
    expect(res.status).toBe(201);
    expect((await fanOutKeys()).filter((key) => key.startsWith("post:"))).toEqual([]);
    api.t.clock.advance(10 * MINUTE);
    await step();
    expect(await outboxRows(db(), "post:")).toEqual([]);
  });
});

describe("'As they are posted' and publishing (docs/product.md, 'Publishing')", () => {
  const put = (id: number, body: object) =>
    api.t.request(`/api/admin/news/${id}`, { method: "PUT", token: api.token, json: body });
  const subjects = async () => (await outboxRows(db(), "post:")).map((row) => row.subject);

  it("a draft sends nothing; once published it goes after the delay, once", async () => {
    await insertSubscribers(db(), [{ email: "news@example.org" }]);
    const draft = await postNews({ ...NEWS, title: "Draft", status: "draft" });
    api.t.clock.advance(60 * MINUTE);
    expect(await step()).toBe(0);
    expect((await fanOutKeys()).filter((key) => key.startsWith("post:"))).toEqual([]);

    expect((await put(draft.id, { ...NEWS, title: "Out", status: "published" })).status).toBe(200);
    api.t.clock.advance(10 * MINUTE - 1);
    expect(await step()).toBe(0);
    api.t.clock.advance(1);
    expect(await step()).toBe(1);
    // Back to a draft and out again: its e-mail went already.
    await put(draft.id, { ...NEWS, status: "draft" });
    await put(draft.id, { ...NEWS, title: "Out again", status: "published" });
    api.t.clock.advance(60 * MINUTE);
    expect(await step()).toBe(0);
    expect(await subjects()).toEqual(["Out"]);
  });

  it("a scheduled item goes the delay after its time, as it is then; moved or made a draft, it follows", async () => {
    await insertSubscribers(db(), [{ email: "news@example.org" }]);
    const at = (minutes: number) => new Date(api.t.clock.now().getTime() + minutes * MINUTE).toISOString();
    const item = await postNews({ ...NEWS, title: "Friday", status: "scheduled", publishAt: at(60) });
    // Moved later before its time: the e-mail waits for the new time.
    await put(item.id, { ...NEWS, title: "Friday", status: "scheduled", publishAt: at(120) });
    api.t.clock.advance(60 * MINUTE + 10 * MINUTE);
    expect(await step()).toBe(0);
    // Made a draft, then scheduled again: one e-mail, after the last time set.
    await put(item.id, { ...NEWS, status: "draft" });
    await put(item.id, { ...NEWS, title: "Friday (final)", status: "scheduled", publishAt: at(30) });
    api.t.clock.advance(40 * MINUTE - 1);
    expect(await step()).toBe(0);
    api.t.clock.advance(1);
    expect(await step()).toBe(1);
    api.t.clock.advance(24 * 60 * MINUTE);
    expect(await step()).toBe(0);
    expect(await subjects()).toEqual(["Friday (final)"]);
  });
});
