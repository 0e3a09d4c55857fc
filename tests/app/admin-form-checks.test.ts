import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { action as eventsAction } from "~/routes/admin.events";
import { action as galleryAction } from "~/routes/admin.gallery";
import { action as newsAction } from "~/routes/admin.news";
import { pngImage } from "../fixtures/images";
import { args, failureOf, formOf, settle, withUpstream, picnicEventForm } from "./admin-test-helpers";
import { post, signedInHarness } from "./harness";

/**
 * How an admin form's problems are found and told: the text is checked before a file
 * sent with it is stored, and the upstream's refusals are worded by their code
 * (docs/product.md, 'Validation rules', 'The error catalogue'), never by their sentence.
 */
const session = signedInHarness();

type Action = typeof eventsAction;
const send = (action: Action, path: string, form: FormData, context = session.h.context) =>
  settle(() => action(args(post(path, form, session.cookie), context)));

const png = async () => new File([new Uint8Array(await pngImage(64, 48))], "photo.png", { type: "image/png" });

/** A context that notes every upstream call storing an image (both upload flows). */
function watchingUploads(): { context: AppLoadContext; uploads: string[] } {
  const uploads: string[] = [];
  const context = withUpstream(session.h.context, (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/api/admin/upload" || pathname === "/api/objects/upload") uploads.push(pathname);
    return null;
  });
  return { context, uploads };
}

const event = { ...picnicEventForm, name: "Kite day" };

describe("an admin form with a file", () => {
  it("stores the file once its text is accepted", async () => {
    const { context, uploads } = watchingUploads();
    const response = await send(eventsAction, "/admin/events", formOf(event, await png()), context);
    expect(response.status).toBe(302);
    expect(uploads).toEqual(["/api/admin/upload"]);
  });

  it("stores no file when a text field beside it is refused", async () => {
    const { context, uploads } = watchingUploads();
    const noComment = await failureOf(
      await send(eventsAction, "/admin/events", formOf({ ...event, comment: " " }, await png()), context),
    );
    expect(noComment.fieldErrors).toEqual({ comment: "Description is required" });

    // The /api's own rules too: an address it would refuse, a name over its limit.
    const ftpBooking = formOf({ ...event, bookingUrl: "ftp://example.org/book" }, await png());
    const badUrl = await failureOf(await send(eventsAction, "/admin/events", ftpBooking, context));
    expect(badUrl.fieldErrors).toEqual({ bookingUrl: "Booking URL must start with http:// or https://" });
    const longName = formOf({ ...event, name: "x".repeat(201) }, await png());
    const tooLong = await failureOf(await send(eventsAction, "/admin/events", longName, context));
    expect(tooLong.fieldErrors).toEqual({ name: "Name is too long: at most 200 characters" });

    const longCaption = formOf({ intent: "create", caption: "x".repeat(501) }, await png());
    const gallery = await failureOf(await send(galleryAction, "/admin/gallery", longCaption, context));
    expect(gallery.fieldErrors).toEqual({ caption: "Caption is too long: at most 500 characters" });

    const noTitle = formOf({ intent: "create", title: "", publishedAt: "2030-07-01", content: "Hi" }, await png());
    const news = await failureOf(await send(newsAction, "/admin/news", noTitle, context));
    expect(news.fieldErrors).toEqual({ title: "Title is required" });

    expect(uploads).toEqual([]);
  });
});

describe("an upstream's refusal of a field", () => {
  /** The events action against an upstream that refuses every new event with `body`. */
  async function refusedWith(body: Record<string, unknown>) {
    const context = withUpstream(session.h.context, (request) =>
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
