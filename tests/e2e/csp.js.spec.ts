import type { Page } from "@playwright/test";
import { expect, test, signIn } from "./fixtures";

// The Content-Security-Policy is enforced: a page that relied on an inline script or
// style element the policy refuses would break quietly. Chromium reports each refusal
// as a securitypolicyviolation event, which this collects.
async function violationsOn(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => (window as Window & { __cspViolations?: string[] }).__cspViolations ?? []);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as Window & { __cspViolations?: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
});

test("public pages and their dialogs run without a CSP violation", async ({ page }) => {
  const [event] = (await (await page.request.get("/api/events")).json()) as Array<{ id: number; date: string }>;
  const [image] = (await (await page.request.get("/api/gallery")).json()) as Array<{ id: number }>;
  for (const path of [
    "/",
    "/news",
    "/events",
    `/events?book=${event.id}`,
    "/gallery",
    `/gallery?image=${image.id}`,
    "/who-we-are",
    "/what-we-do",
  ]) {
    expect(await violationsOn(page, path), path).toEqual([]);
  }
});

test("admin pages, the rich-text editor included, run without a CSP violation", async ({ page }) => {
  await signIn(page);
  for (const path of [
    "/admin/dashboard",
    "/admin/news?new",
    "/admin/events?new",
    "/admin/gallery?new",
    "/admin/who-we-are",
  ]) {
    expect(await violationsOn(page, path), path).toEqual([]);
  }
  await page.goto("/admin/news?new");
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { __cspViolations?: string[] }).__cspViolations)).toEqual([]);
});
