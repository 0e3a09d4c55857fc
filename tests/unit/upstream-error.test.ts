import { describe, expect, it } from "vitest";
import { describeError } from "~/lib/admin.server";
import { UpstreamError } from "~/lib/upstream.server";

describe("an upstream's non-OK answer", () => {
  it("has the message SPEC.md §7 gives: status, a colon and the body, or the status text", () => {
    expect(new UpstreamError(400, '{"message":"name: is required"}', "Bad Request").message).toBe(
      '400: {"message":"name: is required"}',
    );
    expect(new UpstreamError(502, "", "Bad Gateway").message).toBe("502: Bad Gateway");
  });

  it("gives the upstream's own words to notices, and the field it blamed", () => {
    const error = new UpstreamError(400, '{"message":"bookingUrl: must be an http or https URL","field":"bookingUrl"}', "");
    expect(error.serverMessage).toBe("bookingUrl: must be an http or https URL");
    expect(error.field).toBe("bookingUrl");
    expect(describeError(error)).toBe("400: bookingUrl: must be an http or https URL");
    expect(describeError(new UpstreamError(500, "Database is locked", ""))).toBe("500: Database is locked");
    // Only a JSON body's `message` counts as the login's "message on failure".
    expect(new UpstreamError(502, "<html>Bad gateway</html>", "").jsonMessage).toBeUndefined();
    expect(new UpstreamError(401, '{"message":"Invalid username or password"}', "").jsonMessage).toBe(
      "Invalid username or password",
    );
  });

  it("says nothing of its own when the upstream said nothing", () => {
    const error = new UpstreamError(503, "", "Service Unavailable");
    expect(error.serverMessage).toBeUndefined();
    expect(describeError(error)).toBe("503: Service Unavailable");
  });
});
