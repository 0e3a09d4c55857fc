import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./fixtures";

// axe-core runs as a script inside the page, so this file runs in the JavaScript
// project only. The no-js project's pages are the same server HTML, before hydration.

/** Serious or critical accessibility violations (axe-core, WCAG 2.1 A/AA and best practice). */
async function severeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    // The modal's focus trap (react-focus-lock, inside @reach/dialog) brackets it with
    // invisible tabindex=1 sentinels that return focus into the dialog: not page content.
    .exclude("[data-focus-guard]")
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${page.url()}: ${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

async function expectAccessible(page: Page, path: string) {
  await page.goto(path);
  expect(await severeViolations(page)).toEqual([]);
}

for (const path of ["/", "/news", "/events", "/gallery", "/who-we-are", "/what-we-do", "/no-such-page", "/admin"]) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await expectAccessible(page, path);
  });
}

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

test("the admin screens and their dialogs have no serious accessibility violations", async ({ page }) => {
  await signIn(page);
  const [news] = (await (await page.request.get("/api/news")).json()) as Array<{ id: number }>;
  const [event] = (await (await page.request.get("/api/events")).json()) as Array<{ id: number }>;
  for (const path of [
    "/admin/dashboard",
    "/admin/news",
    `/admin/news?edit=${news.id}`,
    `/admin/news?delete=${news.id}`,
    "/admin/events",
    "/admin/events?new",
    `/admin/events?edit=${event.id}`,
    "/admin/gallery",
    "/admin/gallery?new",
    "/admin/who-we-are",
    "/admin/what-we-do",
  ]) {
    await expectAccessible(page, path);
  }
  // The editor loads after hydration: check the create dialog once it is there.
  await page.goto("/admin/news?new");
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
});
