import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// What only a page running JavaScript does: keyboard dismissal, copying, placeholders, hydration.

/** The dialog: a modal with JavaScript. */
const dialog = (page: Page) => page.getByRole("dialog");

test("Escape closes the booking popup (JavaScript)", async ({ page }) => {
  await page.goto("/events");
  await page.getByRole("article", { name: "Stargazing Night" }).getByRole("link", { name: "Book Now" }).click();
  await expect(dialog(page)).toBeVisible();
  const box = (await dialog(page).boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.width).toBeLessThanOrEqual(viewport.width * 0.9 + 1);
  expect(box.height).toBeLessThanOrEqual(viewport.height * 0.9 + 1);
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/events$/);
});

test("works with the keyboard: arrows step and wrap, Escape closes (JavaScript)", async ({ page }) => {
  await page.goto("/gallery");
  const count = await page.locator(".gallery-grid a").count();
  await page.locator(".gallery-grid a").first().focus();
  await page.keyboard.press("Enter");
  await expect(dialog(page).getByRole("heading", { name: `Image 1 of ${count}` })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(dialog(page).getByRole("heading", { name: `Image ${count} of ${count}` })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(dialog(page).getByRole("heading", { name: `Image 1 of ${count}` })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(dialog(page).getByRole("heading", { name: `Image 2 of ${count}` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
});

test("copies the item's link and says so (JavaScript, no native share sheet)", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // Headless Chromium may offer navigator.share; without it the copy path is taken.
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  const toastFiles: string[] = [];
  page.on("request", (request) => {
    if (/ReactToastify|unstyled/.test(request.url())) toastFiles.push(request.url());
  });
  await page.goto("/news");
  const item = page.getByRole("article", { name: "Welcome to our new website" });
  const id = await item.getAttribute("id");
  const shareButton = item.getByRole("button", { name: "Share Welcome to our new website" });
  await expect(shareButton).toBeVisible();
  // Nothing has been notified yet, so no toast code or styles have been fetched.
  expect(toastFiles).toEqual([]);
  await shareButton.click();
  // Its visible word changes while copied, so find it by place, not by name.
  const share = item.locator("button.share-button");
  await expect(page.getByText("Link copied")).toBeVisible();
  // The toast is drawn with its styles (react-toastify's sheet fixes it to the corner).
  await expect(page.locator(".Toastify__toast-container")).toHaveCSS("position", "fixed");
  await expect(page.getByText("The link has been copied to your clipboard")).toBeVisible();
  await expect(share).toContainText("Copied!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/news#${id}`);
  await expect(share).toContainText("Share", { timeout: 4000 });
  await expect(share).not.toContainText("Copied!");
});

test("news, events, gallery and the text pages show theirs while loading, never on a first load", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("[data-placeholder]")).toHaveCount(0);
  await expect(page.locator("html.js")).toHaveCount(1);
  // Hold each page's data back behind a gate so the loading state can be seen. The
  // placeholders may show before the data request reaches the route, so a request that
  // arrives after the gate opened passes straight through.
  let openGate: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  await page.route(/_data=routes/, async (route) => {
    await gate;
    await route.continue();
  });
  const nav = page.getByRole("navigation", { name: "Main" });
  const expectations: Array<[string, string, number, RegExp]> = [
    ["News", "card", 3, /\/news$/],
    ["Events", "card", 3, /\/events$/],
    ["Gallery", "image", 8, /\/gallery$/],
    ["Who We Are", "text", 3, /\/who-we-are$/],
    ["What We Do", "text", 3, /\/what-we-do$/],
  ];
  for (const [link, kind, count, url] of expectations) {
    gate = new Promise<void>((resolve) => (openGate = resolve));
    await nav.getByRole("link", { name: link }).dispatchEvent("click");
    await expect(page.locator(`[data-placeholder="${kind}"]`)).toHaveCount(count);
    openGate();
    await expect(page).toHaveURL(url);
    await expect(page.locator("[data-placeholder]")).toHaveCount(0);
  }
});

test("every public page hydrates without a React error (JavaScript)", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match|Minified React error/i.test(message.text())) {
      errors.push(message.text());
    }
  });
  for (const path of ["/", "/news", "/events", "/events?book=3", "/gallery", "/who-we-are", "/what-we-do"]) {
    await page.goto(path);
    await expect(page.locator("html.js")).toHaveCount(1);
    // The share control turns into a button once React has hydrated the page.
    if (path === "/news") await expect(page.locator("button.share-button").first()).toBeVisible();
  }
  const tiles = page.locator(".gallery-grid a");
  await page.goto("/gallery");
  await page.goto(`${await tiles.first().getAttribute("href")}`);
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(errors).toEqual([]);
});

// A cheap phone paints the server's HTML first: the page's scripts are asked for only
// once the first paint with content is on screen (scripts-after-paint.server.ts).
for (const path of ["/", "/news", "/events", "/gallery", "/who-we-are", "/what-we-do"]) {
  test(`${path} is on screen before its scripts are asked for (JavaScript)`, async ({ page }) => {
    await page.goto(path);
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/build\/.*\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }));
    expect(paint).toBeGreaterThan(0);
    expect(scripts.length).toBeGreaterThan(3);
    expect(Math.min(...scripts)).toBeGreaterThan(paint!);
  });
}

test.describe("small screens, before the page's scripts have run", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu toggle already opens and closes the links (JavaScript)", async ({ page }) => {
    // The scripts never arrive: what works is what the head's early script does.
    await page.route(/\/build\/.*\.js$/, (route) => route.abort());
    await page.goto("/", { waitUntil: "load" });
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Events" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Events" })).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Events" })).toBeHidden();
  });
});
