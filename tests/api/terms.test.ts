import { describe, expect, it } from "vitest";
import { MAX_TERM_STRETCHES } from "../../api/http/routes/terms";
import { signInAs, type ActivityPage } from "./activity-helpers";
import { expect400 } from "./content-fixtures";
import { freshApiEachTest, json, type ErrorJson } from "./helpers";

/** The school's term dates through the /api (docs/product.md, 'Term dates'), on either store. */
const api = freshApiEachTest();

interface Stretch {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
}

const AUTUMN_1 = { name: "Autumn 1", startDate: "2026-09-03", endDate: "2026-10-23" };
const AUTUMN_2 = { name: "Autumn 2", startDate: "2026-11-02", endDate: "2026-12-18" };
const SPRING_1 = { name: "Spring 1", startDate: "2027-01-05", endDate: "2027-02-12" };

const send = (method: string, path: string, body?: unknown, token = api.token) =>
  api.t.request(path, { method, token, json: body });
const list = async (token = api.token) => json<Stretch[]>(await send("GET", "/api/admin/terms", undefined, token));

async function add(body: object): Promise<Stretch> {
  const res = await send("POST", "/api/admin/terms", body);
  expect(res.status).toBe(201);
  return json<Stretch>(res);
}

describe("term dates", () => {
  it("adds, lists in date order, changes and removes stretches, and records each change", async () => {
    expect(await list()).toEqual([]);
    const spring = await add(SPRING_1);
    const autumn2 = await add({ ...AUTUMN_2, name: "  Autumn 2 " });
    const autumn1 = await add(AUTUMN_1);
    expect(autumn2).toEqual({ id: expect.any(Number), ...AUTUMN_2 });
    expect(await list()).toEqual([autumn1, autumn2, spring]);

    const changed = await send("PUT", `/api/admin/terms/${autumn2.id}`, { ...AUTUMN_2, endDate: "2026-12-17" });
    expect(changed.status).toBe(200);
    expect(await json(changed)).toEqual({ ...autumn2, endDate: "2026-12-17" });
    // Moved before the others, it is listed first: the order is the dates', not the ids'.
    const moved = await send("PUT", `/api/admin/terms/${spring.id}`, {
      ...SPRING_1,
      startDate: "2026-01-05",
      endDate: "2026-02-12",
    });
    expect(moved.status).toBe(200);
    expect((await list()).map((stretch) => stretch.name)).toEqual(["Spring 1", "Autumn 1", "Autumn 2"]);

    const removed = await send("DELETE", `/api/admin/terms/${autumn1.id}`);
    expect(removed.status).toBe(200);
    expect(await json(removed)).toEqual({ ok: true });
    expect((await list()).map((stretch) => stretch.id)).toEqual([spring.id, autumn2.id]);

    const activity = await json<ActivityPage>(await send("GET", "/api/admin/activity"));
    const lines = activity.items.filter((line) => line.action.startsWith("term."));
    expect(lines.map((line) => [line.action, line.target?.title])).toEqual([
      ["term.delete", "Autumn 1"],
      ["term.update", "Spring 1"],
      ["term.update", "Autumn 2"],
      ["term.create", "Autumn 1"],
      ["term.create", "Autumn 2"],
      ["term.create", "Spring 1"],
    ]);
    expect(lines[0].target).toEqual({ type: "term", id: String(autumn1.id), title: "Autumn 1" });
  });

  it("refuses a bad date or name with a 400 naming the field, and stores nothing", async () => {
    const post = (body: object) => send("POST", "/api/admin/terms", body);
    await expect400(await post({ ...AUTUMN_1, startDate: "3 Sept 2026" }), "startDate", /must be a date YYYY-MM-DD/);
    await expect400(await post({ ...AUTUMN_1, endDate: "2026-02-30" }), "endDate", /must be a valid date/);
    await expect400(await post({ ...AUTUMN_1, startDate: "2026-09-03T10:00" }), "startDate");
    await expect400(await post({ ...AUTUMN_1, endDate: undefined }), "endDate", /is required/);
    await expect400(await post({ ...AUTUMN_1, startDate: 20260903 }), "startDate", /must be text/);
    await expect400(await post({ ...AUTUMN_1, name: " " }), "name", /is required/);
    await expect400(await post({ ...AUTUMN_1, name: "x".repeat(61) }), "name", /at most 60 characters/);
    await expect400(
      await post({ ...AUTUMN_1, startDate: "2026-10-24" }),
      "endDate",
      /must not be before the start date/,
    );
    // One day is a stretch: a first day that is also the last is allowed.
    expect((await post({ ...AUTUMN_1, endDate: AUTUMN_1.startDate })).status).toBe(201);
    expect(await list()).toHaveLength(1);
  });

  it("refuses a stretch sharing a day with another, naming startDate and the other stretch", async () => {
    const autumn1 = await add(AUTUMN_1);
    const autumn2 = await add(AUTUMN_2);
    const overlaps = await send("POST", "/api/admin/terms", {
      name: "Inset",
      startDate: "2026-10-23",
      endDate: "2026-10-30",
    });
    await expect400(overlaps, "startDate", /Autumn 1 \(2026-09-03 to 2026-10-23\)/);
    const around = await send("POST", "/api/admin/terms", {
      name: "Year",
      startDate: "2026-09-01",
      endDate: "2027-07-20",
    });
    await expect400(around, "startDate", /Autumn 1/);
    // A change may keep its own days, but not take another's.
    const kept = await send("PUT", `/api/admin/terms/${autumn1.id}`, { ...AUTUMN_1, name: "Autumn one" });
    expect(kept.status).toBe(200);
    const stretched = await send("PUT", `/api/admin/terms/${autumn1.id}`, { ...AUTUMN_1, endDate: "2026-11-02" });
    await expect400(stretched, "startDate", /Autumn 2/);
    expect(await list()).toEqual([{ ...autumn1, name: "Autumn one" }, autumn2]);
  });

  it("answers 404 for a stretch that does not exist, and 400 once the list is full", async () => {
    expect((await send("PUT", "/api/admin/terms/999", AUTUMN_1)).status).toBe(404);
    expect((await send("DELETE", "/api/admin/terms/999")).status).toBe(404);
    expect((await send("DELETE", "/api/admin/terms/abc")).status).toBe(404);
    const stamp = new Date().toISOString();
    const rows = Array.from({ length: MAX_TERM_STRETCHES }, (_, i) => {
      const day = new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10);
      return { name: `Day ${i}`, start_date: day, end_date: day, created_at: stamp, updated_at: stamp };
    });
    await api.t.api.store.db.insertInto("term_stretches").values(rows).execute();
    const full = await send("POST", "/api/admin/terms", AUTUMN_1);
    expect(full.status).toBe(400);
    const body = await json<ErrorJson>(full);
    expect(body.field).toBeUndefined();
    expect(body.message).toBe(`At most ${MAX_TERM_STRETCHES} term stretches are kept: remove an old one first`);
    expect(await list()).toHaveLength(MAX_TERM_STRETCHES);
  });

  it("is for Editors and Administrators, and for no one signed out", async () => {
    const editor = await signInAs(api.t, "ed", "Ed Editor", "editor");
    const res = await send("POST", "/api/admin/terms", AUTUMN_1, editor.token);
    expect(res.status).toBe(201);
    expect(await list(editor.token)).toHaveLength(1);
    expect((await api.t.request("/api/admin/terms")).status).toBe(401);
    expect((await api.t.request("/api/admin/terms", { method: "POST", json: AUTUMN_1 })).status).toBe(401);
  });
});
