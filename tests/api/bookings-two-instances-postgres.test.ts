import { expect, it } from "vitest";
import { availability, book, siteEvent, type Placed } from "./booking-helpers";
import { twoInstancesEachTest } from "./booking-instances";
import { json } from "./helpers";

/**
 * docs/product.md, 'Bookings': two instances of the /api on one PostgreSQL database, each
 * with its own pool of connections, take 200 bookings for the last 40 places at once;
 * the event's transaction (an advisory lock held by whichever instance has it) lets
 * exactly 40 in, and puts the rest on the waiting list in the order they were stored.
 */
const twoInstances = twoInstancesEachTest();

it("two instances booking 40 places for 200 families at once give exactly 40, the rest waiting in order", async () => {
  // 200 bookings wait their turn on one event's lock, each holding a pooled connection
  // (the tests' settings give the last ones a minute to get one: TEST_CONNECT_TIMEOUT_MS).
  const [a, b] = await twoInstances();
  const id = await siteEvent(a, { places: 40 });
  const answers = await Promise.all(
    Array.from({ length: 200 }, async (_, n) => {
      const res = await book(n % 2 === 0 ? a : b, id, { adults: 1, children: 0 });
      expect(res.status).toBe(201);
      return json<Placed>(res);
    }),
  );
  expect(answers.filter((one) => one.status === "confirmed")).toHaveLength(40);
  const positions = answers.flatMap((one) => (one.status === "waiting" ? [one.position] : []));
  expect(positions.sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(Array.from({ length: 160 }, (_, n) => n + 1));
  expect(await availability(b, id)).toMatchObject({ taken: 40, left: 0, waiting: 160 });
  const rows = await a.t.api.store.db
    .selectFrom("bookings")
    .select("status")
    .where("event_id", "=", id)
    .orderBy("id")
    .execute();
  expect(rows.slice(0, 40).every((row) => row.status === "confirmed")).toBe(true);
  expect(rows.slice(40).every((row) => row.status === "waiting")).toBe(true);
});
