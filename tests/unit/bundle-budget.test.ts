import { describe, expect, it } from "vitest";
import { gzipBytes, readManifest, routeModules, source } from "../../scripts/bundle-size";

const PUBLIC_ROUTES = [
  "routes/_index",
  "routes/news",
  "routes/events",
  "routes/gallery",
  "routes/who-we-are",
  "routes/what-we-do",
  "routes/events_.$id",
  "routes/news_.$id",
  "routes/gallery_.albums._index",
  "routes/gallery_.albums.$id",
  // Booking on the club's own site: the booking page and the private link's page.
  "routes/events_.$id_.book",
  "routes/bookings.$token",
  // A preview link's page: the item as its public page will show it.
  "routes/preview.$token",
  // Search across everything public: a plain GET form and its results.
  "routes/search",
];

/**
 * The JavaScript a first visit to any public page downloads, as the server sends it to
 * a browser that takes gzip (the build's .gz files): docs/architecture.md, 'Budgets' and issue 8 ask for
 * at most 90 KB. React, ReactDOM and Remix are 82 KB of it.
 */
const BUDGET_BYTES = 90 * 1024;

describe("public JavaScript budget (needs `npm run build`)", () => {
  const manifest = readManifest();

  it.each(PUBLIC_ROUTES)("keeps %s within the budget", (routeId) => {
    expect(gzipBytes(routeModules(manifest, routeId))).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it.each(PUBLIC_ROUTES)("ships no editor, sanitiser or dialog library code on %s", (routeId) => {
    const code = source(routeModules(manifest, routeId));
    expect(code).not.toMatch(/prosemirror|ProseMirror|tiptap/);
    expect(code).not.toMatch(/DOMPurify/);
    // @reach/dialog loads when a dialog first opens (components/ModalFrame.tsx).
    expect(code).not.toMatch(/data-reach-dialog/);
  });

  // zod checks what the server receives; a schema left at a route's top level drags all
  // of it (~90 KB gzip) into that route's browser chunk.
  it.each(Object.keys(manifest.routes))("ships no zod to the browser on %s", (routeId) => {
    expect(source(routeModules(manifest, routeId))).not.toMatch(/ZodError|\$ZodType/);
  });
});
