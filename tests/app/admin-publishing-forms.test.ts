import { describe, expect, it } from "vitest";
import { action as newsAction, loader as newsLoader } from "~/routes/admin.news";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import type { FormFailure } from "~/lib/admin/forms/form-failure";
import { args, failureOf, settle, withUpstream } from "./admin-test-helpers";
import { get, post, signedInHarness } from "./harness";

/**
 * What the news dialog sends for each of its saves (publishing), read at
 * the upstream's door, and how Manage News reads an upstream that has no publishing calls
 * (one that speaks the product spec alone): every item published, no filter, no dashboard line.
 */

const session = signedInHarness();

/** The harness's /api, with the bodies of the news writes it was sent kept. */
function recordingWrites() {
  const sent: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];
  const context = session.h.context;
  const inner = context.apiFetch;
  if (!inner) throw new Error("the harness context has no apiFetch");
  return {
    sent,
    context: {
      ...context,
      apiFetch: async (request: Request) => {
        const url = new URL(request.url);
        if (request.method !== "GET" && url.pathname.startsWith("/api/admin/news")) {
          sent.push({ method: request.method, path: url.pathname, body: (await request.clone().json()) as never });
        }
        return inner(request);
      },
    },
  };
}

const form = (extra: Record<string, string>) => ({
  intent: "create",
  title: "What it sends",
  publishedAt: "2030-05-01",
  content: "<p>x</p>",
  imageUrl: "",
  publishAt: "",
  version: "",
  state: "",
  ...extra,
});

describe("what the news dialog sends", () => {
  it("the product spec's button leaves the state out of a create, as the product spec's create did", async () => {
    const { sent, context } = recordingWrites();
    await settle(() => newsAction(args(post("/admin/news", form({}), session.cookie), context)));
    expect(sent).toHaveLength(1);
    expect(sent[0].body).not.toHaveProperty("status");
    expect(sent[0].body).not.toHaveProperty("version");
  });

  it("'Save draft' sends status draft; 'Schedule…' status scheduled with the time as UTC", async () => {
    const { sent, context } = recordingWrites();
    await settle(() => newsAction(args(post("/admin/news", form({ status: "draft" }), session.cookie), context)));
    await settle(() =>
      newsAction(
        args(
          post("/admin/news", form({ status: "scheduled", publishAt: "2031-01-10T09:15" }), session.cookie),
          context,
        ),
      ),
    );
    expect(sent.map((call) => [call.body.status, call.body.publishAt])).toEqual([
      ["draft", undefined],
      // January: London is on UTC.
      ["scheduled", "2031-01-10T09:15:00.000Z"],
    ]);
  });

  it("an update sends the version it was opened at; the product spec's button publishes a draft, keeps a published item's state", async () => {
    const { sent, context } = recordingWrites();
    const update = (state: string) =>
      form({ intent: "update", id: "999999", version: "7", state, title: "Opened at 7" });
    await settle(() => newsAction(args(post("/admin/news", update("draft"), session.cookie), context)));
    await settle(() => newsAction(args(post("/admin/news", update("published"), session.cookie), context)));
    expect(sent.map((call) => [call.method, call.body.version, call.body.status])).toEqual([
      ["PUT", 7, "published"],
      ["PUT", 7, undefined],
    ]);
  });

  it("'Schedule…' with a time that has passed is refused beside the time field before any call, keeping what was typed", async () => {
    const { sent, context } = recordingWrites();
    const response = await settle(() =>
      newsAction(
        args(
          post("/admin/news", form({ status: "scheduled", publishAt: "2021-02-03T10:00" }), session.cookie),
          context,
        ),
      ),
    );
    const failure = await failureOf(response);
    expect(failure.fieldErrors).toEqual({ publishAt: "Publish at must be in the future" });
    expect(failure.values).toMatchObject({ title: "What it sends", publishAt: "2021-02-03T10:00" });
    const garbled = await failureOf(
      await settle(() =>
        newsAction(
          args(post("/admin/news", form({ status: "scheduled", publishAt: "soon" }), session.cookie), context),
        ),
      ),
    );
    expect(garbled.fieldErrors).toEqual({ publishAt: "Publish at must be a valid date" });
    expect(sent).toEqual([]);
  });

  it("a 409 from an /api that names no conflicts: every field the two hold differently is a choice, shown side by side", async () => {
    const current = {
      id: "41",
      title: "Their title",
      content: '<p>Theirs <img src=x onerror="alert(1)"></p>',
      publishedAt: "2030-04-30T23:00:00.000Z",
      imageUrl: null,
      status: "draft",
      publishAt: null,
      version: 5,
    };
    const message = "This was changed by Sam Jones at Sat 28 Nov 2026, 10:00 since you opened it.";
    const context = withUpstream(session.h.context, (request) =>
      request.method === "PUT" ? Response.json({ message, current }, { status: 409 }) : null,
    );
    const typed = form({ intent: "update", id: "41", version: "4", state: "published", title: "My title" });
    const response = await settle(() => newsAction(args(post("/admin/news?edit=41", typed, session.cookie), context)));
    expect(response.status).toBe(409);
    const failure = (await response.json()) as FormFailure;
    expect(failure.notice).toEqual({ kind: "error", title: `Failed to update news item: ${message}` });
    expect(failure.conflict).toEqual({
      message,
      version: 5,
      status: "draft",
      base: "4",
      kept: [],
      conflicts: [
        {
          name: "title",
          label: "Title",
          mine: { text: "My title" },
          theirs: { text: "Their title" },
          theirsValue: "Their title",
        },
        {
          name: "content",
          label: "Content",
          mine: { html: "<p>x</p>" },
          theirs: { html: "<p>Theirs </p>" },
          theirsValue: "<p>Theirs </p>",
        },
      ],
    });
    expect(failure.result.initialValue).toMatchObject({ title: "My title", version: "5", state: "draft" });
  });
});

describe("an upstream without the publishing calls", () => {
  const specOnly = () =>
    withUpstream(session.h.context, (request) =>
      /^\/api\/admin\/(news|events|content-states)/.test(new URL(request.url).pathname) && request.method === "GET"
        ? Response.json({ message: "Not found" }, { status: 404 })
        : null,
    );

  it("Manage News lists the public news as published, and a draft filter is empty", async () => {
    const visible = await session.h.read<Array<{ title: string }>>("/api/news?limit=20");
    const all = (await (
      await settle(() => newsLoader(args(get("/admin/news", session.cookie), specOnly())))
    ).json()) as { items: Array<{ title: string; status: string }> };
    expect(all.items.map((item) => item.title)).toEqual(visible.map((item) => item.title));
    expect(all.items.every((item) => item.status === "published")).toBe(true);
    const drafts = (await (
      await settle(() => newsLoader(args(get("/admin/news?status=draft", session.cookie), specOnly())))
    ).json()) as { items: unknown[] };
    expect(drafts.items).toEqual([]);
  });

  it("the dashboard has no drafts line", async () => {
    const data = (await (
      await settle(() => dashboardLoader(args(get("/admin/dashboard", session.cookie), specOnly())))
    ).json()) as { states: unknown };
    expect(data.states).toBeNull();
  });
});
