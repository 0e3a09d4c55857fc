import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, expect } from "vitest";
import { createEvent } from "../../api/store/events";
import { createGalleryItem } from "../../api/store/gallery";
import { createNews } from "../../api/store/news";
import { settle } from "./admin-test-helpers";
import { createHarness, get, type Harness } from "./harness";

/** The site the tests of bounded reads page through: several pages of each list. */
export const NEWS = 45; // 5 pages of 10; 3 admin pages of 20
export const UPCOMING = 14;
export const PAST = 16; // 30 events: 3 pages of 12
export const IMAGES = 50; // 3 pages of 24

export const site = {} as { h: Harness; cookie: string };

/** Fills a fresh site (no demo data) with NEWS news items, UPCOMING + PAST events and IMAGES images. */
export function seedSite(): void {
  beforeAll(async () => {
    site.h = await createHarness({ seedDemo: false });
    site.cookie = await site.h.signIn();
    const db = site.h.api.store.db;
    const day = 86_400_000;
    for (let i = 1; i <= NEWS; i++) {
      const publishedAt = new Date(Date.UTC(2026, 0, 1) + i * day).toISOString();
      await createNews(
        db,
        { title: `News ${i}`, content: `<p>Body ${i}</p>`, publishedAt, imageUrl: null },
        new Date(),
      );
    }
    // Half a day off the hour: no event falls on the moment a loader judges by.
    for (let i = 1; i <= UPCOMING + PAST; i++) {
      const date = new Date(Date.now() + (i - PAST - 0.5) * day).toISOString();
      const event = { name: `Event ${i}`, date, comment: "c", organiser: null, location: null, imageUrl: null };
      await createEvent(db, { ...event, bookingUrl: "https://example.org/book" }, new Date());
    }
    for (let i = 1; i <= IMAGES; i++) {
      const image = { imageUrl: `https://example.org/${i}.jpg`, caption: `Image ${i}` };
      await createGalleryItem(db, image, new Date(Date.UTC(2026, 0, 1) + i * 1000));
    }
  });
  afterAll(() => site.h.close());
}

export type LoaderArgs = { request: Request; context: AppLoadContext; params: Record<string, string> };
export type Loader = (args: LoaderArgs) => Promise<unknown>;

export async function load<T>(
  loader: Loader,
  path: string,
  context: AppLoadContext,
  params: Record<string, string> = {},
) {
  const response = await settle(() => loader({ request: get(path, site.cookie), context, params }));
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}
