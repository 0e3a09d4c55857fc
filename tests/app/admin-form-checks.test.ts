import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as eventsAction } from "~/routes/admin.events";
import { args, failureOf, settle, withUpstream } from "./admin-test-helpers";
import { createHarness, post, type Harness } from "./harness";

/**
 * How an admin form's problems are told: the upstream's refusals are worded by their
 * code (docs/product.md §5, §8), never by their sentence.
 */
let h: Harness;
let cookie: string;
beforeAll(async () => {
  h = await createHarness();
  cookie = await h.signIn();
});
afterAll(() => h.close());

type Action = typeof eventsAction;
const send = (action: Action, path: string, form: FormData, context: AppLoadContext = h.context) =>
  settle(() => action(args(post(path, form, cookie), context)));

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const event = {
  intent: "create",
  name: "Kite day",
  date: "2031-06-01T10:30",
  bookingUrl: "https://www.example.com/book/kites",
  comment: "Bring a kite.",
};

describe("an upstream's refusal of a field", () => {
  /** The events action against an upstream that refuses every new event with `body`. */
  async function refusedWith(body: Record<string, unknown>) {
    const context = withUpstream(h.context, (request) =>
      new URL(request.url).pathname === "/api/admin/events" && request.method === "POST"
        ? Response.json(body, { status: 400 })
        : null,
    );
    return failureOf(await send(eventsAction, "/admin/events", formOf(event), context));
  }

  it("is worded by its code, whatever its sentence says", async () => {
    const url = await refusedWith({ message: "bookingUrl: not a web link", field: "bookingUrl", code: "url" });
    expect(url.fieldErrors).toEqual({ bookingUrl: "Booking URL must start with http:// or https://" });
    expect(url.notice).toEqual({
      kind: "error",
      title: "Failed to create event: Booking URL must start with http:// or https://",
    });
    const long = await refusedWith({ message: "name: far too long", field: "name", code: "too-long", max: 120 });
    expect(long.fieldErrors).toEqual({ name: "Name is too long: at most 120 characters" });
  });

  it("keeps its own sentence when its code is unknown or missing", async () => {
    const unknown = await refusedWith({ message: "name: must rhyme", field: "name", code: "rhyme" });
    expect(unknown.fieldErrors).toEqual({ name: "Name must rhyme" });
    const none = await refusedWith({ message: "name: must be at most 200 characters", field: "name" });
    expect(none.fieldErrors).toEqual({ name: "Name must be at most 200 characters" });
  });
});
