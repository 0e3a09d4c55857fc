import type { Page } from "@playwright/test";
import { expect, test, jsDisabled } from "./fixtures";

/** The dialog: a modal with JavaScript, the same content inline in the page without it. */
const dialog = (page: Page) => page.getByRole("dialog");

test.describe("booking dialog", () => {
  test("Book Now opens the booking page in a sandboxed frame, and the close control closes it", async ({ page }) => {
    await page.goto("/events");
    const card = page.getByRole("article", { name: "Stargazing Night" });
    await card.getByRole("link", { name: "Book Now" }).click();
    await expect(page).toHaveURL(/\/events\?book=\d+$/);

    const popup = dialog(page);
    await expect(popup.getByRole("heading", { name: "Book: Stargazing Night" })).toBeVisible();
    const frame = popup.locator("iframe");
    await expect(frame).toHaveAttribute("src", "https://example.org/book/stargazing-night");
    await expect(frame).toHaveAttribute("sandbox", /allow-forms/);
    await expect(frame).toHaveAttribute("title", "Booking page for Stargazing Night");
    const viewport = page.viewportSize()!;
    const frameBox = (await frame.boundingBox())!;
    expect(Math.abs(frameBox.height - viewport.height * 0.8)).toBeLessThan(2);
    await expect(popup.getByRole("link", { name: "Open the booking page in a new tab" })).toHaveAttribute(
      "href",
      "https://example.org/book/stargazing-night",
    );

    await popup.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(dialog(page)).toHaveCount(0);
  });

  test("the home page's Book Now opens the popup for the next event", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("region", { name: "Next Event" }).getByRole("link", { name: "Book Now" }).click();
    // Without JavaScript the server shows the popup on the Events page.
    await expect(page).toHaveURL(jsDisabled() ? /\/events\?book=\d+$/ : /\/\?book=\d+$/);
    await expect(dialog(page).getByRole("heading", { name: "Book: Family Bike Ride and Picnic" })).toBeVisible();
    await expect(dialog(page).locator("iframe")).toHaveAttribute("src", "https://example.org/book/bike-ride");
    await dialog(page).getByRole("link", { name: "Close" }).click();
    await expect(dialog(page)).toHaveCount(0);
  });

  test("a past event cannot be booked, even by its URL", async ({ page }) => {
    await page.goto("/events");
    const past = page.getByRole("article", { name: "Autumn Den-Building Day" });
    const id = (await past.getAttribute("id"))!.replace("event-", "");
    await page.goto(`/events?book=${id}`);
    await expect(dialog(page)).toHaveCount(0);
  });
});

test.describe("gallery lightbox", () => {
  test("opens full size, and previous/next wrap at both ends", async ({ page }) => {
    await page.goto("/gallery");
    const tiles = page.locator(".gallery-grid a");
    const count = await tiles.count();
    expect(count).toBeGreaterThan(1);
    const lastLabel = await tiles
      .nth(count - 1)
      .locator("img")
      .getAttribute("alt");

    await tiles.first().click();
    const box = dialog(page);
    await expect(box.getByRole("heading", { name: `Image 1 of ${count}` })).toBeVisible();
    // The caption (the tile's overlay), which is also the image's alt unless it has a description (docs/product.md, 'Photos').
    await expect(box.locator("figcaption")).toHaveText(
      (await tiles.first().locator(".gallery-item__caption").textContent())!,
    );
    await expect(box.getByRole("img")).toHaveAttribute(
      "alt",
      (await tiles.first().locator("img").getAttribute("alt"))!,
    );

    await box.getByRole("link", { name: "Previous image" }).click();
    await expect(box.getByRole("heading", { name: `Image ${count} of ${count}` })).toBeVisible();
    await expect(box.getByRole("img")).toHaveAttribute("alt", lastLabel!);

    await box.getByRole("link", { name: "Next image" }).click();
    await expect(box.getByRole("heading", { name: `Image 1 of ${count}` })).toBeVisible();

    await box.getByRole("link", { name: "Close" }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/gallery$/);
  });

  test("the caption shows on keyboard focus", async ({ page }) => {
    await page.goto("/gallery");
    await page.locator(".gallery-grid a").first().focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(page.locator(".gallery-grid a").first().locator(".gallery-item__caption")).toHaveCSS("opacity", "1");
  });
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu toggle opens and closes the links (or, without JavaScript, the links show)", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    if (jsDisabled()) {
      await expect(page.locator(".menu-toggle")).toBeHidden();
      for (const name of ["News", "Events", "Gallery", "Who We Are", "What We Do"]) {
        await expect(nav.getByRole("link", { name })).toBeVisible();
      }
      return;
    }
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Events" })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Events" })).toBeVisible();
    await nav.getByRole("link", { name: "Events" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(nav.getByRole("link", { name: "Events" })).toBeHidden();
  });
});
