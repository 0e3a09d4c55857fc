import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as whatWeDo from "~/routes/admin.what-we-do";
import * as whoWeAre from "~/routes/admin.who-we-are";
import { createHarness, flashOf, get, ORIGIN, post, type Harness } from "./harness";
import { args, crossSitePost, failureOf, settle, tokenOf, withUpstream } from "./admin-test-helpers";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

type Route = {
  loader: (a: ReturnType<typeof args>) => Promise<Response>;
  action: (a: ReturnType<typeof args>) => Promise<Response>;
};
const pages: Array<[string, Route]> = [
  ["/admin/who-we-are", whoWeAre],
  ["/admin/what-we-do", whatWeDo],
];

describe.each(pages)("%s guards", (path, route) => {
  it("sends a signed-out visitor to /admin from the loader and from the action", async () => {
    for (const response of [
      await settle(() => route.loader(args(get(path), h.context))),
      await settle(() => route.action(args(post(path, { mission: "x", aboutUs: "x" }), h.context))),
    ]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin");
    }
  });

  it("refuses a save posted from another site", async () => {
    const cookie = await h.signIn();
    const response = await settle(() => route.action(args(crossSitePost(path, { mission: "x" }, cookie), h.context)));
    expect(response.status).toBe(403);
  });

  it("signs out an administrator whose token the upstream no longer accepts", async () => {
    const cookie = await h.signIn();
    const token = await tokenOf(cookie);
    await h.api.fetch(
      new Request(`${ORIGIN}/api/admin/logout`, { method: "POST", headers: { Authorization: `Bearer ${token}` } }),
    );
    const response = await settle(() =>
      route.action(args(post(path, { mission: "x", aboutUs: "x" }, cookie), h.context)),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;/);
  });
});

const TEXT_PAGES: Array<{ name: string; path: string; route: Route; fields: Record<string, string> }> = [
  {
    name: "Who We Are",
    path: "who-we-are",
    route: whoWeAre,
    fields: {
      aboutUs: "We are dads.\n\nWe build dens.",
      whoAreWe: "Chair: Sam Patel",
      contactEmail: "hello@oakfield.example",
    },
  },
  {
    name: "What We Do",
    path: "what-we-do",
    route: whatWeDo,
    fields: { mission: "Time together.", activities: "Dens\n\nFootball", impact: "Happier families." },
  },
];

describe.each(TEXT_PAGES)("Edit $name", ({ name, path, route, fields }) => {
  it("loads the stored texts", async () => {
    const stored = await h.read<Record<string, string>>(`/api/${path}`);
    const response = await settle(async () => route.loader(args(get(`/admin/${path}`, await h.signIn()), h.context)));
    expect(await response.json()).toEqual({ content: stored });
  });

  it("saves the texts with the administrator's token and says so", async () => {
    const cookie = await h.signIn();
    const response = await settle(() => route.action(args(post(`/admin/${path}`, fields, cookie), h.context)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/${path}`);
    expect(await flashOf(response)).toEqual({ kind: "success", title: `${name} content updated successfully` });
    expect(await h.read(`/api/${path}`)).toEqual(fields);
  });
});

describe("Edit Who We Are", () => {
  it("reports the upstream's refusal of a bad e-mail beside the field, keeping what was typed", async () => {
    const cookie = await h.signIn();
    const before = await h.read("/api/who-we-are");
    const fields = { aboutUs: "Typed text", whoAreWe: "Typed names", contactEmail: "not-an-email" };
    const response = await settle(() => whoWeAre.action(args(post("/admin/who-we-are", fields, cookie), h.context)));
    expect(response.status).toBe(400);
    expect(await failureOf(response)).toEqual({
      notice: {
        kind: "error",
        title:
          "Failed to update Who We Are content: Contact Information must be an e-mail address, e.g. dads@example.org",
      },
      fieldErrors: { contactEmail: "Contact Information must be an e-mail address, e.g. dads@example.org" },
      values: fields,
    });
    expect(await h.read("/api/who-we-are")).toEqual(before);
  });
});

describe("Edit What We Do", () => {
  it("gives the upstream's error in the failure notification", async () => {
    const cookie = await h.signIn();
    const failing: AppLoadContext = withUpstream(h.context, (request) =>
      request.method === "PUT" ? Response.json({ message: "Database is read-only" }, { status: 503 }) : null,
    );
    const fields = { mission: "M", activities: "A", impact: "I" };
    const response = await settle(() => whatWeDo.action(args(post("/admin/what-we-do", fields, cookie), failing)));
    expect(response.status).toBe(502);
    const body = await failureOf(response);
    expect(body.notice).toEqual({ kind: "error", title: "Failed to update What We Do content: Database is read-only" });
    expect(body.values).toEqual(fields);
  });

  it("names the field when a text is longer than the upstream allows", async () => {
    const cookie = await h.signIn();
    const fields = { mission: "x".repeat(50_001), activities: "A", impact: "I" };
    const response = await settle(() => whatWeDo.action(args(post("/admin/what-we-do", fields, cookie), h.context)));
    expect(response.status).toBe(400);
    const body = await failureOf(response);
    expect(body.notice?.title).toBe(
      "Failed to update What We Do content: Mission Statement is too long: at most 50000 characters",
    );
    expect(Object.keys(body.fieldErrors)).toEqual(["mission"]);
  });
});
