import { describe, expect, it } from "vitest";
import { hashPassword } from "../../api/http/lib/passwords";
import { recordActivity } from "../../api/store/activity";
import { createUser, updateUser } from "../../api/store/users";
import { loader } from "~/routes/admin.activity";
import { action as newsAction, loader as newsLoader } from "~/routes/admin.news";
import { args, settle, withUpstream } from "./admin-test-helpers";
import { get, post, signedInHarness } from "./harness";
import { TEST_SCRYPT_COST } from "../fixtures/scrypt-cost";

/**
 * Recent changes (docs/product.md, 'The committee') and the edit dialogs' 'Last edited by' line,
 * read through the loaders against the embedded /api.
 */
const session = signedInHarness();

interface Shown {
  lines: Array<{ who: string; what: string; item: string | null; href: string | null; sentence: string }>;
  people: Array<{ id: number; label: string }>;
  user: string;
  older: string | null;
  newer: string | null;
}

async function recentChanges(path = "/admin/activity", context = session.h.context): Promise<Shown> {
  const response = await settle(() => loader(args(get(path, session.cookie), context)));
  expect(response.status).toBe(200);
  return (await response.json()) as Shown;
}

async function editNews(fields: Record<string, string>): Promise<void> {
  const response = await settle(() =>
    newsAction(args(post("/admin/news", { intent: "update", ...fields }, session.cookie), session.h.context)),
  );
  expect(response.status).toBe(302);
}

describe("Recent changes", () => {
  it("sends a signed-out visitor to /admin", async () => {
    const response = await settle(() => loader(args(get("/admin/activity"), session.h.context)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
  });

  it("shows an edit in words, with a link to the item while it exists, and 'Last edited by' in its dialog", async () => {
    const [first] = await session.h.read<Array<{ id: number; title: string; publishedAt: string }>>("/api/news");
    await editNews({ id: String(first.id), title: "Edited in a test", publishedAt: "2030-02-01", content: "<p>x</p>" });

    const { lines, people } = await recentChanges();
    expect(lines[0]).toEqual({
      key: expect.any(String),
      at: expect.any(String),
      when: expect.any(String),
      who: "admin",
      username: null,
      what: "edited the news article",
      item: "Edited in a test",
      quote: true,
      after: "",
      href: `/news/${first.id}`,
      sentence: 'admin edited the news article "Edited in a test"',
    });
    // The harness's /api has no list of people yet: those the page names.
    expect(people).toEqual([{ id: 1, label: "admin" }]);

    const response = await settle(() =>
      newsLoader(args(get(`/admin/news?edit=${first.id}`, session.cookie), session.h.context)),
    );
    const { lastEdits } = (await response.json()) as { lastEdits: Record<string, string> };
    expect(lastEdits[String(first.id)]).toMatch(/^Last edited by admin, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  });

  it("links no deleted item", async () => {
    const [item] = await session.h.read<Array<{ id: number }>>("/api/news");
    const response = await settle(() =>
      newsAction(
        args(post("/admin/news", { intent: "delete", id: String(item.id) }, session.cookie), session.h.context),
      ),
    );
    expect(response.status).toBe(302);
    const { lines } = await recentChanges();
    expect(lines[0].what).toBe("deleted the news article");
    // Its edit in the test before and its deletion: neither links to it any more.
    const aboutIt = lines.filter((line) => line.item === lines[0].item);
    expect(aboutIt.length).toBeGreaterThan(1);
    expect(aboutIt.every((line) => line.href === null)).toBe(true);
  });

  it("pages 50 at a time with 'Older changes' and 'Newer' addresses that keep the person chosen", async () => {
    for (let n = 0; n < 60; n++) {
      await recordActivity(session.h.api.store.db, {
        at: new Date(),
        user: { id: 1, name: "admin", username: "admin" },
        action: "page.update",
        target: { type: "page", id: "whoWeAre", title: "Who We Are" },
      });
    }
    const first = await recentChanges("/admin/activity?user=1");
    expect(first.lines).toHaveLength(50);
    expect(first.user).toBe("1");
    expect(first.newer).toBeNull();
    expect(first.older).toMatch(/^\/admin\/activity\?before=\d+&user=1$/);
    expect(first.lines[0]).toMatchObject({ sentence: 'admin edited the page "Who We Are"', href: "/admin/who-we-are" });

    const second = await recentChanges(first.older!);
    expect(second.newer).toMatch(/^\/admin\/activity\?after=\d+&user=1$/);
    const back = await recentChanges(second.newer!);
    expect(back.lines).toEqual(first.lines);
  });

  it("offers everyone the /api lists when it lists people, and shows the page when an upstream has no record", async () => {
    const people = withUpstream(session.h.context, (request) =>
      new URL(request.url).pathname === "/api/admin/users"
        ? Response.json([
            { id: 1, username: "admin", name: "" },
            { id: 7, username: "ann", name: "Ann" },
          ])
        : null,
    );
    expect((await recentChanges("/admin/activity", people)).people).toEqual([
      { id: 1, label: "admin" },
      { id: 7, label: "Ann (ann)" },
    ]);

    const noRecord = withUpstream(session.h.context, (request) =>
      new URL(request.url).pathname.startsWith("/api/admin/activity")
        ? Response.json({ message: "Not found" }, { status: 404 })
        : null,
    );
    const response = await settle(() => newsLoader(args(get("/admin/news", session.cookie), noRecord)));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { lastEdits: object }).lastEdits).toEqual({});
  });

  it("names each person with their username, as they were then: in the lines, the filter and 'Last edited by'", async () => {
    const db = session.h.api.store.db;
    const hash = await hashPassword("jane-password-long-enough", TEST_SCRYPT_COST);
    const jane = await createUser(db, "jdoe", hash, new Date(), { name: "Jane Doe", role: "editor" });
    await createUser(db, "jane", hash, new Date(), { name: "Jane Doe.", role: "editor" });
    const [item] = await session.h.read<Array<{ id: number }>>("/api/news");
    await recordActivity(db, {
      at: new Date(),
      user: { id: jane, name: "Jane Doe", username: "jdoe" },
      action: "news.update",
      target: { type: "news", id: item.id, title: "Jane's edit" },
    });
    // Renamed since: the line keeps the name she had.
    await updateUser(db, jane, { name: "Jane Smith" });

    const { lines, people } = await recentChanges();
    expect(lines[0]).toMatchObject({
      who: "Jane Doe",
      username: "jdoe",
      sentence: `Jane Doe edited the news article "Jane's edit"`,
      item: "Jane's edit",
    });
    expect(people).toEqual(
      expect.arrayContaining([
        { id: jane, label: "Jane Smith (jdoe)" },
        { id: expect.any(Number), label: "Jane Doe. (jane)" },
      ]),
    );

    const response = await settle(() =>
      newsLoader(args(get(`/admin/news?edit=${item.id}`, session.cookie), session.h.context)),
    );
    const { lastEdits } = (await response.json()) as { lastEdits: Record<string, string> };
    expect(lastEdits[String(item.id)]).toMatch(/^Last edited by Jane Doe \(jdoe\), [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  });
});
