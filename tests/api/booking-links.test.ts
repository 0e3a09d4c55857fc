import { expect, it } from "vitest";
import { book, bookingApiEachTest, siteEvent, tokenOf, type Placed } from "./booking-helpers";
import { json } from "./helpers";

/**
 * docs/product.md, 'Bookings': the private link is e-mailed again when someone asks ('E-mail
 * me my link', or booking again with the address), at most once per address per event per
 * 10 minutes whoever asks from wherever, and always the link the family already has: a
 * request they did not make never replaces it. The answers never tell whether it went.
 */
const api = bookingApiEachTest();
const MINUTE = 60_000;

const linkMails = (email: string) =>
  api.t.api.store.db
    .selectFrom("mail_outbox")
    .select(["subject", "text_body"])
    .where("to_address", "=", email)
    .where("key", "like", "booking-link:%")
    .orderBy("id")
    .execute();

const linkIn = (text: string) => /\/bookings\/([A-Za-z0-9_-]{22})/.exec(text)?.[1];

/** 'E-mail me my link' or a second booking with the address, from a client address; the answer as the requester sees it. */
async function ask(kind: "resend" | "book again", eventId: number, email: string, from: string) {
  const headers = { "x-forwarded-for": from };
  const res =
    kind === "resend"
      ? await api.t.request("/api/bookings/resend", { method: "POST", headers, json: { eventId, email } })
      : await api.t.request(`/api/events/${eventId}/bookings`, {
          method: "POST",
          headers,
          json: { name: "Someone Else", email, adults: 1, children: 0 },
        });
  return { status: res.status, body: await json<unknown>(res) };
}

const stillWorks = async (token: string) => (await api.t.request(`/api/bookings/${token}`)).status;

it("40 requests in a minute from 4 client addresses e-mail the family once, with the link they already have", async () => {
  const id = await siteEvent(api);
  const mine = await json<Placed>(await book(api, id, { email: "Sam@Example.org" }));
  // The booked e-mail carried the link: for 10 minutes nobody can have it sent again.
  const soon = await ask("resend", id, "sam@example.org", "192.0.2.1");
  expect(await linkMails("Sam@Example.org")).toEqual([]);

  api.t.clock.advance(10 * MINUTE);
  const answers = [];
  for (let n = 0; n < 40; n++) {
    const kind = n % 2 === 0 ? "resend" : "book again";
    answers.push(await ask(kind, id, n % 3 === 0 ? "SAM@example.org" : "sam@example.org", `198.51.100.${n % 4}`));
    api.t.clock.advance(1000);
  }
  const mails = await linkMails("Sam@Example.org");
  expect(mails.map((mail) => mail.subject)).toEqual(["Your booking for Bike ride"]);
  expect(linkIn(mails[0].text_body)).toBe(tokenOf(mine));
  expect(await stillWorks(tokenOf(mine))).toBe(200);

  // Sent or not, each asker hears the same.
  expect(soon).toEqual(answers[0]);
  expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
    new Set([
      JSON.stringify({
        status: 202,
        body: { message: "If that address has a booking for this event, we've e-mailed its link." },
      }),
      JSON.stringify({
        status: 409,
        body: {
          message: "This e-mail address already has a booking for this event. We've e-mailed you its link.",
          field: "email",
        },
      }),
    ]),
  );

  // Ten minutes after that one, the next ask sends the same link again.
  api.t.clock.advance(10 * MINUTE);
  await ask("book again", id, "sam@example.org", "203.0.113.9");
  const again = await linkMails("Sam@Example.org");
  expect(again.map((mail) => linkIn(mail.text_body))).toEqual([tokenOf(mine), tokenOf(mine)]);
  expect(await stillWorks(tokenOf(mine))).toBe(200);
});

it("the turn is the address's for one event: its booking for another event has its own", async () => {
  const first = await siteEvent(api);
  const second = await siteEvent(api);
  await book(api, first, { email: "kim@example.org" });
  const other = await json<Placed>(await book(api, second, { email: "kim@example.org" }));
  api.t.clock.advance(10 * MINUTE);
  await ask("resend", first, "kim@example.org", "192.0.2.7");
  await ask("resend", second, "kim@example.org", "192.0.2.7");
  await ask("resend", second, "kim@example.org", "192.0.2.8");
  const mails = await linkMails("kim@example.org");
  expect(mails).toHaveLength(2);
  expect(linkIn(mails[1].text_body)).toBe(tokenOf(other));
});

it("a booking taken by hand with an address gets its first private link on request", async () => {
  const id = await siteEvent(api);
  const byHand = await api.t.request(`/api/admin/events/${id}/bookings`, {
    method: "POST",
    token: api.token,
    json: { name: "Pat Jones", email: "pat@example.org", adults: 1, children: 0 },
  });
  expect(byHand.status).toBe(201);
  await ask("resend", id, "pat@example.org", "192.0.2.9");
  const [mail] = await linkMails("pat@example.org");
  const token = linkIn(mail.text_body) ?? "";
  expect(await stillWorks(token)).toBe(200);
  // Asked again later, the same link: it is the family's now.
  api.t.clock.advance(10 * MINUTE);
  await ask("resend", id, "pat@example.org", "192.0.2.9");
  expect((await linkMails("pat@example.org")).map((one) => linkIn(one.text_body))).toEqual([token, token]);
});
