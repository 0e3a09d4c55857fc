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

test("the login page, admin screens and their dialogs have no serious accessibility violations", async ({ page }) => {
  test.setTimeout(90_000);
  await expectAccessible(page, "/admin");
  await signIn(page);
  const firstId = async (list: string) =>
    ((await (await page.request.get(`/api/${list}`)).json()) as Array<{ id: number }>)[0].id;
  const ids = { news: await firstId("news"), events: await firstId("events"), gallery: await firstId("gallery") };
  const paths = ["/admin/dashboard", "/admin/who-we-are", "/admin/what-we-do"];
  // The committee's screens (docs/product.md §11); the join screen as a dead link shows it.
  paths.push(
    "/admin/account",
    "/admin/account/two-factor",
    "/admin/committee",
    "/admin/committee?remove=1",
    "/admin/join/no-such-link-token-000000",
  );
  for (const [screen, id] of Object.entries(ids)) {
    paths.push(
      `/admin/${screen}`,
      `/admin/${screen}?new`,
      `/admin/${screen}?edit=${id}`,
      `/admin/${screen}?delete=${id}`,
    );
  }
  paths.push("/admin/activity");
  for (const path of paths) {
    await openAdmin(page, path);
    expect(await severeViolations(page)).toEqual([]);
  }
  if (jsDisabled()) return;
  // The editor's link form opens inside the toolbar's dialog.
  await openAdmin(page, "/admin/news?new");
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.getByRole("button", { name: "Link" }).click();
  await expect(page.getByLabel("Link URL")).toBeFocused();
  expect(await severeViolations(page)).toEqual([]);
});
