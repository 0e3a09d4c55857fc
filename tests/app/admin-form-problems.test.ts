import { describe, expect, it } from "vitest";
import { action as eventsAction } from "~/routes/admin.events";
import { action as whatWeDoAction } from "~/routes/admin.what-we-do";
import { args, failureOf, formOf, picnicEventForm, settle, withUpstream } from "./admin-test-helpers";
import { post, signedInHarness } from "./harness";

/**
 * docs/decisions/admin-forms-on-conform.md: an admin form tells every field's problem at
 * once, each beside its own field in the form's words, whether the form's check or the
 * /api found it.
 */
const session = signedInHarness();

const sendEvent = (fields: Record<string, string>, context = session.h.context) =>
  settle(() => eventsAction(args(post("/admin/events", formOf(fields), session.cookie), context)));

const storedEventNames = async () => (await session.h.read<Array<{ name: string }>>("/api/events")).map((e) => e.name);

describe("an admin form with two bad fields", () => {
  it("shows both problems, each in its field's words, and keeps what was typed", async () => {
    const before = await storedEventNames();
    const failure = await failureOf(
      await sendEvent({
        ...picnicEventForm,
        name: "  ",
        bookingUrl: "ftp://example.org/book",
        location: "By the pond",
      }),
    );
    expect(failure.fieldErrors).toEqual({
      name: "Name is required",
      bookingUrl: "Booking URL must start with http:// or https://",
    });
    // The notice above the form names the first, as the SPEC's sentence has room for one.
    expect(failure.notice).toEqual({ kind: "error", title: "Failed to create event: Name is required" });
    expect(failure.values).toMatchObject({
      intent: "create",
      location: "By the pond",
      comment: picnicEventForm.comment,
    });
    expect(await storedEventNames()).toEqual(before);
  });

  it("tells every text of a page text form that is too long, not only the first", async () => {
    const fields = { mission: "x".repeat(50_001), activities: "A", impact: "y".repeat(50_001) };
    const response = await settle(() =>
      whatWeDoAction(args(post("/admin/what-we-do", fields, session.cookie), session.h.context)),
    );
    expect(response.status).toBe(400);
    const failure = await failureOf(response);
    expect(Object.keys(failure.fieldErrors)).toEqual(["mission", "impact"]);
    expect(failure.fieldErrors.impact).toMatch(/ is too long: at most 50000 characters$/);
  });
});

describe("a field the /api refuses", () => {
  it("lands on that field, worded by its code like the form's own problems", async () => {
    const context = withUpstream(session.h.context, (request) =>
      new URL(request.url).pathname === "/api/admin/events" && request.method === "POST"
        ? Response.json(
            { message: "location: over the limit", field: "location", code: "too-long", max: 40 },
            { status: 400 },
          )
        : null,
    );
    const response = await sendEvent({ ...picnicEventForm, location: "The big field behind the school hall" }, context);
    expect(response.status).toBe(400);
    const failure = await failureOf(response);
    expect(failure.fieldErrors).toEqual({ location: "Location is too long: at most 40 characters" });
    expect(failure.notice).toEqual({
      kind: "error",
      title: "Failed to create event: Location is too long: at most 40 characters",
    });
    expect(failure.values).toMatchObject({
      name: picnicEventForm.name,
      location: "The big field behind the school hall",
    });
  });
});
