import { beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/admin.events";
import type { StoredEvent } from "../fixtures/stored";
import { args, failureOf, settle, tokenOf } from "./admin-test-helpers";
import { flashOf, ORIGIN, post, signedInHarness } from "./harness";

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
