import { beforeAll, describe, expect, it } from "vitest";
import { seriesLine, type SeriesRule } from "~/lib/admin/series/series-words";
import { action, loader } from "~/routes/admin.events";
import type { StoredEvent } from "../fixtures/stored";
import { args, failureOf, settle, tokenOf } from "./admin-test-helpers";
import { flashOf, get, ORIGIN, post, signedInHarness } from "./harness";

/**
 * Repeating events on Manage Events: the create form's 'Repeats' fields read into the
 * `repeat` the /api takes, each problem shown at its field, and an occurrence's change or
 * delete sent with the scope its form asked. The /api's clock stands in August 2030, so
 * the series below lie inside the window its occurrences are made in.
 */
const NOW = new Date("2030-08-01T09:00:00.000Z");
const session = signedInHarness({ seedDemo: false, api: { now: () => NOW } });
let token = "";
beforeAll(async () => {
  token = (await tokenOf(session.cookie)) ?? "";
});

const send = (fields: Record<string, string>, path = "/admin/events") =>
  settle(() => action(args(post(path, fields, session.cookie), session.h.context)));
const stored = () => session.h.read<StoredEvent[]>("/api/events");
const named = async (name: string) => (await stored()).filter((event) => event.name === name);
const asAdmin = (path: string, init: RequestInit = {}) =>
  session.h.api.fetch(
    new Request(`${ORIGIN}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    }),
  );

/** The create form as a volunteer fills it in: Saturday football at 10:00, booked elsewhere. */
const football = {
  intent: "create",
  name: "Saturday football",
  date: "2030-09-07T10:00",
  bookingUrl: "https://www.example.com/book/football",
  comment: "Boots and water.",
  location: "The field",
  organiser: "",
  imageUrl: "",
  bookingMode: "external",
  repeats: "week",
  ends: "until",
  until: "2030-10-26",
  count: "",
};

describe("The event form's 'Repeats' fields", () => {
  it("checks each repeat field before asking the /api, each problem at its field, keeping what was typed", async () => {
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ repeats: "fortnightly" }, { repeats: "Repeats must be one of the choices" }],
      [{ ends: "sometime" }, { ends: "Ends must be one of the choices" }],
      [{ until: "" }, { until: "Last day is required" }],
      [{ until: "2030-02-30" }, { until: "Last day must be a valid date" }],
      [{ until: "2030-09-06" }, { until: "Last day must not be before the first event" }],
      [{ ends: "count", count: "" }, { count: "Number of times is required" }],
      [{ ends: "count", count: "101" }, { count: "Number of times must be a whole number from 1 to 100" }],
      [{ ends: "count", count: "2.5" }, { count: "Number of times must be a whole number from 1 to 100" }],
    ];
    for (const [typed, fieldErrors] of cases) {
      const failure = await failureOf(await send({ ...football, ...typed }, "/admin/events?new"));
      expect(failure.fieldErrors).toEqual(fieldErrors);
      expect(failure.notice).toEqual({
        kind: "error",
        title: `Failed to create event: ${Object.values(fieldErrors)[0]}`,
      });
      expect(failure.values).toMatchObject({ ...football, ...typed });
    }
    expect(await named("Saturday football")).toEqual([]);
  });

  it("shows a repeat problem together with the other fields' problems", async () => {
    const failure = await failureOf(await send({ ...football, name: " ", ends: "count", count: "0" }));
    expect(failure.fieldErrors).toEqual({
      name: "Name is required",
      count: "Number of times must be a whole number from 1 to 100",
    });
  });

  it("reads only the chosen end: a number typed beside 'On' is not looked at", async () => {
    const failure = await failureOf(await send({ ...football, name: " ", count: "lots" }));
    expect(failure.fieldErrors).toEqual({ name: "Name is required" });
  });

  it("makes a single event when 'Repeats' is 'Never', whatever the other repeat fields hold", async () => {
    const response = await send({ ...football, name: "One-off quiz", repeats: "never", until: "", count: "x" });
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Event created successfully" });
    expect(await named("One-off quiz")).toMatchObject([{ date: "2030-09-07T09:00:00.000Z" }]);
  });
});

describe("Changing or deleting an occurrence", () => {
  it("refuses a scope the form does not offer, at its field, before asking the /api", async () => {
    const [quiz] = await named("One-off quiz");
    const id = String(quiz.id);
    const change = await failureOf(await send({ ...football, intent: "update", id, scope: "some" }));
    expect(change.fieldErrors).toEqual({ scope: "Change must be one of the choices" });
    expect(change.notice).toEqual({
      kind: "error",
      title: "Failed to update event: Change must be one of the choices",
    });
    const remove = await failureOf(await send({ intent: "delete", id, scope: "everything" }));
    expect(remove.fieldErrors).toEqual({ scope: "Delete must be one of the choices" });
    expect(await named("One-off quiz")).toHaveLength(1);
    // The single event was neither changed nor deleted.
    expect((await asAdmin(`/api/admin/events/${id}`)).status).toBe(200);
  });
});

interface Occurrence extends StoredEvent {
  seriesId?: string | number | null;
}
const occurrencesOf = async (name: string) =>
  ((await session.h.read<Occurrence[]>("/api/events")) as Occurrence[])
    .filter((event) => event.name === name)
    .sort((one, other) => one.date.localeCompare(other.date));

describe("A series made, changed and cut short through the form", () => {
  it("sends the repeat to the /api: every Saturday at 10:00 up to the last day, each an event of the series", async () => {
    const response = await send(football);
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Event created successfully" });
    const made = await occurrencesOf("Saturday football");
    // 7 September to 26 October 2030: eight Saturdays, 10:00 in London (09:00 UTC in summer time, 10:00 after).
    expect(made.map((event) => event.date)).toEqual([
      "2030-09-07T09:00:00.000Z",
      "2030-09-14T09:00:00.000Z",
      "2030-09-21T09:00:00.000Z",
      "2030-09-28T09:00:00.000Z",
      "2030-10-05T09:00:00.000Z",
      "2030-10-12T09:00:00.000Z",
      "2030-10-19T09:00:00.000Z",
      "2030-10-26T09:00:00.000Z",
    ]);
    expect(new Set(made.map((event) => String(event.seriesId))).size).toBe(1);
    expect(made[0].seriesId).toBeTruthy();
  });

  it("shows the /api's refusal of a rule that holds no date at 'Repeats': term time only, with no term dates", async () => {
    const failure = await failureOf(
      await send({ ...football, name: "Never held", termTimeOnly: "on" }, "/admin/events?new"),
    );
    expect(Object.keys(failure.fieldErrors)).toEqual(["repeats"]);
    expect(failure.fieldErrors.repeats).toBe("Repeats: no date is held (term time skips every one)");
    expect(failure.notice?.title).toBe(`Failed to create event: ${failure.fieldErrors.repeats}`);
    expect(failure.values).toMatchObject({ name: "Never held", repeats: "week", termTimeOnly: "on" });
    expect(await occurrencesOf("Never held")).toEqual([]);
  });

  it("the list marks the occurrences, and an occurrence's edit form says its rule", async () => {
    const [first] = await occurrencesOf("Saturday football");
    const response = await settle(() =>
      loader(args(get(`/admin/events?edit=${first.id}`, session.cookie), session.h.context)),
    );
    const data = (await response.json()) as {
      events: Array<{ id: string; seriesId: string | null; series: SeriesRule | null }>;
    };
    const listed = data.events.find((event) => event.id === String(first.id));
    expect(listed?.seriesId).toBe(String(first.seriesId));
    expect(listed?.series && seriesLine(listed.series)).toBe("Repeats every week until 26 October 2030");
  });

  it("changes one occurrence alone ('This event'): it keeps its id and series, the others are as they were", async () => {
    const before = await occurrencesOf("Saturday football");
    const second = before[1];
    const response = await send(
      {
        ...football,
        intent: "update",
        id: String(second.id),
        // The form shows the occurrence's own date.
        date: "2030-09-14T10:00",
        location: "The school hall",
        scope: "one",
      },
      `/admin/events?edit=${second.id}`,
    );
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Event updated successfully" });
    const after = await occurrencesOf("Saturday football");
    expect(after.map((event) => [event.id, event.location, event.seriesId])).toEqual(
      before.map((event) => [event.id, event.id === second.id ? "The school hall" : "The field", event.seriesId]),
    );
  });

  it("changes 'This and following': the time moves from that day on, each keeping its own day", async () => {
    const before = await occurrencesOf("Saturday football");
    const fifth = before[4];
    const response = await send(
      { ...football, intent: "update", id: String(fifth.id), date: "2030-10-05T11:30", scope: "following" },
      `/admin/events?edit=${fifth.id}`,
    );
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Event updated successfully" });
    const after = await occurrencesOf("Saturday football");
    expect(after.map((event) => event.date)).toEqual([
      "2030-09-07T09:00:00.000Z",
      "2030-09-14T09:00:00.000Z",
      "2030-09-21T09:00:00.000Z",
      "2030-09-28T09:00:00.000Z",
      "2030-10-05T10:30:00.000Z",
      "2030-10-12T10:30:00.000Z",
      "2030-10-19T10:30:00.000Z",
      "2030-10-26T10:30:00.000Z",
    ]);
  });

  it("deletes 'This and following' from the seventh: the first six stay", async () => {
    const before = await occurrencesOf("Saturday football");
    const seventh = before[6];
    const response = await send(
      { intent: "delete", id: String(seventh.id), scope: "following" },
      `/admin/events?delete=${seventh.id}`,
    );
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Event deleted successfully" });
    expect((await occurrencesOf("Saturday football")).map((event) => event.id)).toEqual(
      before.slice(0, 6).map((event) => event.id),
    );
  });

  it("deletes 'All events in the series' from any of them; the part split off by 'This and following' is a series of its own", async () => {
    const before = await occurrencesOf("Saturday football");
    const response = await send({ intent: "delete", id: String(before[1].id), scope: "all" });
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Event deleted successfully" });
    expect((await occurrencesOf("Saturday football")).map((event) => event.id)).toEqual(
      before.slice(4).map((event) => event.id),
    );
  });
});
