import { describe, expect, it } from "vitest";
import { member } from "./committee-helpers";
import { validEvent } from "./content-fixtures";
import { freshApiEachTest, json, type ErrorJson } from "./helpers";

/**
 * docs/product.md, 'Publishing', 'No edit lost': an event's booking settings are one field
 * of its revisions, merged whole, so a save typed over an older version no longer puts
 * back the places a colleague changed meanwhile.
 */
const api = freshApiEachTest();

type Item = Record<string, unknown> & { id: number; version: number };
type Conflict = ErrorJson & { current: Item; conflicts: string[]; merged: Record<string, unknown> };

const tenPlaces = { mode: "site", places: 10, maxPerBooking: 4, askChild: false, closesAt: null, waitingList: true };
const opened = { ...validEvent, booking: tenPlaces };

const put = (path: string, body: object, token = api.token) =>
  api.t.request(path, { method: "PUT", token, json: body });
const read = async <T = Item>(path: string) => json<T>(await api.t.request(path, { token: api.token }));
const bookingOf = (path: string) => read<Record<string, unknown>>(`${path}/booking`);

/** The event booked here for 10, then Sam's save over version 1 giving it 12 places. */
async function samsTwelvePlaces(): Promise<string> {
  const res = await api.t.request("/api/admin/events", { method: "POST", token: api.token, json: opened });
  expect(res.status).toBe(201);
  const path = `/api/admin/events/${(await json<Item>(res)).id}`;
  const sam = await member(api.t, api.token, "sam", "editor");
  const samsSave = await put(path, { ...opened, booking: { ...tenPlaces, places: 12 }, version: 1 }, sam.token);
  expect(samsSave.status).toBe(200);
  return path;
}

describe("an event's booking settings over a newer version", () => {
  it("keeps the places Sam changed when the secretary, from an older copy, changed only the name", async () => {
    const path = await samsTwelvePlaces();
    const mine = await put(path, { ...opened, name: "Bike ride to the lake", version: 1 });
    expect(mine.status).toBe(200);
    expect(await json(mine)).toMatchObject({ name: "Bike ride to the lake", version: 3 });
    expect(await bookingOf(path)).toEqual({ ...tenPlaces, places: 12 });

    // Its revision keeps the settings as they now are.
    const [latest] = await read<Array<{ id: number }>>(`${path}/revisions`);
    expect((await read<{ fields: Item }>(`${path}/revisions/${latest.id}`)).fields.booking).toEqual({
      ...tenPlaces,
      places: 12,
    });

    // A save that leaves `booking` out keeps the settings as they are, over a newer version too.
    const { booking: _booking, ...withoutBooking } = opened;
    expect((await put(path, { ...withoutBooking, comment: "Bring water.", version: 2 })).status).toBe(200);
    expect(await bookingOf(path)).toEqual({ ...tenPlaces, places: 12 });
  });

  it("answers 409 naming `booking` when both changed the settings, and saves the choice made over their version", async () => {
    const path = await samsTwelvePlaces();
    const closesAt = "2026-04-09T18:00:00.000Z";
    const refused = await put(path, { ...opened, name: "My name", booking: { ...tenPlaces, closesAt }, version: 1 });
    expect(refused.status).toBe(409);
    const body = await json<Conflict>(refused);
    expect(body.conflicts).toEqual(["booking"]);
    expect(body.current).toMatchObject({ version: 2, booking: { ...tenPlaces, places: 12 } });
    expect(body.merged).toMatchObject({ name: "My name", booking: { ...tenPlaces, closesAt } });
    expect(await bookingOf(path)).toEqual({ ...tenPlaces, places: 12 });
    expect(await read(path)).toMatchObject({ name: validEvent.name, version: 2 });

    // Their settings chosen, over the version shown: my name and their places.
    const chosen = { ...opened, ...body.merged, booking: body.current.booking, version: 2 };
    expect((await put(path, chosen)).status).toBe(200);
    expect(await read(path)).toMatchObject({ name: "My name", version: 3 });
    expect(await bookingOf(path)).toEqual({ ...tenPlaces, places: 12 });
  });

  it("a revision kept before the settings were has them unknown: only differing settings conflict, the rest merges", async () => {
    const path = await samsTwelvePlaces();
    const id = path.split("/").pop() ?? "";
    // As a revision made before its booking settings were kept.
    const { db } = api.t.api.store;
    const first = await db
      .selectFrom("revisions")
      .select(["id", "fields"])
      .where("item_type", "=", "events")
      .where("item_key", "=", id)
      .where("version", "=", 1)
      .executeTakeFirstOrThrow();
    const { booking: _kept, ...older } = JSON.parse(first.fields) as Record<string, unknown>;
    await db
      .updateTable("revisions")
      .set({ fields: JSON.stringify(older) })
      .where("id", "=", first.id)
      .execute();

    const refused = await put(path, { ...opened, name: "My name", version: 1 });
    expect(refused.status).toBe(409);
    expect((await json<Conflict>(refused)).conflicts).toEqual(["booking"]);
    // The same settings as theirs are no conflict: the name merges.
    const same = await put(path, { ...opened, name: "My name", booking: { ...tenPlaces, places: 12 }, version: 1 });
    expect(same.status).toBe(200);
    expect(await json(same)).toMatchObject({ name: "My name", version: 3 });
  });

  it("a form opened before Sam closed bookings from the door list keeps them closed", async () => {
    const res = await api.t.request("/api/admin/events", { method: "POST", token: api.token, json: opened });
    const path = `/api/admin/events/${(await json<Item>(res)).id}`;
    const sam = await member(api.t, api.token, "sam", "editor");
    const closed = await api.t.request(`${path}/bookings/close`, { method: "POST", token: sam.token });
    expect(closed.status).toBe(200);
    const closesAt = api.t.clock.now().toISOString();
    // Closing is a new version, kept as Sam's in the event's history.
    expect(await read(path)).toMatchObject({ version: 2 });
    const [latest] = await read<Array<{ by: { name: string }; version: number }>>(`${path}/revisions`);
    expect(latest).toMatchObject({ by: { name: "sam Name" }, version: 2 });

    expect((await put(path, { ...opened, name: "Bike ride to the lake", version: 1 })).status).toBe(200);
    expect(await bookingOf(path)).toEqual({ ...tenPlaces, closesAt });
  });

  it("a restore puts back the text of an old revision and leaves the booking settings as they are", async () => {
    const path = await samsTwelvePlaces();
    const revisions = await read<Array<{ id: number; version: number }>>(`${path}/revisions`);
    const first = revisions.find((revision) => revision.version === 1);
    const restored = await api.t.request(`${path}/revisions/${first?.id}/restore`, {
      method: "POST",
      token: api.token,
      json: { version: 2 },
    });
    expect(restored.status).toBe(200);
    expect(await bookingOf(path)).toEqual({ ...tenPlaces, places: 12 });
  });
});
