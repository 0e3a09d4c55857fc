import { describe, expect, it } from "vitest";
import { loader as adminLayoutLoader } from "~/routes/admin";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { loader as adminEventsLoader } from "~/routes/admin.events";
import { loader as adminGalleryLoader } from "~/routes/admin.gallery";
import { loader as adminNewsLoader } from "~/routes/admin.news";
import { settle } from "./admin-test-helpers";
import { IMAGES, load, NEWS, PAST, seedSite, site, UPCOMING } from "./bounded-reads-site";
import { expectBounded, recording, specOnly, UPSTREAMS, type Paged } from "./bounded-reads";
import { get } from "./harness";

/**
 * The admin screens read only what they show, as the public pages do (bounded-reads.test.ts):
 * 20 a page, and the dashboard counts without reading the lists.
 */
seedSite();

type AdminList<K extends string> = Paged & { chosen: { id: string } | null } & Record<K, Array<{ id: string }>>;

describe.each(UPSTREAMS)("admin screens against %s", (_name, upstream) => {
  it("Manage News: 20 a page, a page past the last goes back to the last, an item from another page opens", async () => {
    const { context, asked } = recording(upstream(site.h.context));
    const page = await load<AdminList<"items">>(adminNewsLoader, "/admin/news?page=3", context);
    expect(page.items).toHaveLength(NEWS - 40);
    expect(page.paging).toEqual({ page: 3, pages: 3 });
    if (upstream !== specOnly) expectBounded(asked, 20);

    const past = await settle(() =>
      adminNewsLoader({ request: get("/admin/news?page=9", site.cookie), context, params: {} }),
    );
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/admin/news?page=3");

    const onPageThree = page.items[0].id;
    const linked = await load<AdminList<"items">>(adminNewsLoader, `/admin/news?edit=${onPageThree}`, context);
    expect(linked.items.some((item) => item.id === onPageThree)).toBe(false);
    expect(linked.chosen?.id).toBe(onPageThree);
  });

  it("Manage Events and Manage Gallery page by 20 too", async () => {
    const { context, asked } = recording(upstream(site.h.context));
    const events = await load<AdminList<"events">>(adminEventsLoader, "/admin/events?page=2", context);
    expect(events.events).toHaveLength(UPCOMING + PAST - 20);
    const gallery = await load<AdminList<"images">>(adminGalleryLoader, "/admin/gallery?page=2", context);
    expect(gallery.images).toHaveLength(20);
    expect(gallery.paging).toEqual({ page: 2, pages: 3 });
    if (upstream !== specOnly) expectBounded(asked, 20);
  });

  it("the dashboard counts without reading the lists", async () => {
    const { context, asked } = recording(upstream(site.h.context));
    const data = await load<{ counts: Record<string, number>; latestNews: unknown[]; upcomingEvents: unknown[] }>(
      dashboardLoader,
      "/admin/dashboard",
      context,
    );
    expect(data.counts).toEqual({ news: NEWS, events: UPCOMING + PAST, images: IMAGES });
    expect(data.latestNews).toHaveLength(5);
    expect(data.upcomingEvents).toHaveLength(5);
    if (upstream !== specOnly) expectBounded(asked, 5);
  });

  it("the admin header, the dashboard's 'Signed in as' and the token check ask who is signed in once a request", async () => {
    const { context, asked } = recording(upstream(site.h.context));
    // One document request: Remix calls both loaders with the one load context the server made.
    const [frame, data] = await Promise.all([
      load<{ frame: { name: string } | null }>(adminLayoutLoader, "/admin/dashboard", context),
      load<{ signedInAs: string }>(dashboardLoader, "/admin/dashboard", context),
    ]);
    expect(data.signedInAs).toBe(frame.frame?.name);
    expect(asked.filter((url) => url.pathname === "/api/admin/session")).toHaveLength(1);
    expect(asked.filter((url) => url.pathname === "/api/admin/me")).toHaveLength(0);
  });
});
