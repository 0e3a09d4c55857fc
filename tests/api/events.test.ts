import { describe, expect, it } from "vitest";
import { asVisitorsSeeIt } from "./publishing-helpers";
import { expect400, IMAGE_PATH, validEvent } from "./content-fixtures";
import { freshApiEachTest, json, type ErrorJson } from "./helpers";

/** Events through the /api: the administrator's create, edit and delete, the public list, what is refused. */
const api = freshApiEachTest();

describe("events", () => {
  it("creates, lists, updates and deletes an event", async () => {
    const created = await api.t.request("/api/admin/events", {
      method: "POST",
      token: api.token,
      json: { ...validEvent, organiser: "Tom", location: "", imageUrl: "" },
    });
    expect(created.status).toBe(201);
    const event = await json(created);
    const createdAt = api.t.clock.now().toISOString();
    expect(event).toEqual({
      id: expect.any(Number),
      ...validEvent,
      organiser: "Tom",
      location: null,
      imageUrl: null,
      imageAlt: null,
      createdAt,
      updatedAt: createdAt,
      // docs/product.md, 'Publishing': every admin answer says the event's state and version.
      status: "published",
      publishAt: createdAt,
      version: 1,
    });

    // Visitors' answers are the product spec's shape, without the state and version.
    const list = await api.t.request("/api/events");
    expect(list.status).toBe(200);
    const seen = asVisitorsSeeIt(event);
    expect(await list.json()).toEqual([seen]);

    // An edit moves updatedAt (calendars and feeds tell changes by it); createdAt stays.
    api.t.clock.advance(90_000);
    const updated = await api.t.request(`/api/admin/events/${event.id}`, {
      method: "PUT",
      token: api.token,
      json: { ...event, date: "2026-04-11T09:30:00+01:00", location: "School gates", imageUrl: IMAGE_PATH },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toEqual({
      ...event,
      date: "2026-04-11T08:30:00.000Z",
      location: "School gates",
      imageUrl: IMAGE_PATH,
      updatedAt: api.t.clock.now().toISOString(),
      version: 2,
    });

    const deleted = await api.t.request(`/api/admin/events/${event.id}`, { method: "DELETE", token: api.token });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ ok: true });
    expect(await (await api.t.request("/api/events")).json()).toEqual([]);
  });

  it("lists events by date ascending", async () => {
    for (const date of ["2026-06-01", "2025-12-25", "2026-03-15T18:00:00Z"]) {
      await api.t.request("/api/admin/events", {
        method: "POST",
        token: api.token,
        json: { ...validEvent, name: date, date },
      });
    }
    const events = await json<Array<{ name: string }>>(await api.t.request("/api/events"));
    expect(events.map((e) => e.name)).toEqual(["2025-12-25", "2026-03-15T18:00:00Z", "2026-06-01"]);
  });

  it.each([
    [{ ...validEvent, name: undefined }, "name", /is required/],
    [{ ...validEvent, name: "   " }, "name", /is required/],
    [{ ...validEvent, date: undefined }, "date", /is required/],
    [{ ...validEvent, date: "next tuesday" }, "date", /valid date/],
    [{ ...validEvent, comment: "" }, "comment", /is required/],
    [{ ...validEvent, bookingUrl: undefined }, "bookingUrl", /is required/],
    [{ ...validEvent, bookingUrl: "javascript:alert(1)" }, "bookingUrl", /must be an http or https URL/],
    [{ ...validEvent, bookingUrl: "ftp://example.org/x" }, "bookingUrl", /must be an http or https URL/],
    [{ ...validEvent, bookingUrl: "example.org" }, "bookingUrl", /must be an http or https URL/],
    [{ ...validEvent, imageUrl: "data:image/png;base64,AAAA" }, "imageUrl", /http or https URL/],
    [{ ...validEvent, imageUrl: "/objects/../etc/passwd" }, "imageUrl", /http or https URL/],
    [{ ...validEvent, organiser: 5 }, "organiser", /must be text/],
    [{ ...validEvent, location: "x".repeat(201) }, "location", /at most 200/],
  ])("400 for invalid event %#", async (body, field, problem) => {
    const res = await api.t.request("/api/admin/events", { method: "POST", token: api.token, json: body });
    await expect400(res, field, problem);
    const put = await api.t.request("/api/admin/events/1", { method: "PUT", token: api.token, json: body });
    await expect400(put, field, problem);
  });

  it("404 for an unknown or non-integer id", async () => {
    for (const id of ["999", "abc", "1.5", "-1", "0"]) {
      const put = await api.t.request(`/api/admin/events/${id}`, { method: "PUT", token: api.token, json: validEvent });
      expect(put.status, `PUT ${id}`).toBe(404);
      expect((await json<ErrorJson>(put)).message).toEqual(expect.any(String));
      const del = await api.t.request(`/api/admin/events/${id}`, { method: "DELETE", token: api.token });
      expect(del.status, `DELETE ${id}`).toBe(404);
    }
  });
});
