import { describe, expect, it } from "vitest";
import { loader as eventsLoader } from "~/routes/admin.events";
import { loader as newsLoader } from "~/routes/admin.news";
import type { FormFailure } from "~/lib/admin/forms/form-failure";
import { picnicEventForm } from "./admin-test-helpers";
import { editConflictHarness, type AdminItem } from "./edit-conflict-helpers";

/**
 * Two people editing one news item or event (docs/product.md, 'Publishing', 'No edit
 * lost'; issue 40, item 14), through the dialogs' loaders and actions and the real /api:
 * what only the other changed is kept; a field both changed is shown side by side with a
 * choice, and nothing is saved until it is made.
 */

const { admin, saveAsSomeoneElse, stored, opened, sendNews, sendEvent } = editConflictHarness();

const cakeSale = {
  intent: "create",
  title: "Cake sale",
  publishedAt: "2030-03-01",
  content: "<p>Bring cakes.</p>",
  imageUrl: "",
  imageAlt: "",
};

/** The item made, Sam's save over it, and the secretary's form as she opened it before. */
async function samsStory() {
  const made = await sendNews(cakeSale);
  expect(made.status).toBe(302);
  const all = await admin<AdminItem[]>("/api/admin/news?limit=100");
  const id = String(all.find((item) => item.title === "Cake sale")?.id);
  const hers = await opened(newsLoader, `/admin/news?edit=${id}`);
  await saveAsSomeoneElse(`/api/admin/news/${id}`, {
    title: "Cake sale on Friday",
    content: "<p>Bring cakes.</p><p>Sam's sentence.</p>",
    publishedAt: "2030-03-01T00:00:00.000Z",
    version: hers.version,
  });
  const typed = {
    ...cakeSale,
    intent: "update",
    id,
    version: String(hers.version),
    state: "published",
    content: "<p>Bring cakes.</p><p>The secretary's sentence.</p>",
  };
  return { id, typed, path: `/api/admin/news/${id}` };
}

describe("a save over a colleague's newer one", () => {
  it("keeps Sam's title she never touched, shows the text both changed side by side, and saves her choice over his version", async () => {
    const { id, typed, path } = await samsStory();
    const refused = await sendNews(typed, id);
    expect(refused.status).toBe(409);
    const failure = (await refused.json()) as FormFailure;
    expect(failure.conflict).toEqual({
      message: expect.stringMatching(/^This was changed by admin at .+ since you opened it\.$/),
      conflicts: [
        {
          name: "content",
          label: "Content",
          mine: { html: "<p>Bring cakes.</p><p>The secretary's sentence.</p>" },
          theirs: { html: "<p>Bring cakes.</p><p>Sam's sentence.</p>" },
          theirsValue: "<p>Bring cakes.</p><p>Sam's sentence.</p>",
        },
      ],
      kept: ["Title"],
      version: 2,
      status: "published",
      base: "1",
    });
    // The form now holds Sam's title and her text, over his version; nothing was saved.
    expect(failure.result.initialValue).toMatchObject({
      title: "Cake sale on Friday",
      content: "<p>Bring cakes.</p><p>The secretary's sentence.</p>",
      version: "2",
    });
    expect(await stored(path)).toMatchObject({ content: "<p>Bring cakes.</p><p>Sam's sentence.</p>", version: 2 });

    const again = await sendNews(
      {
        ...(failure.result.initialValue as Record<string, string>),
        conflicts: "content",
        conflictBase: "1",
        "keep-content": "mine",
        "theirs-content": "<p>Bring cakes.</p><p>Sam's sentence.</p>",
      },
      id,
    );
    expect(again.status).toBe(302);
    expect(await stored(path)).toMatchObject({
      title: "Cake sale on Friday",
      content: "<p>Bring cakes.</p><p>The secretary's sentence.</p>",
      version: 3,
    });
  });

  it("'Keep theirs' saves their value; a save without a choice saves nothing and asks again", async () => {
    const { id, typed, path } = await samsStory();
    const failure = (await (await sendNews(typed, id)).json()) as FormFailure;
    const form = {
      ...(failure.result.initialValue as Record<string, string>),
      conflicts: "content",
      conflictBase: "1",
      "theirs-content": "<p>Bring cakes.</p><p>Sam's sentence.</p>",
    };
    const unchosen = await sendNews(form, id);
    expect(unchosen.status).toBe(409);
    expect(((await unchosen.json()) as FormFailure).conflict?.conflicts.map((field) => field.name)).toEqual([
      "content",
    ]);
    expect(await stored(path)).toMatchObject({ version: 2 });

    expect((await sendNews({ ...form, "keep-content": "theirs" }, id)).status).toBe(302);
    expect(await stored(path)).toMatchObject({
      title: "Cake sale on Friday",
      content: "<p>Bring cakes.</p><p>Sam's sentence.</p>",
      version: 3,
    });
  });

  it("events: a change to another field is merged at once; a description both changed is a choice", async () => {
    const made = await sendEvent({ ...picnicEventForm, name: "Sports day" });
    expect(made.status).toBe(302);
    const events = await admin<AdminItem[]>("/api/admin/events?limit=100");
    const id = String(events.find((event) => event.name === "Sports day")?.id);
    const path = `/api/admin/events/${id}`;
    const hers = await opened(eventsLoader, `/admin/events?edit=${id}`);
    const before = await stored(path);
    await saveAsSomeoneElse(path, { ...before, name: "Sports day (indoors)", comment: "In the hall.", version: 1 });

    const mine = { ...picnicEventForm, name: "Sports day", intent: "update", id, version: String(hers.version) };
    const merged = await sendEvent({ ...mine, location: "The hall" }, id);
    expect(merged.status).toBe(302);
    expect(await stored(path)).toMatchObject({ name: "Sports day (indoors)", location: "The hall", version: 3 });

    const refused = await sendEvent({ ...mine, comment: "On the field." }, id);
    expect(refused.status).toBe(409);
    const failure = (await refused.json()) as FormFailure;
    expect(failure.conflict?.conflicts).toEqual([
      {
        name: "comment",
        label: "Description",
        mine: { text: "On the field." },
        theirs: { text: "In the hall." },
        theirsValue: "In the hall.",
      },
    ]);
    expect(failure.conflict?.kept).toEqual(["Name", "Location"]);
    const chosen = {
      ...(failure.result.initialValue as Record<string, string>),
      conflicts: "comment",
      conflictBase: "1",
      "keep-comment": "theirs",
      "theirs-comment": "In the hall.",
    };
    expect((await sendEvent(chosen, id)).status).toBe(302);
    expect(await stored(path)).toMatchObject({
      name: "Sports day (indoors)",
      comment: "In the hall.",
      location: "The hall",
      version: 4,
    });
  });
});
