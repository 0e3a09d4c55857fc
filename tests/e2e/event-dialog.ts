import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Opens Manage Events' Create Event dialog and saves it with a booking address the
 * /api refuses, as a volunteer might; resolves to the dialog once the error shows.
 */
export async function failCreateEvent(page: Page): Promise<Locator> {
  await page.goto("/admin/events");
  await page.getByRole("link", { name: "Add Event" }).click();
  const create = page.getByRole("dialog", { name: "Create Event" });
  await create.getByLabel("Name").fill("Never saved");
  await create.getByLabel("Date").fill("2031-06-01T10:00");
  await create.getByLabel("Booking URL").fill("ftp://x");
  await create.getByLabel("Description", { exact: true }).fill("Refused for its booking address.");
  await create.getByRole("button", { name: "Create Event" }).click();
  // Exact: the notice, shown in the dialog, quotes the same words.
  await expect(create.getByText("Booking URL must start with http:// or https://", { exact: true })).toBeVisible();
  return create;
}
