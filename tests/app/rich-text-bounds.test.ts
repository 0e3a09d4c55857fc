import type { AppLoadContext } from "@remix-run/node";
import type { WindowLike } from "dompurify";
import type * as DOMPurifyModule from "dompurify";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { RICH_TEXT_MAX_LENGTH } from "../../common/html-bounds";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { loader as homeLoader } from "~/routes/_index";
import { loader as newsLoader } from "~/routes/news";
import { settle, withUpstream } from "./admin-test-helpers";
import { createHarness, get, type Harness } from "./harness";

/** Every document DOMPurify is asked to sanitise, whichever module asks. */
const purified = vi.hoisted(() => [] as string[]);
vi.mock("dompurify", async (importOriginal) => {
  const original = await importOriginal<typeof DOMPurifyModule>();
  const create = (window?: WindowLike) => {
    const purify = original.default(window);
    purify.sanitize = new Proxy(purify.sanitize, {
      apply(sanitize, self, args: Parameters<typeof purify.sanitize>) {
        purified.push(String(args[0]));
        return Reflect.apply(sanitize, self, args);
      },
    });
    return purify;
  };
  return { ...original, default: create };
});

/**
 * An upstream we do not control may send news DOMPurify would spend seconds on, on every
 * view. Today's code took over a second per view on this item; the 5 s per-test budget
 * (ten times what it needs on a busy machine) is what "does not block" means here.
 */
const DOES_NOT_BLOCK = { timeout: 5_000 };

const DEEP = `<p>${"<span>".repeat(2_000)}Deep <b>news</b> &amp; more${"</span>".repeat(2_000)}</p><p>Next</p>`;
const DEEP_AS_TEXT = "<p>Deep news &amp; more</p><p>Next</p>";
const SHALLOW = '<p onclick="x()">Shallow <strong>news</strong></p>';

const item = (id: number, content: string) => ({
  id,
  title: `Item ${id}`,
  publishedAt: "2026-02-01T09:00:00.000Z",
  imageUrl: null,
  content,
});

let h: Harness;
let foreign: AppLoadContext;
beforeAll(async () => {
  h = await createHarness();
  // Only the news list is foreign; events still come from the harness's API.
  foreign = withUpstream(h.context, (request) =>
    new URL(request.url).pathname === "/api/news" ? Response.json([item(1, DEEP), item(2, SHALLOW)]) : null,
  );
});
afterAll(() => h.close());
beforeEach(() => {
  purified.length = 0;
});

interface NewsView {
  html: string;
  shareText: string;
}

type Loader = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

async function load<T>(loader: Loader, path: string): Promise<T> {
  const response = await settle(() => loader({ request: get(path), context: foreign, params: {} }));
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe("news from an upstream beyond the bounds", () => {
  it(
    "renders /news with a 2,000-deep item as its escaped text, never handing it to DOMPurify",
    DOES_NOT_BLOCK,
    async () => {
      const { news } = await load<{ news: NewsView[] }>(newsLoader, "/news");
      expect(news[0].html).toBe(DEEP_AS_TEXT);
      expect(news[0].shareText).toBe("Deep news & more Next");
      expect(news[1].html).toBe("<p>Shallow <strong>news</strong></p>");
      expect(purified).toEqual([SHALLOW]);
    },
  );

  it("renders the home page's latest news the same way", DOES_NOT_BLOCK, async () => {
    const { latestNews } = await load<{ latestNews: NewsView }>(homeLoader, "/");
    expect(latestNews.html).toBe(DEEP_AS_TEXT);
    expect(purified).toEqual([]);
  });

  it("shows flat markup DOMPurify would take seconds to remove as its text", DOES_NOT_BLOCK, () => {
    expect(sanitizeRichText(`<div>${"<div>t</div>".repeat(16_000)}</div>`)).toBe("<p>t</p>".repeat(16_000));
    expect(purified).toEqual([]);
  });

  it("shows over-long content as text cut at the length cap", DOES_NOT_BLOCK, () => {
    const long = `<p>${"word ".repeat(RICH_TEXT_MAX_LENGTH / 5)}</p><p>beyond the cap</p>`;
    const html = sanitizeRichText(long);
    expect(html.startsWith("<p>word word ")).toBe(true);
    expect(html).not.toContain("beyond the cap");
    expect(purified).toEqual([]);
  });

  it("still sanitises content within the bounds with DOMPurify", () => {
    expect(sanitizeRichText('<p><a href="javascript:alert(1)">x</a></p>')).toBe('<p><a href="about:blank">x</a></p>');
    expect(purified).toHaveLength(1);
  });
});
