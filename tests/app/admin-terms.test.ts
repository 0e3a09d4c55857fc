import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin.terms";
import { args, crossSitePost, failureOf, settle, signedInWithToken } from "./admin-test-helpers";
import { flashOf, get, ORIGIN, post } from "./harness";

/** /admin/terms (docs/product.md, 'Term dates'): the list, its three dialogs' forms, and the /api's refusals shown at their fields. */
const session = signedInWithToken();

interface Stretch {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
}

const stored = async (): Promise<Stretch[]> => {
  const request = new Request(`${ORIGIN}/api/admin/terms`, { headers: { Authorization: `Bearer ${session.token}` } });
  return (await (await session.h.api.fetch(request)).json()) as Stretch[];
};
const send = (fields: Record<string, string>, path = "/admin/terms") =>
  settle(() => action(args(post(path, fields, session.cookie), session.h.context)));
const screen = async () => {
  const response = await settle(() => loader(args(get("/admin/terms", session.cookie), session.h.context)));
  expect(response.status).toBe(200);
  return ((await response.json()) as { stretches: Array<{ id: string; name: string }> }).stretches;
};

const AUTUMN_1 = { intent: "create", name: "Autumn 1", startDate: "2030-09-03", endDate: "2030-10-23" };

describe("Term dates", () => {
  it("adds stretches from the form and lists them in date order", async () => {
    const later = await send({ ...AUTUMN_1, name: "Autumn 2", startDate: "2030-11-04", endDate: "2030-12-20" });
    expect(later.status).toBe(302);
    expect(later.headers.get("Location")).toBe("/admin/terms");
    expect(await flashOf(later)).toEqual({ kind: "success", title: "Term dates added" });
    expect((await send(AUTUMN_1)).status).toBe(302);
    expect((await screen()).map((stretch) => stretch.name)).toEqual(["Autumn 1", "Autumn 2"]);
    expect((await stored()).map(({ name, startDate, endDate }) => ({ name, startDate, endDate }))).toEqual([
      { name: "Autumn 1", startDate: "2030-09-03", endDate: "2030-10-23" },
      { name: "Autumn 2", startDate: "2030-11-04", endDate: "2030-12-20" },
    ]);
  });

  it("shows the /api's refusal of an end before the start at the Last day field, keeping what was typed", async () => {
    const failure = await failureOf(
      await send(
        { ...AUTUMN_1, name: "Backwards", startDate: "2031-02-10", endDate: "2031-02-01" },
        "/admin/terms?new",
      ),
    );
    expect(failure.fieldErrors).toEqual({ endDate: "Last day must not be before the start date" });
    expect(failure.notice).toEqual({
      kind: "error",
      title: "Failed to add the term dates: Last day must not be before the start date",
    });
    expect(failure.values).toMatchObject({ name: "Backwards", startDate: "2031-02-10", endDate: "2031-02-01" });
    expect((await stored()).map((stretch) => stretch.name)).not.toContain("Backwards");
  });

  it("shows an overlap at the First day field, naming the stretch it would share days with", async () => {
    const failure = await failureOf(
      await send({ ...AUTUMN_1, name: "Inset", startDate: "2030-10-20", endDate: "2030-10-30" }),
    );
    expect(failure.fieldErrors).toEqual({
      startDate: "First day must not overlap Autumn 1 (2030-09-03 to 2030-10-23)",
    });
  });

  it("checks the form's own fields before asking the /api: each problem at its field", async () => {
    const failure = await failureOf(await send({ intent: "create", name: " ", startDate: "", endDate: "next week" }));
    expect(failure.fieldErrors).toEqual({
      name: "Name is required",
      startDate: "First day is required",
      endDate: "Last day must be a valid date",
    });
  });

  it("changes a stretch from its edit form, and removes one from the delete dialog", async () => {
    const [first] = await stored();
    const changed = await send({
      intent: "update",
      id: String(first.id),
      name: "Autumn one",
      startDate: "2030-09-04",
      endDate: "2030-10-23",
    });
    expect(await flashOf(changed)).toEqual({ kind: "success", title: "Term dates saved" });
    expect((await stored())[0]).toEqual({
      id: first.id,
      name: "Autumn one",
      startDate: "2030-09-04",
      endDate: "2030-10-23",
    });
    const removed = await send({ intent: "delete", id: String(first.id) }, `/admin/terms?delete=${first.id}`);
    expect(await flashOf(removed)).toEqual({ kind: "success", title: "Term dates removed" });
    expect(removed.headers.get("Location")).toBe("/admin/terms");
    expect((await stored()).map((stretch) => stretch.name)).toEqual(["Autumn 2"]);
  });

  it("sends a signed-out visitor to /admin and refuses a change posted from another site", async () => {
    const before = await stored();
    const signedOut = await settle(() => loader(args(get("/admin/terms"), session.h.context)));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/admin");
    const id = String(before[0].id);
    const crossSite = crossSitePost("/admin/terms", { intent: "delete", id }, session.cookie);
    expect((await settle(() => action(args(crossSite, session.h.context)))).status).toBe(403);
    expect(await stored()).toEqual(before);
  });
});
