import { InsertQueryNode } from "kysely";
import { expect, it } from "vitest";
import { json } from "./helpers";
import { insertSubscribers, outboxRows, mailApiEachTest } from "./mail-subscribers";

const api = mailApiEachTest();

const db = () => api.t.api.store.db;

const step = (on = db()) => api.step(on);
/** The clock the /api and the step share: the items' made times and the digest's timing. */
const move = async (iso: string) => {
  api.t.clock.current = new Date(iso);
  // Months pass between the steps: sign in again, as someone would.
  api.token = await api.t.login();
};

async function create(path: string, body: object): Promise<number> {
  const res = await api.t.request(path, { method: "POST", token: api.token, json: body });
  expect(res.status).toBe(201);
  return (await json<{ id: number }>(res)).id;
}

it("goes on Monday 07:00 in the site's zone with the week's news and the next four weeks' events, as each chose; a missed Monday once; nothing new, none", async () => {
  const [all, eventsOnly, newsOnly] = await insertSubscribers(db(), [
    { email: "all@example.org", events: true, frequency: "weekly" },
    { email: "events@example.org", news: false, events: true, frequency: "weekly" },
    { email: "news@example.org", frequency: "weekly" },
    { email: "posted@example.org", events: true },
    { email: "unconfirmed@example.org", events: true, frequency: "weekly", confirmed: false },
  ]);
  await move("2026-11-18T10:00:00.000Z");
  await step();
  const fair = await create("/api/admin/news", {
    title: "The autumn fair raised £1,200",
    content: "<p>Thank you to every dad who ran a stall. The money goes to the <em>new</em> playground.</p>",
    publishedAt: "2026-11-18T00:00:00.000Z",
    imageUrl: null,
  });
  const event = {
    comment: "Meet at the school gate.",
    bookingUrl: "https://example.org/book",
    organiser: null,
    location: null,
    imageUrl: null,
  };
  const walk = await create("/api/admin/events", { ...event, name: "Winter walk", date: "2026-12-05T10:00:00.000Z" });
  const farOff = await create("/api/admin/events", { ...event, name: "Spring camp", date: "2027-02-10T10:00:00.000Z" });

  await move("2026-11-23T06:59:59.999Z");
  await step();
  expect(await outboxRows(db(), "digest:2026-W48")).toEqual([]);

  await move("2026-11-23T07:00:00.000Z");
  expect(await step()).toBe(3);
  await step();
  const w48 = await outboxRows(db(), "digest:");
  expect(w48.map((row) => [row.key, row.to_address, row.kind, row.subject])).toEqual([
    [`digest:2026-W48:subscriber:${all}`, "all@example.org", "digest", "This week at Oakfield Dads"],
    [`digest:2026-W48:subscriber:${eventsOnly}`, "events@example.org", "digest", "This week at Oakfield Dads"],
    [`digest:2026-W48:subscriber:${newsOnly}`, "news@example.org", "digest", "This week at Oakfield Dads"],
  ]);
  const [toAll, toEvents, toNews] = w48.map((row) => row.text_body);
  expect(toAll).toContain("Your weekly digest from Oakfield Dads, November 23, 2026.");
  expect(toAll).toContain(
    [
      "News this week",
      "--------------",
      "",
      "The autumn fair raised £1,200",
      "November 18, 2026",
      "Thank you to every dad who ran a stall. The money goes to the new playground.",
      `https://club.example/news/${fair}`,
      "",
      "Events in the next four weeks",
      "-----------------------------",
      "",
      "Winter walk",
      "December 5, 2026 · 10am",
      "Meet at the school gate.",
      `https://club.example/events/${walk}`,
    ].join("\n"),
  );
  expect(toAll).not.toContain("Spring camp");
  expect(toAll).not.toContain(`/events/${farOff}`);
  expect(toEvents).toContain("Winter walk");
  expect(toEvents).not.toContain("News this week");
  expect(toNews).toContain("The autumn fair raised £1,200");
  expect(toNews).not.toContain("Events in the next four weeks");
  expect(w48[0].list_unsubscribe).toMatch(/^https:\/\/club\.example\/unsubscribe\//);

  // Down over three Mondays: back on a Wednesday, only the latest week's digest goes, once.
  await move("2026-12-10T12:00:00.000Z");
  const raffle = await create("/api/admin/news", {
    title: "Raffle winners",
    content: "Well done to all.",
    publishedAt: "2026-12-10T00:00:00.000Z",
    imageUrl: null,
  });
  await move("2026-12-16T12:00:00.000Z");
  // The raffle's own 'as posted' e-mail to posted@ and the week's digest to two.
  expect(await step()).toBe(3);
  await step();
  const keys = await db()
    .selectFrom("mail_fan_outs")
    .select("key")
    .where("kind", "=", "digest")
    .orderBy("key")
    .execute();
  expect(keys.map((row) => row.key)).toEqual(["digest:2026-W47", "digest:2026-W48", "digest:2026-W51"]);
  const w51 = await outboxRows(db(), "digest:2026-W51");
  // The walk is past by now, the camp still more than four weeks off: the events-only subscriber gets none.
  expect(w51.map((row) => row.to_address)).toEqual(["all@example.org", "news@example.org"]);
  expect(w51[0].text_body).toContain(
    `Raffle winners\nDecember 10, 2026\nWell done to all.\nhttps://club.example/news/${raffle}`,
  );
  expect(w51[0].text_body).not.toContain("Winter walk");

  // A week with no news and no event in the next four weeks: no digest to anyone.
  await move("2026-12-28T07:00:00.000Z");
  expect(await step()).toBe(0);
  expect(await outboxRows(db(), "digest:2026-W53")).toEqual([]);
  expect(
    await db().selectFrom("mail_fan_outs").select("done_at").where("key", "=", "digest:2026-W53").execute(),
  ).toEqual([{ done_at: "2026-12-28T07:00:00.000Z" }]);
});

it("writes the week's digest row once a week, not at every round", async () => {
  // Every insert the step makes, by table, seen through a Kysely plugin on the same database.
  const inserts: string[] = [];
  const watched = db().withPlugin({
    transformQuery: ({ node }) => {
      if (InsertQueryNode.is(node)) inserts.push(node.into?.table.identifier.name ?? "");
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  });
  await move("2026-11-23T08:00:00.000Z");
  await step(watched);
  await step(watched);
  await step(watched);
  expect(inserts.filter((table) => table === "mail_fan_outs")).toHaveLength(1);
  // The next Monday's, once.
  await move("2026-11-30T07:00:00.000Z");
  await step(watched);
  await step(watched);
  expect(inserts.filter((table) => table === "mail_fan_outs")).toHaveLength(2);
  const weeks = await db().selectFrom("mail_fan_outs").select("key").orderBy("key").execute();
  expect(weeks.map((row) => row.key)).toEqual(["digest:2026-W48", "digest:2026-W49"]);
});
