import { describe, expect, it } from "vitest";
import { action as newsAction } from "~/routes/admin.news";
import { loader as eventsLoader } from "~/routes/events";
import { args, settle } from "./admin-test-helpers";
import { flashOf, get, harnessAtApiUrl, post } from "./harness";

/**
 * The app deployed alone (docs/architecture.md, 'The shape in one picture'): no in-process API in the load context, so the
 * upstream client goes over HTTP to API_URL, here the embedded API on a real socket.
 */
const remote = {}; // A load context without apiFetch, as remix-serve gives.

const upstream = harnessAtApiUrl();

describe("against an upstream at API_URL", () => {
  it("reads a public page's data over HTTP", async () => {
    const response = await settle(() => eventsLoader(args(get("/events"), remote)));
    const data = (await response.json()) as { events: Array<{ name: string }> };
    expect(data.events.map((event) => event.name)).toContain("Stargazing Night");
  });

  it("carries an admin mutation over HTTP with the bearer token", async () => {
    const cookie = await upstream.h.signIn();
    const form = {
      intent: "create",
      title: "Sent over HTTP",
      publishedAt: "2026-11-01",
      content: "<p>Hi</p>",
      imageUrl: "",
    };
    const response = await settle(() => newsAction(args(post("/admin/news", form, cookie), remote)));
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toMatchObject({ title: "News item created successfully" });
    const news = await upstream.h.read<Array<{ title: string }>>("/api/news");
    expect(news.some((item) => item.title === "Sent over HTTP")).toBe(true);
  });
});
