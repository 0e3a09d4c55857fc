import { describe, expect, it } from "vitest";
import { gzipBytes, readManifest, routeModules, source } from "../../scripts/bundle-size";

// DESIGN.md §8: public pages ship no editor code; the home page stays under 100 KB gzip.
const PUBLIC_ROUTES = [
  "routes/_index",
  "routes/news",
  "routes/events",
  "routes/gallery",
  "routes/who-we-are",
  "routes/what-we-do",
];

describe("public JavaScript budget (needs `npm run build`)", () => {
  const manifest = readManifest();

  it("keeps the home page under 100 KB of gzipped JavaScript", () => {
    expect(gzipBytes(routeModules(manifest, "routes/_index"))).toBeLessThan(100 * 1024);
  });

  it.each(PUBLIC_ROUTES)("ships no editor or sanitiser code on %s", (routeId) => {
    const code = source(routeModules(manifest, routeId));
    expect(code).not.toMatch(/prosemirror|ProseMirror|tiptap/);
    expect(code).not.toMatch(/DOMPurify/);
  });
});
