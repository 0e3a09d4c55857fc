import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as newsAction } from "~/routes/admin.news";
import { loader as eventsLoader } from "~/routes/events";
import { args, settle } from "./admin-test-helpers";
import { createHarness, flashOf, get, post, type Harness } from "./harness";

/**
 * The app deployed alone (docs/architecture.md §1): no in-process API in the load context, so the
 * upstream client goes over HTTP to API_URL, here the embedded API on a real socket.
 */
let h: Harness;
let server: ServerType;
const remote = {}; // A load context without apiFetch, as remix-serve gives.

beforeAll(async () => {
  h = await createHarness();
  server = serve({ fetch: h.api.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  delete process.env.API_URL;
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

describe("against an upstream at API_URL", () => {
  it("reads a public page's data over HTTP", async () => {
    const response = await settle(() => eventsLoader(args(get("/events"), remote)));
    const data = (await response.json()) as { events: Array<{ name: string }> };
    expect(data.events.map((event) => event.name)).toContain("Stargazing Night");
  });

  it("carries an admin mutation over HTTP with the bearer token", async () => {
    const cookie = await h.signIn();
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
    const news = await h.read<Array<{ title: string }>>("/api/news");
    expect(news.some((item) => item.title === "Sent over HTTP")).toBe(true);
  });
});
