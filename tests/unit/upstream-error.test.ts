import { describe, expect, it } from "vitest";
import { describeProblem } from "~/lib/admin/forms/messages";
import { EVENT_LABELS } from "~/lib/admin/forms/labels";
import { UpstreamError } from "~/lib/upstream/client.server";

describe("an upstream's non-OK answer", () => {
  it("has the message docs/product.md, 'The calls it makes' gives: status, a colon and the body, or the status text", () => {
    expect(new UpstreamError(400, '{"message":"name: is required"}', "Bad Request").message).toBe(
      '400: {"message":"name: is required"}',
    );
    expect(new UpstreamError(502, "", "Bad Gateway").message).toBe("502: Bad Gateway");
  });

  it("keeps the upstream's own words, and the field it blamed", () => {
    const error = new UpstreamError(
      400,
      '{"message":"bookingUrl: must be an http or https URL","field":"bookingUrl"}',
      "",
    );
    expect(error.serverMessage).toBe("bookingUrl: must be an http or https URL");
    expect(error.field).toBe("bookingUrl");
    // Only a JSON body's `message` counts as the login's "message on failure".
    expect(new UpstreamError(502, "<html>Bad gateway</html>", "").jsonMessage).toBeUndefined();
    expect(new UpstreamError(401, '{"message":"Invalid username or password"}', "").jsonMessage).toBe(
      "Invalid username or password",
    );
  });

  it("says nothing of its own when the upstream said nothing", () => {
    expect(new UpstreamError(503, "", "Service Unavailable").serverMessage).toBeUndefined();
  });
});

describe("a problem as the administrator reads it", () => {
  const refused = (status: number, message: string, field?: string, problem?: { code: string; max?: number }) =>
    new UpstreamError(status, JSON.stringify({ message, field, ...problem }), "");

  it("names the field by the form's label and says the rule plainly, without codes or field names", () => {
    const url = refused(400, "bookingUrl: must be an http or https URL", "bookingUrl", { code: "url" });
    expect(describeProblem(url, EVENT_LABELS)).toEqual({
      field: "bookingUrl",
      text: "Booking URL must start with http:// or https://",
    });
    const missing = refused(400, "comment: is required", "comment", { code: "required" });
    expect(describeProblem(missing, EVENT_LABELS).text).toBe("Description is required");
    const long = refused(400, "name: must be at most 200 characters", "name", { code: "too-long", max: 200 });
    expect(describeProblem(long, EVENT_LABELS).text).toBe("Name is too long: at most 200 characters");
  });

  it("reads the code and the limit, not the sentence; an unknown code keeps the sentence", () => {
    const reworded = refused(400, "name: too many letters", "name", { code: "too-long", max: 150 });
    expect(reworded.problem).toEqual({ code: "too-long", max: 150 });
    expect(describeProblem(reworded, EVENT_LABELS).text).toBe("Name is too long: at most 150 characters");
    const unknown = refused(400, "name: must rhyme", "name", { code: "rhyme" });
    expect(describeProblem(unknown, EVENT_LABELS).text).toBe("Name must rhyme");
  });

  it("keeps a plain message, and puts a server fault or a lost connection in words", () => {
    expect(describeProblem(refused(409, "That name is taken"), EVENT_LABELS)).toEqual({ text: "That name is taken" });
    const fault = describeProblem(new UpstreamError(500, "SQLITE_BUSY: database is locked", ""), EVENT_LABELS).text;
    expect(fault).toBe("The server had a problem saving this. Please try again in a moment.");
    expect(describeProblem(undefined, EVENT_LABELS).text).toBe(
      "The server could not be reached. Please try again in a moment.",
    );
    expect(describeProblem(refused(404, "Event not found"), EVENT_LABELS).text).toBe("Event not found");
  });
});
