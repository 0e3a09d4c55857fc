import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { groupBatches } from "~/lib/admin/activity/activity-batches";
import {
  ACTION_PHRASES,
  describeChange,
  personLabel,
  sentenceOf,
  targetHref,
  type ActivityLine,
} from "~/lib/admin/activity/activity-words";

/**
 * Every action code the /api records, read from its source: the literal ones given to
 * recordChange, recordChangeOf or recordActivity, and the two templates the item and
 * album routes fill in. A new call, or a new template, makes the test below fail until
 * Recent changes has words for it.
 */
function recordedActions(): string[] {
  const files = (readdirSync("api", { recursive: true }) as string[])
    .filter((file) => file.endsWith(".ts"))
    .map((file) => readFileSync(join("api", file), "utf8"));
  const found = new Set<string>();
  const templates = new Set<string>();
  for (const source of files) {
    for (const match of source.matchAll(/recordChange(?:Of)?\(\s*deps,\s*[\w.]+,\s*(["`])([^"`]+)\1/g)) {
      (match[1] === "`" ? templates : found).add(match[2]);
    }
    for (const match of source.matchAll(/action:\s*"([a-z-]+\.[a-z-]+)"/g)) found.add(match[1]);
  }
  const expand: Record<string, string[]> = {
    // item-routes.ts: news, events and gallery, each created, updated and deleted.
    "${name}.${change}": ["news", "events", "gallery"].flatMap((name) =>
      ["create", "update", "delete"].map((change) => `${name}.${change}`),
    ),
    // published-item-routes.ts: a news item or an event restored from its history.
    "${name}.restore": ["news.restore", "events.restore"],
    // albums.ts: record(c, "create" | "update" | "delete" | "order", album).
    "album.${change}": ["album.create", "album.update", "album.delete", "album.order"],
  };
  for (const template of templates) {
    expect(expand[template], `a new recorded action template ${template}: list what it makes here`).toBeDefined();
    for (const action of expand[template]) found.add(action);
  }
  return [...found].sort();
}

const sam = { id: 4, name: "Sam Patel", username: "sam" };
const line = (action: string, target: ActivityLine["target"], at = "2026-11-27T10:00:00.000Z"): ActivityLine => ({
  at,
  user: sam,
  action,
  target,
});

describe("Recent changes in words (docs/product.md, 'The committee')", () => {
  it("has a sentence for every action the /api records, with no code in it", () => {
    const actions = recordedActions();
    expect(actions.length).toBeGreaterThan(30);
    for (const action of actions) {
      expect(ACTION_PHRASES[action], `no words for ${action}`).toBeDefined();
      const sentence = sentenceOf("Sam Patel", describeChange(action, { type: "x", id: "1", title: "Fair" }));
      expect(sentence).toMatch(/^Sam Patel [a-z]/);
      expect(sentence).not.toContain(action);
    }
  });

  it.each([
    ["events.create", { type: "events", id: "3", title: "Bonfire night" }, 'Sam Patel added the event "Bonfire night"'],
    ["news.update", { type: "news", id: "5", title: "Fair" }, 'Sam Patel edited the news article "Fair"'],
    [
      "settings.update",
      { type: "setting", id: "galleryPassphrase", title: "Gallery passphrase changed" },
      "Sam Patel changed the gallery passphrase",
    ],
    [
      "settings.update",
      { type: "setting", id: "requireTwoFactor", title: "Two-factor sign-in required" },
      "Sam Patel made two-factor sign-in required for everyone",
    ],
    ["two-factor.enable", { type: "user", id: "4", title: "Sam Patel" }, "Sam Patel turned on two-factor sign-in"],
    ["user.invite", { type: "invitation", id: "editor", title: "Ann Lee" }, "Sam Patel made an invitation for Ann Lee"],
    ["gallery.update", { type: "gallery", id: "9", title: "/objects/images/abc123" }, "Sam Patel edited a photo"],
    ["upload.create", { type: "image", id: "abc123", title: null }, "Sam Patel uploaded a photo"],
    [
      "album.order",
      { type: "album", id: "2", title: "Sports day" },
      'Sam Patel reordered the photos of the album "Sports day"',
    ],
    ["term.create", { type: "term", id: "1", title: "Autumn 1" }, 'Sam Patel added the term dates "Autumn 1"'],
    ["term.delete", { type: "term", id: "1", title: "Autumn 1" }, 'Sam Patel removed the term dates "Autumn 1"'],
    ["something.new", null, "Sam Patel made a change"],
  ] as const)("says %s as a sentence", (action, target, sentence) => {
    expect(sentenceOf("Sam Patel", describeChange(action, target))).toBe(sentence);
  });

  it("links an item to where it is seen while it exists: its page, the album, the photo in Manage Gallery", () => {
    expect(targetHref({ type: "news", id: "5", title: "Fair" }, false)).toBe("/news/5");
    expect(targetHref({ type: "events", id: "3", title: "Fair" }, false)).toBe("/events/3");
    expect(targetHref({ type: "gallery", id: "9", title: null }, false)).toBe("/admin/gallery?edit=9");
    expect(targetHref({ type: "news", id: "5", title: "Fair" }, true)).toBeNull();
    expect(targetHref({ type: "page", id: "whatWeDo", title: "What We Do" }, false)).toBe("/admin/what-we-do");
    expect(targetHref({ type: "user", id: "2", title: "Ann" }, false)).toBeNull();
    expect(targetHref({ type: "image", id: "abc", title: null }, false)).toBeNull();
    expect(targetHref(null, false)).toBeNull();
    expect(targetHref({ type: "album", id: "3", title: "Fair" }, false)).toBe("/admin/gallery/albums/3");
  });

  it("names a person with their username beside, unless they are shown by it or it is unknown", () => {
    expect(personLabel({ name: "Jane Doe", username: "jdoe" })).toBe("Jane Doe (jdoe)");
    expect(personLabel({ name: "admin", username: "admin" })).toBe("admin");
    expect(personLabel({ name: "Old Line", username: null })).toBe("Old Line");
  });
});

describe("a batch of photos as one line", () => {
  const photo = (n: number, minute: number) => [
    line(
      "gallery.create",
      { type: "gallery", id: String(n), title: null },
      `2026-11-27T10:${String(minute).padStart(2, "0")}:30.000Z`,
    ),
    line(
      "upload.create",
      { type: "image", id: `i${n}`, title: null },
      `2026-11-27T10:${String(minute).padStart(2, "0")}:00.000Z`,
    ),
  ];

  it("makes 12 photos' 24 lines one group of 12, and leaves the lines around it alone", () => {
    const lines = [
      line("news.update", { type: "news", id: "1", title: "Fair" }, "2026-11-27T11:00:00.000Z"),
      ...Array.from({ length: 12 }, (_, i) => photo(12 - i, 30 - i)).flat(),
      line("auth.sign-in", null, "2026-11-27T10:00:00.000Z"),
    ];
    const groups = groupBatches(lines);
    expect(groups.map((group) => group.batch)).toEqual([null, { action: "gallery.create", count: 12 }, null]);
    expect(groups[1].lines[0].target?.id).toBe("12");
  });

  it("keeps one photo one line, and two people's photos or photos an hour apart apart", () => {
    expect(groupBatches(photo(1, 5))).toEqual([{ lines: [photo(1, 5)[0]], batch: null }]);
    const ann = { ...photo(2, 4)[0], user: { id: 5, name: "Ann", username: "ann" } };
    expect(groupBatches([photo(1, 5)[0], ann]).every((group) => group.batch === null)).toBe(true);
    const later = line("gallery.create", { type: "gallery", id: "3", title: null }, "2026-11-27T12:00:00.000Z");
    expect(groupBatches([later, photo(1, 5)[0]]).every((group) => group.batch === null)).toBe(true);
  });
});
