import { expect, it } from "vitest";
import { book, siteEvent, tokenOf, type Placed } from "./booking-helpers";
import { twoInstancesEachTest } from "./booking-instances";
import { json } from "./helpers";

/**
 * docs/product.md, 'Bookings': the private link is e-mailed again at most once per address
 * per event per 10 minutes, counted in the database, so two instances on one PostgreSQL
 * database asked 40 times at once from 4 client addresses send it once, and it is the
 * link the family already has.
 */
const twoInstances = twoInstancesEachTest();

it("two instances asked for one family's link 40 times at once send one e-mail, with the link the family has", async () => {
  const [a, b] = await twoInstances();
  const id = await siteEvent(a, {});
  const mine = await json<Placed>(await book(a, id, { email: "sam@example.org" }));
  for (const one of [a, b]) one.t.clock.advance(10 * 60_000);

  // Half ask for the link, half book again with the address; each client address on both instances.
  const statuses = await Promise.all(
    Array.from({ length: 40 }, async (_, n) => {
      const headers = { "x-forwarded-for": `198.51.100.${n % 4}` };
      const instance = [a, b][Math.floor(n / 4) % 2].t;
      const res =
        n % 2 === 0
          ? await instance.request("/api/bookings/resend", {
              method: "POST",
              headers,
              json: { eventId: id, email: "sam@example.org" },
            })
          : await instance.request(`/api/events/${id}/bookings`, {
              method: "POST",
              headers,
              json: { name: "Someone Else", email: "SAM@example.org", adults: 1, children: 0 },
            });
      return res.status;
    }),
  );
  expect(statuses.filter((status) => status === 202)).toHaveLength(20);
  expect(statuses.filter((status) => status === 409)).toHaveLength(20);

  const mails = await a.t.api.store.db
    .selectFrom("mail_outbox")
    .select("text_body")
    .where("key", "like", "booking-link:%")
    .execute();
  expect(mails).toHaveLength(1);
  expect(mails[0].text_body).toContain(`/bookings/${tokenOf(mine)}`);
  expect((await b.t.request(`/api/bookings/${tokenOf(mine)}`)).status).toBe(200);
});
