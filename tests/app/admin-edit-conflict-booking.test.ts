import { describe, expect, it } from "vitest";
import { loader as eventsLoader } from "~/routes/admin.events";
import { loader as historyLoader } from "~/routes/admin.events_.$id.history";
import type { FormFailure } from "~/lib/admin/forms/form-failure";
import { args, picnicEventForm, settle } from "./admin-test-helpers";
import { editConflictHarness, type AdminItem } from "./edit-conflict-helpers";
import { get } from "./harness";

/**
 * An event's booking settings in the Edit Event dialog over a colleague's newer save
 * (docs/product.md, 'Publishing', 'No edit lost'): one field, 'Booking', kept when only
 * the colleague changed it, and shown side by side in words with Keep mine / Keep theirs
 * when both did.
 */

const { session, admin, saveAsSomeoneElse, stored, opened, sendEvent } = editConflictHarness();

const onThisSite = { bookingMode: "site", places: "10", maxPerBooking: "4", closesAt: "", waitingList: "on" };
const twelvePlaces = { mode: "site", places: 12, maxPerBooking: 4, askChild: false, closesAt: null, waitingList: true };

/** An event booked here for 10, opened by the secretary, then given 12 places by Sam. */
async function samsTwelvePlaces(name: string) {
  const made = await sendEvent({ ...picnicEventForm, ...onThisSite, name });
  expect(made.status).toBe(302);
  const events = await admin<AdminItem[]>("/api/admin/events?limit=100");
  const id = String(events.find((event) => event.name === name)?.id);
  const path = `/api/admin/events/${id}`;
  const hers = await opened(eventsLoader, `/admin/events?edit=${id}`);
  const before = await stored(path);
  await saveAsSomeoneElse(path, { ...before, comment: "Bring a blanket.", booking: twelvePlaces, version: 1 });
  const typed = { ...picnicEventForm, ...onThisSite, name, intent: "update", id, version: String(hers.version) };
  return { id, path, typed };
}

const bookingOf = (path: string) => admin<Record<string, unknown>>(`${path}/booking`);

describe("the booking settings of an event two people edited", () => {
  it("keeps Sam's places when she changed the name, and shows them in the form when only the description is a choice", async () => {
    const { id, path, typed } = await samsTwelvePlaces("Sports day");
    const merged = await sendEvent({ ...typed, comment: picnicEventForm.comment, location: "The hall" }, id);
    expect(merged.status).toBe(302);
    expect(await stored(path)).toMatchObject({ location: "The hall", version: 3 });
    expect(await bookingOf(path)).toEqual(twelvePlaces);

    // From the copy opened before both saves: the description both changed is a choice; Sam's places fill the form.
    const refused = await sendEvent({ ...typed, comment: "On the field." }, id);
    expect(refused.status).toBe(409);
    const failure = (await refused.json()) as FormFailure;
    expect(failure.conflict?.conflicts.map((field) => field.name)).toEqual(["comment"]);
    expect(failure.conflict?.kept).toEqual(["Location", "Booking"]);
    expect(failure.result.initialValue).toMatchObject({ bookingMode: "site", places: "12", version: "3" });
  });

  it("shows the settings both changed side by side in words, and 'Keep theirs' saves their places", async () => {
    const { id, path, typed } = await samsTwelvePlaces("Bike ride");
    const refused = await sendEvent({ ...typed, comment: "Bring a blanket.", closesAt: "2031-05-31T18:00" }, id);
    expect(refused.status).toBe(409);
    const failure = (await refused.json()) as FormFailure;
    expect(failure.conflict?.conflicts).toEqual([
      {
        name: "booking",
        label: "Booking",
        mine: {
          text: "Booked on this site: 10 places, at most 4 a booking, waiting list, closes May 31, 2031 · 6pm",
        },
        theirs: {
          text: "Booked on this site: 12 places, at most 4 a booking, waiting list, closes when the event starts",
        },
        theirsValue: {
          bookingMode: "site",
          places: "12",
          maxPerBooking: "4",
          askChild: "",
          closesAt: "",
          waitingList: "on",
        },
      },
    ]);
    expect(await bookingOf(path)).toEqual(twelvePlaces);

    const theirs = {
      "theirs-booking.bookingMode": "site",
      "theirs-booking.places": "12",
      "theirs-booking.maxPerBooking": "4",
      "theirs-booking.askChild": "",
      "theirs-booking.closesAt": "",
      "theirs-booking.waitingList": "on",
    };
    const form = {
      ...(failure.result.initialValue as Record<string, string>),
      conflicts: "booking",
      conflictBase: "1",
    };
    expect((await sendEvent({ ...form, ...theirs, "keep-booking": "theirs" }, id)).status).toBe(302);
    expect(await stored(path)).toMatchObject({ comment: "Bring a blanket.", version: 3 });
    expect(await bookingOf(path)).toEqual(twelvePlaces);
  });

  it("'Keep mine' saves her closing time over his version", async () => {
    const { id, path, typed } = await samsTwelvePlaces("Quiz night");
    const mine = { ...typed, comment: "Bring a blanket.", closesAt: "2031-05-31T18:00" };
    const failure = (await (await sendEvent(mine, id)).json()) as FormFailure;
    const form = {
      ...(failure.result.initialValue as Record<string, string>),
      conflicts: "booking",
      conflictBase: "1",
    };
    expect((await sendEvent({ ...form, "keep-booking": "mine", "theirs-booking.places": "12" }, id)).status).toBe(302);
    expect(await bookingOf(path)).toEqual({ ...twelvePlaces, places: 10, closesAt: "2031-05-31T17:00:00.000Z" });
  });

  it("History tells what Sam changed of the booking in words", async () => {
    const { id, path } = await samsTwelvePlaces("Fun run");
    const [latest] = await admin<Array<{ id: number }>>(`${path}/revisions`);
    const screen = `/admin/events/${id}/history?rev=${latest.id}`;
    const response = await settle(() =>
      historyLoader({ ...args(get(screen, session.cookie), session.h.context), params: { id } }),
    );
    const { chosen } = (await response.json()) as {
      chosen: { changes: Array<{ label: string; parts: Array<{ change: string; text: string }> }> };
    };
    const booking = chosen.changes.find((change) => change.label === "Booking");
    const words = (kind: string) =>
      booking?.parts
        .filter((part) => part.change === kind)
        .map((part) => part.text.trim())
        .join(" ");
    expect(words("removed")).toBe("10");
    expect(words("added")).toBe("12");
    expect(booking?.parts.map((part) => part.text).join("")).toContain("Booked on this site: ");
  });
});
