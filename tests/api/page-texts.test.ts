import { describe, expect, it } from "vitest";
import { expect400 } from "./content-fixtures";
import { freshApiEachTest } from "./helpers";

/** The texts of the Who We Are and What We Do pages through the /api. */
const api = freshApiEachTest();

describe("who-we-are and what-we-do", () => {
  it("read as empty strings before anything is saved", async () => {
    expect(await (await api.t.request("/api/who-we-are")).json()).toEqual({
      aboutUs: "",
      whoAreWe: "",
      contactEmail: "",
    });
    expect(await (await api.t.request("/api/what-we-do")).json()).toEqual({ mission: "", activities: "", impact: "" });
  });

  it("saves and returns who-we-are, keeping paragraphs", async () => {
    const body = { aboutUs: "Para one.\r\n\r\nPara two.", whoAreWe: "The committee", contactEmail: "dads@example.org" };
    const res = await api.t.request("/api/admin/who-we-are", { method: "PUT", token: api.token, json: body });
    expect(res.status).toBe(200);
    const expected = { aboutUs: "Para one.\n\nPara two.", whoAreWe: "The committee", contactEmail: "dads@example.org" };
    expect(await res.json()).toEqual(expected);
    expect(await (await api.t.request("/api/who-we-are")).json()).toEqual(expected);

    const cleared = await api.t.request("/api/admin/who-we-are", {
      method: "PUT",
      token: api.token,
      json: { contactEmail: "" },
    });
    expect(await cleared.json()).toEqual({ ...expected, contactEmail: "" });
  });

  it("400 for a contact email that is not an email address", async () => {
    const res = await api.t.request("/api/admin/who-we-are", {
      method: "PUT",
      token: api.token,
      json: { aboutUs: "a", whoAreWe: "b", contactEmail: "not-an-email" },
    });
    await expect400(res, "contactEmail", /email/);
    expect(await (await api.t.request("/api/who-we-are")).json()).toEqual({
      aboutUs: "",
      whoAreWe: "",
      contactEmail: "",
    });
  });

  it("saves and returns what-we-do", async () => {
    const body = { mission: "M\n\nM2", activities: "A", impact: "I" };
    const res = await api.t.request("/api/admin/what-we-do", { method: "PUT", token: api.token, json: body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(body);
    expect(await (await api.t.request("/api/what-we-do")).json()).toEqual(body);
    await expect400(
      await api.t.request("/api/admin/what-we-do", { method: "PUT", token: api.token, json: { mission: 3 } }),
      "mission",
      /must be text/,
    );
  });
});
