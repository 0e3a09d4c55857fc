import { describe, expect, it } from "vitest";
import { orderForDisplay } from "~/lib/event-order";
import { action, loader } from "~/routes/admin.events";
import { pngImage } from "../fixtures/images";
import type { StoredEvent } from "../fixtures/stored";
import { adminListScreen, args, failureOf, formOf, settle, picnicEventForm as picnic } from "./admin-test-helpers";
import { flashOf, get } from "./harness";

const screen = adminListScreen<StoredEvent>({
  title: "Manage Events",
  path: "/admin/events",
  loader,
  action,
  list: "/api/events",
});
const { session, send, items: events } = screen;
const find = async (name: string) => (await events()).find((event) => event.name === name);

describe("Manage Events", () => {
  it("loads the events list with the site's time zone, upcoming soonest first, then past most recent first", async () => {
    const response = await settle(() => loader(args(get("/admin/events", session.cookie), session.h.context)));
    const data = (await response.json()) as { events: StoredEvent[]; timeZone: string };
    const now = new Date().toISOString();
    const expected = orderForDisplay(await events(), now).map((event) => event.name);
    expect(data.events.map((event) => event.name)).toEqual(expected);
    expect(data.timeZone).toBe("Europe/London");
  });

  it("creates an event, its date read in the site's time zone and sent as an ISO timestamp", async () => {
    const response = await send(picnic);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/events");
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Event created successfully" });
    expect(await find("Family picnic")).toMatchObject({
      date: "2031-06-01T09:30:00.000Z",
      comment: "Bring a blanket.\nAnd a ball.",
      bookingUrl: "https://www.example.com/book/picnic",
      location: "The park",
      organiser: null,
      imageUrl: null,
    });
  });

  it("creates an event with an image file sent with the form (no JavaScript)", async () => {
    const form = formOf(
      { ...picnic, name: "Kite day" },
      new File([new Uint8Array(await pngImage(64, 48))], "kite.png", { type: "image/png" }),
    );
    const response = await send(form);
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Event created successfully" });
    expect((await find("Kite day"))?.imageUrl).toMatch(/^\/objects\/images\/\S+$/);
  });

  it("refuses a file that is not a jpg, png or gif with 'Invalid file', keeping what was typed", async () => {
    const form = formOf({ ...picnic, name: "Text file day" }, new File(["hello"], "notes.txt", { type: "text/plain" }));
    const failure = await failureOf(await send(form));
    expect(failure.notice).toEqual({
      kind: "error",
      title: "Invalid file",
      description: "Please upload an image file (jpg, jpeg, png, gif)",
    });
    expect(failure.fieldErrors).toEqual({ imageUrl: "Please upload an image file (jpg, jpeg, png, gif)" });
    expect(failure.values).toMatchObject({ name: "Text file day", comment: picnic.comment });
    expect(await find("Text file day")).toBeUndefined();
  });

  it("refuses an image over 5 MB with 'File too large'", async () => {
    const form = formOf(
      { ...picnic, name: "Big picture" },
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" }),
    );
    const failure = await failureOf(await send(form));
    expect(failure.notice).toEqual({
      kind: "error",
      title: "File too large",
      description: "Image must be less than 5MB",
    });
    expect(failure.values.name).toBe("Big picture");
  });

  it("passes on the upstream's words when it refuses the uploaded file", async () => {
    const form = formOf(
      { ...picnic, name: "Fake png" },
      new File(["not really a png"], "fake.png", { type: "image/png" }),
    );
    const failure = await failureOf(await send(form));
    expect(failure.notice).toEqual({
      kind: "error",
      title: "Upload failed",
      description: "Please upload an image file (jpg, jpeg, png, gif)",
    });
  });

  it("reports a refused booking URL as 'Failed to create event: {error}' in the form's words, beside that field", async () => {
    const failure = await failureOf(await send({ ...picnic, name: "FTP event", bookingUrl: "ftp://x" }));
    expect(failure.notice).toEqual({
      kind: "error",
      title: "Failed to create event: Booking URL must start with http:// or https://",
    });
    expect(failure.fieldErrors).toEqual({ bookingUrl: "Booking URL must start with http:// or https://" });
    expect(failure.values).toMatchObject({
      name: "FTP event",
      bookingUrl: "ftp://x",
      date: picnic.date,
      comment: picnic.comment,
    });
    expect(await find("FTP event")).toBeUndefined();
  });

  it("names a missing description and an unreadable date before calling the upstream", async () => {
    const noComment = await failureOf(await send({ ...picnic, comment: "  " }));
    expect(noComment.notice).toEqual({ kind: "error", title: "Failed to create event: Description is required" });
    expect(noComment.fieldErrors).toEqual({ comment: "Description is required" });
    const badDate = await failureOf(await send({ ...picnic, date: "next tuesday" }));
    expect(badDate.fieldErrors).toEqual({ date: "Date must be a valid date" });
    const noSuchDay = await failureOf(await send({ ...picnic, date: "2027-02-30T10:00" }));
    expect(noSuchDay.fieldErrors).toEqual({ date: "Date must be a valid date" });
    const farAhead = await failureOf(await send({ ...picnic, date: "9999-12-31T22:00" }));
    expect(farAhead.fieldErrors).toEqual({ date: "Date must be between the years 1900 and 2200" });
  });

  it("updates an event, sending the full item with the date as an ISO timestamp", async () => {
    const event = await find("Family picnic");
    const response = await send(
      {
        ...picnic,
        intent: "update",
        id: String(event?.id),
        name: "Family picnic (rain date)",
        date: "2031-12-05T14:00",
        organiser: "Sam",
      },
      `/admin/events?edit=${event?.id}`,
    );
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Event updated successfully" });
    expect(await find("Family picnic (rain date)")).toMatchObject({
      id: event?.id,
      date: "2031-12-05T14:00:00.000Z",
      organiser: "Sam",
    });
  });

  it("reports a failed update as 'Failed to update event: {error}'", async () => {
    const failure = await failureOf(await send({ ...picnic, intent: "update", id: "999999" }));
    expect(failure.notice).toEqual({ kind: "error", title: "Failed to update event: Event not found" });
  });

  it("deletes an event", async () => {
    const event = await find("Family picnic (rain date)");
    const response = await send({ intent: "delete", id: String(event?.id) }, `/admin/events?delete=${event?.id}`);
    expect(response.headers.get("Location")).toBe("/admin/events");
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Event deleted successfully" });
    expect(await find("Family picnic (rain date)")).toBeUndefined();
  });

  it("reports a failed delete as 'Failed to delete event: {error}'", async () => {
    const failure = await failureOf(await send({ intent: "delete", id: "999999" }));
    expect(failure.notice).toEqual({ kind: "error", title: "Failed to delete event: Event not found" });
  });

  it("names the problem when the form's intent is unknown", async () => {
    const failure = await failureOf(await send({ intent: "rename", id: "1" }));
    expect(failure.notice).toEqual({
      kind: "error",
      title: "This form cannot be sent: reload the page and try again.",
    });
  });
});
