import { describe, expect, it, vi } from "vitest";
import { pruneOldActivity } from "../../api/ops/activity-pruning";
import { recordActivity } from "../../api/store/activity";
import { readActivity, signInAs, type ActivityLine } from "./activity-helpers";
import { expect400 } from "./content-fixtures";
import { freshApiEachTest, makeApi, tempDataDir, type TestApi } from "./helpers";

/**
 * Reading the record of changes (docs/product.md, 'The committee'): 50 lines a page, newest first,
 * with cursors both ways; by person; one item's latest line; what is refused; and the
 * daily pruning of lines older than two years. What is recorded: activity.test.ts.
 */
const api = freshApiEachTest();

/** `count` lines about news items 1…count, by `user`, written straight to the store. */
async function writeLines(
  t: TestApi,
  count: number,
  user = { id: 1, name: "admin", username: "admin" },
  at = t.clock.now(),
) {
  for (let n = 1; n <= count; n++) {
    await recordActivity(t.api.store.db, {
      at,
      user,
      action: "news.update",
      target: { type: "news", id: n, title: `News ${n}` },
    });
  }
}

const titles = (items: ActivityLine[]) => items.map((line) => line.target?.title ?? line.action);

describe("GET /api/admin/activity", () => {
  it("pages through everything newest first, 50 at a time, and back again", async () => {
    await writeLines(api.t, 120);
    const first = await readActivity(api.t, api.token);
    expect(first.items).toHaveLength(50);
    expect(titles(first.items).slice(0, 2)).toEqual(["News 120", "News 119"]);
    expect(first.newer).toBeNull();

    const second = await readActivity(api.t, api.token, `?before=${first.next}`);
    expect(titles(second.items)[0]).toBe("News 70");
    const third = await readActivity(api.t, api.token, `?before=${second.next}`);
    // 20 news lines and the administrator's sign-in, the oldest line of all.
    expect(titles(third.items)).toHaveLength(21);
    expect(third.items.at(-1)?.action).toBe("auth.sign-in");
    expect(third.next).toBeNull();

    const backToSecond = await readActivity(api.t, api.token, `?after=${third.newer}`);
    expect(backToSecond).toEqual(second);
    const backToFirst = await readActivity(api.t, api.token, `?after=${second.newer}`);
    expect(backToFirst.items).toEqual(first.items);
    expect(backToFirst.newer).toBeNull();
  });

  it("filters by person, and by one item with a limit: who last changed it", async () => {
    const ann = await signInAs(api.t, "ann", "Ann");
    await writeLines(api.t, 3);
    await writeLines(api.t, 2, { id: ann.id, name: "Ann", username: "ann" });
    const anns = await readActivity(api.t, api.token, `?user=${ann.id}`);
    expect(anns.items.map((line) => line.user?.name)).toEqual(["Ann", "Ann", "Ann"]);
    expect(titles(anns.items)).toEqual(["News 2", "News 1", "auth.sign-in"]);

    const lastOfNews1 = await readActivity(api.t, api.token, "?type=news&id=1&limit=1");
    expect(lastOfNews1.items).toHaveLength(1);
    expect(lastOfNews1.items[0].user).toEqual({ id: ann.id, name: "Ann", username: "ann" });
    expect(lastOfNews1.next).not.toBeNull();
  });

  it("answers who last changed each of several items in one call", async () => {
    const ann = await signInAs(api.t, "ann", "Ann");
    await writeLines(api.t, 3);
    await writeLines(api.t, 1, { id: ann.id, name: "Ann", username: "ann" });
    const res = await api.t.request("/api/admin/activity/latest?type=news&ids=1,2,9", { token: api.token });
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: ActivityLine[] };
    expect(items.map((line) => [line.target?.id, line.user?.name])).toEqual([
      ["1", "Ann"],
      ["2", "admin"],
    ]);
  });

  it.each([
    ["?before=abc", "before"],
    ["?before=0", "before"],
    ["?after=-1", "after"],
    ["?before=5&after=2", "after"],
    ["?user=x", "user"],
    ["?limit=51", "limit"],
    ["?limit=0", "limit"],
    ["?type=news", "id"],
    ["?id=3", "type"],
    ["?type=NEWS&id=3", "type"],
    ["?type=news&id=a%20b", "id"],
  ])("refuses %s naming %s", async (query, field) => {
    await expect400(await api.t.request(`/api/admin/activity${query}`, { token: api.token }), field);
  });

  it.each([
    ["/latest?ids=1", "type"],
    ["/latest?type=news", "ids"],
    [`/latest?type=news&ids=${Array.from({ length: 51 }, (_, n) => n + 1).join(",")}`, "ids"],
  ])("refuses %s naming %s", async (query, field) => {
    await expect400(await api.t.request(`/api/admin/activity${query}`, { token: api.token }), field);
  });
});

describe("pruning the record", () => {
  const YEAR = 365 * 24 * 60 * 60 * 1000;
  const ago = (t: TestApi, ms: number) => new Date(t.clock.now().getTime() - ms);

  it("deletes the lines older than two years, in batches, and keeps the rest", async () => {
    await writeLines(api.t, 5, undefined, ago(api.t, 3 * YEAR));
    await writeLines(api.t, 2, undefined, ago(api.t, 2 * YEAR + 24 * 60 * 60 * 1000));
    await writeLines(api.t, 3, undefined, ago(api.t, 2 * YEAR - 24 * 60 * 60 * 1000));
    expect(await pruneOldActivity(api.t.api.store.db, api.t.clock.now(), 2)).toBe(7);
    const { items } = await readActivity(api.t, api.token);
    // The three lines within two years and the sign-in.
    expect(items).toHaveLength(4);
  });

  it("is done by the daily maintenance from the start", async () => {
    const { dir, cleanup } = await tempDataDir();
    try {
      const first = await makeApi({ dataDir: dir });
      await writeLines(first, 3, undefined, ago(first, 3 * YEAR));
      await first.api.close();
      const second = await makeApi({ dataDir: dir });
      try {
        await vi.waitFor(async () => {
          expect(await second.api.store.db.selectFrom("activity").select("id").execute()).toEqual([]);
        });
      } finally {
        await second.api.close();
      }
    } finally {
      await cleanup();
    }
  });
});
