import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { pngImage } from "../fixtures/images";
import { json, makeApi, tempDataDir, type ErrorJson, type TestApi } from "./helpers";

/**
 * A full disk, simulated with SQLite's max_page_count on the API's own connection:
 * the database may not grow by a page, which SQLite reports exactly as a full disk
 * (SQLITE_FULL), so no test has to fill a real one.
 */
const OUT_OF_SPACE = { message: "The server has run out of disk space." };

let t: TestApi;
let cleanup: () => Promise<void>;
let token: string;
let logged: MockInstance<typeof console.error>;

beforeEach(async () => {
  const temp = await tempDataDir();
  cleanup = temp.cleanup;
  t = await makeApi({ dataDir: temp.dir, seedDemo: true });
  token = await t.login();
  logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(async () => {
  logged.mockRestore();
  await t.api.close();
  await cleanup();
});

async function diskFull(): Promise<void> {
  const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(t.api.store.db);
  await sql.raw(`PRAGMA max_page_count = ${rows[0].page_count}`).execute(t.api.store.db);
}

async function spaceFreed(): Promise<void> {
  await sql.raw("PRAGMA max_page_count = 1073741823").execute(t.api.store.db);
}

/** Each needs new pages: long texts and an image do not fit in the free space of existing ones. */
const longText = (n: number) => `<p>${"The club met on Saturday and everyone had a good time. ".repeat(n)}</p>`;
const news = (title: string) => ({
  title,
  content: longText(900),
  publishedAt: "2026-03-01T09:00:00.000Z",
  imageUrl: null,
});

async function uploadImage(): Promise<Response> {
  const form = new FormData();
  form.set("image", new File([new Uint8Array(await pngImage(1200, 900))], "photo.png", { type: "image/png" }));
  return t.request("/api/admin/upload", { method: "POST", token, body: form });
}

function outOfSpaceLines(): string[] {
  return logged.mock.calls
    .map((call) => call.map(String).join(" "))
    .filter((line) => line.includes(OUT_OF_SPACE.message));
}

describe("a full disk", () => {
  it("refuses every write with 507 and the sentence, logged once, while reads go on", async () => {
    const before = {
      news: await json(await t.request("/api/news")),
      events: await json(await t.request("/api/events")),
      whoWeAre: await json(await t.request("/api/who-we-are")),
    };
    await diskFull();

    // Sent at once, as a busy admin page would.
    const writes = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        t.request("/api/admin/news", { method: "POST", token, json: news(`Full ${i}`) }),
      ),
      t.request("/api/admin/who-we-are", {
        method: "PUT",
        token,
        json: { aboutUs: longText(800), whoAreWe: longText(100), contactEmail: "dads@example.org" },
      }),
      uploadImage(),
    ]);
    for (const response of writes) {
      expect(response.status).toBe(507);
      expect(await json<ErrorJson>(response)).toEqual(OUT_OF_SPACE);
    }

    expect(outOfSpaceLines()).toHaveLength(1);
    expect(logged.mock.calls.flat().join("\n")).not.toMatch(/\n\s+at /);

    expect(await json(await t.request("/api/news"))).toEqual(before.news);
    expect(await json(await t.request("/api/events"))).toEqual(before.events);
    expect(await json(await t.request("/api/who-we-are"))).toEqual(before.whoWeAre);
    expect((await t.request("/api/admin/session", { token })).status).toBe(200);
  });

  it("writes work again once there is space, and the next full disk is logged again", async () => {
    await diskFull();
    expect((await t.request("/api/admin/news", { method: "POST", token, json: news("Lost") })).status).toBe(507);
    expect((await t.request("/api/admin/news", { method: "POST", token, json: news("Lost too") })).status).toBe(507);
    expect(outOfSpaceLines()).toHaveLength(1);

    await spaceFreed();
    const saved = await t.request("/api/admin/news", { method: "POST", token, json: news("Saved") });
    expect(saved.status).toBe(201);
    expect((await uploadImage()).status).toBe(201);
    const titles = (await json<Array<{ title: string }>>(await t.request("/api/news"))).map((item) => item.title);
    expect(titles).toContain("Saved");
    expect(titles).not.toContain("Lost");

    await diskFull();
    expect((await t.request("/api/admin/news", { method: "POST", token, json: news("Lost again") })).status).toBe(507);
    expect(outOfSpaceLines()).toHaveLength(2);
  });
});
