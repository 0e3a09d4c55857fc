import type { Page } from "@playwright/test";
import { pngImage } from "../fixtures/images";
import { expect, test, signIn } from "./fixtures";

// Issue 9: a notice shows at once, replacing the one before it, and one raised while a
// modal dialog is open is in the dialog, where a screen reader can reach it.

interface ToastWatch {
  /** The most toasts the page held at once. */
  most: number;
  /** How many times a toast was seen playing its exit animation. */
  exits: number;
}

/**
 * Watches the toast area from now on. The old toasts waited for the last one's exit
 * animation (react-toastify marks it with an `…-exit` class) before the next showed.
 */
async function watchToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const watch = { most: 0, exits: 0 };
    Object.assign(window, { toastWatch: watch });
    new MutationObserver(() => {
      watch.most = Math.max(watch.most, document.querySelectorAll(".Toastify__toast").length);
      if (document.querySelector('.Toastify__toast[class*="exit"]')) watch.exits += 1;
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
  });
}

const toastWatch = (page: Page) => page.evaluate(() => (window as unknown as { toastWatch: ToastWatch }).toastWatch);

test("each notice replaces the last at once, and one raised in a dialog is announced from it", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/events");
  await page.getByRole("link", { name: "Add Event" }).click();
  const create = page.getByRole("dialog", { name: "Create Event" });
  await expect(create.getByLabel("Name")).toBeVisible();
  await watchToasts(page);

  // An error notice: shown, and inside the dialog, so not hidden from screen readers
  // with the rest of the page (getByRole leaves out what aria-hidden hides).
  await create
    .getByLabel("Upload a photo")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(create.getByRole("alert").filter({ hasText: "Invalid file" })).toBeVisible();

  // A success notice right after it takes its place, with no exit animation between.
  await create
    .getByLabel("Upload a photo")
    .setInputFiles({ name: "picnic.png", mimeType: "image/png", buffer: await pngImage(160, 90) });
  await expect(create.getByRole("alert").filter({ hasText: "Upload successful" })).toBeVisible();
  await expect(page.getByText("Invalid file", { exact: true })).toHaveCount(0);

  // A failed save: its notice follows the last one the same way, still inside the dialog.
  await create.getByLabel("Name").fill("Never saved");
  await create.getByLabel("Date").fill("2031-06-01T10:00");
  await create.getByLabel("Booking URL").fill("ftp://x");
  await create.getByLabel("Description", { exact: true }).fill("Refused for its booking address.");
  await create.getByRole("button", { name: "Create Event" }).click();
  await expect(
    create.getByRole("alert").filter({ hasText: "Failed to create event: Booking URL must start with http://" }),
  ).toBeVisible();
  await expect(page.getByText("Upload successful", { exact: true })).toHaveCount(0);
  expect(await toastWatch(page)).toEqual({ most: 1, exits: 0 });

  // Closed, the dialog gives the toast area back to the page, where it goes on working.
  await create.getByRole("link", { name: "Cancel" }).click();
  await expect(create).toHaveCount(0);
  await expect(
    page.getByRole("alert").filter({ hasText: "Failed to create event: Booking URL must start with http://" }),
  ).toBeVisible();
});
