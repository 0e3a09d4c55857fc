import type { Page } from "@playwright/test";
import { severeViolations } from "./axe";
import { expect, test, jsDisabled, signIn } from "./fixtures";

// Runs in both projects: without JavaScript the pages are the server's HTML, with the
// dialogs inline and the news content a textarea; with it, the hydrated pages, modal
// dialogs and the editor.

async function expectAccessible(page: Page, path: string) {
  await page.goto(path);
  expect(await severeViolations(page)).toEqual([]);
}

for (const path of ["/", "/news", "/events", "/gallery", "/who-we-are", "/what-we-do", "/no-such-page"]) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await expectAccessible(page, path);
  });
}

test("an event's and a news item's own pages have no serious accessibility violations", async ({ page }) => {
  const [event] = (await (await page.request.get("/api/events")).json()) as Array<{ id: number }>;
  const [item] = (await (await page.request.get("/api/news")).json()) as Array<{ id: number }>;
  await expectAccessible(page, `/events/${event.id}`);
  await expectAccessible(page, `/news/${item.id}`);
});

test("the open booking dialog and lightbox have no serious accessibility violations", async ({ page }) => {
  await page.goto("/events");
  await page.getByRole("article", { name: "Stargazing Night" }).getByRole("link", { name: "Book Now" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  await page.goto("/gallery");
  await page.locator(".gallery-grid a").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
});

/**
 * Opens an admin screen and waits until it is what a person sees: with JavaScript a
 * dialog is a modal once the page runs, and the news form's editor once its toolbar shows.
 */
async function openAdmin(page: Page, path: string) {
  await page.goto(path);
  if (jsDisabled() || !/[?&](new|edit|delete)\b/.test(path)) return;
  await expect(page.getByRole("dialog")).toHaveAttribute("aria-modal", "true");
  if (path.startsWith("/admin/news?") && !path.includes("delete")) {
    await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  }
}

test("the login page has no serious accessibility violations", async ({ page }) => {
  await expectAccessible(page, "/admin");
});

/** Each admin screen is checked after signing in; one test a group, so a slow machine spends its time per group. */
async function expectAdminAccessible(page: Page, paths: string[]) {
  await signIn(page);
  for (const path of paths) {
    await openAdmin(page, path);
    expect(await severeViolations(page)).toEqual([]);
  }
}

test("the dashboard, the text pages and Recent changes have no serious accessibility violations", async ({ page }) => {
  await expectAdminAccessible(page, ["/admin/dashboard", "/admin/who-we-are", "/admin/what-we-do", "/admin/activity"]);
});

// The committee's screens (docs/product.md, 'The committee'); the join screen as a dead link shows it.
test("the committee's screens have no serious accessibility violations", async ({ page }) => {
  await expectAdminAccessible(page, [
    "/admin/account",
    "/admin/account/two-factor",
    "/admin/committee",
    "/admin/committee?remove=1",
    "/admin/join/no-such-link-token-000000",
  ]);
});

for (const screen of ["news", "events", "gallery"]) {
  test(`/admin/${screen} and its dialogs have no serious accessibility violations`, async ({ page }) => {
    const [{ id }] = (await (await page.request.get(`/api/${screen}?limit=1`)).json()) as Array<{ id: number }>;
    const path = `/admin/${screen}`;
    await expectAdminAccessible(page, [path, `${path}?new`, `${path}?edit=${id}`, `${path}?delete=${id}`]);
  });
}
