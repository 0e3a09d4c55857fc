import type { Page } from "@playwright/test";
import { severeViolations } from "./axe";
import { expect, test } from "./fixtures";

// The public pages, in both projects: without JavaScript the pages are the server's HTML;
// with it, the hydrated pages and their dialogs. Every admin screen, its dialogs and the
// login page are read by axe in tests/e2e/admin-screens.spec.ts, in both projects too.

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
