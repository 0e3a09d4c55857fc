import type { APIRequestContext, Page } from "@playwright/test";
import { pngImage } from "../fixtures/images";
import type { StoredEvent } from "../fixtures/stored";
import { expect, test, jsDisabled, signIn } from "./fixtures";

async function storedEvent(request: APIRequestContext, name: string): Promise<StoredEvent | undefined> {
  const events = (await (await request.get("/api/events")).json()) as StoredEvent[];
  return events.find((event) => event.name === name);
}

async function expectNotice(page: Page, text: string) {
  // At most one toast shows at a time (docs/product.md, 'Business constants and limits'): a new one replaces the last at once.
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

test("an administrator creates, edits and deletes an event, and the public events page follows", async ({
  page,
  request,
}) => {
  const project = test.info().project.name;
  const name = `Den building (${project})`;
  const renamed = `Den building in the woods (${project})`;
  await signIn(page);

  await page.goto("/admin/events");
  await expect(page.getByRole("heading", { level: 1, name: "Manage Events" })).toBeVisible();
  await page.getByRole("link", { name: "Add Event" }).click();

  const create = page.getByRole("dialog", { name: "Create Event" });
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Date").fill("2031-05-10T18:30");
  await expect(create.getByLabel("Booking URL")).toHaveAttribute("placeholder", "https://www.example.com/book");
  await create.getByLabel("Booking URL").fill("https://www.example.com/book/den");
  await expect(create.getByLabel("Description", { exact: true })).toHaveAttribute("rows", "5");
  await create.getByLabel("Description", { exact: true }).fill("Bring gloves.\nWe build until dusk.");
  await create.getByLabel("Location").fill("Oakfield woods");
  await create.getByLabel("Organiser").fill("Sam");
  await create
    .getByLabel("Upload a photo")
    .setInputFiles({ name: "den.png", mimeType: "image/png", buffer: await pngImage(320, 180) });
  if (!jsDisabled()) {
    // 'Uploaded!' beside the button, whose own label stays; the image shown, not its stored path.
    await expect(create.getByText("Uploaded!", { exact: true })).toBeVisible();
    await expect(create.getByRole("button", { name: "Upload a photo" })).toBeVisible();
    await expectNotice(page, "Upload successful");
    await expect(create.locator('input[name="imageUrl"]')).toHaveValue(/^\/objects\/images\/\S+$/);
    await expect(create.getByRole("img", { name: "The current image" })).toHaveAttribute("src", /^\/objects\/images\//);
    await expect(create.getByLabel("or paste an image address")).toHaveValue("");
  }
  await create.getByRole("button", { name: "Create Event" }).click();

  await expect(page).toHaveURL(/\/admin\/events$/);
  await expectNotice(page, "Event created successfully");
  const card = page.locator("article", { has: page.getByRole("heading", { name }) });
  await expect(card.getByText("May 10, 2031")).toBeVisible();
  // The time it was entered at, beside the date (docs/product.md, 'Events').
  await expect(card.locator("time")).toHaveText("May 10, 2031");
  await expect(card.locator(".meta")).toHaveText("May 10, 2031 · 6:30pm");
  const booking = card.getByRole("link", { name: /www\.example\.com\/book\/den/ });
  await expect(booking).toHaveAttribute("target", "_blank");
  await expect(booking).toHaveAttribute("rel", "noopener noreferrer");
  await expect(card.locator("img")).toHaveAttribute("src", /^\/objects\/images\//);

  const stored = await storedEvent(request, name);
  expect(stored).toMatchObject({ date: "2031-05-10T17:30:00.000Z", comment: "Bring gloves.\nWe build until dusk." });
  expect(stored?.imageUrl).toMatch(/^\/objects\/images\/\S+$/);

  await page.goto("/events");
  const publicCard = page.locator(`#event-${stored?.id}`);
  await expect(publicCard.getByRole("heading", { name })).toBeVisible();
  await expect(publicCard.getByText("Bring gloves.")).toBeVisible();
  await expect(publicCard.locator("time")).toHaveText("May 10, 2031");
  await expect(publicCard.locator(".meta")).toHaveText("May 10, 2031 · 6:30pm");
  await expect(publicCard.locator("img")).toHaveAttribute("src", /^\/objects\/images\//);

  // Edit: a refused booking URL is explained beside the field, then corrected.
  await page.goto("/admin/events");
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Event" });
  await expect(edit.getByLabel("Date")).toHaveValue("2031-05-10T18:30");
  await edit.getByLabel("Name").fill(renamed);
  await edit.getByLabel("Booking URL").fill("ftp://x");
  await edit.getByRole("button", { name: "Update Event" }).click();
  await expectNotice(page, "Failed to update event: Booking URL must start with http:// or https://");
  // Exact: the notice, in the dialog while it is open, quotes the same words.
  await expect(edit.getByText("Booking URL must start with http:// or https://", { exact: true })).toBeVisible();
  await expect(edit.getByLabel("Name")).toHaveValue(renamed);
  await edit.getByLabel("Booking URL").fill("https://www.example.com/book/den-woods");
  await edit.getByRole("button", { name: "Update Event" }).click();
  await expectNotice(page, "Event updated successfully");
  await expect(page.getByRole("heading", { name: renamed })).toBeVisible();

  await page.goto("/events");
  await expect(page.locator(`#event-${stored?.id}`).getByRole("heading", { name: renamed })).toBeVisible();

  // Delete
  await page.goto("/admin/events");
  await page.getByRole("link", { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(
    confirm.getByText(`This will permanently delete the event "${renamed}".`, { exact: true }),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expectNotice(page, "Event deleted successfully");
  await expect(page.getByRole("heading", { name: renamed })).toHaveCount(0);

  await page.goto("/events");
  await expect(page.locator(`#event-${stored?.id}`)).toHaveCount(0);
});

test("an image that is not a jpg, png or gif is refused with 'Invalid file'", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/events?new");
  const create = page.getByRole("dialog", { name: "Create Event" });
  await create.getByLabel("Name").fill("Invalid picture");
  await create.getByLabel("Date").fill("2031-05-10T18:30");
  await create.getByLabel("Booking URL").fill("https://www.example.com/book");
  await create.getByLabel("Description", { exact: true }).fill("Never saved");
  await create
    .getByLabel("Upload a photo")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  if (jsDisabled()) await create.getByRole("button", { name: "Create Event" }).click();
  await expectNotice(page, "Invalid file");
  await expectNotice(page, "Please upload an image file (jpg, jpeg, png, gif)");
  await expect(create.getByLabel("Name")).toHaveValue("Invalid picture");
});

test("every field's problem shows at once, each beside its field, and what was typed stays", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/events?new");
  const create = page.getByRole("dialog", { name: "Create Event" });
  // Two problems the browser lets through and the form's check refuses together.
  await create.getByLabel("Name").fill("x".repeat(201));
  await create.getByLabel("Date").fill("2031-05-10T18:30");
  await create.getByLabel("Booking URL").fill("ftp://example.org/book");
  await create.getByLabel("Description", { exact: true }).fill("Both problems at once");
  await create.getByRole("button", { name: "Create Event" }).click();

  const name = create.getByLabel("Name");
  const booking = create.getByLabel("Booking URL");
  await expect(name).toHaveAccessibleDescription("Name is too long: at most 200 characters");
  await expect(booking).toHaveAccessibleDescription("Booking URL must start with http:// or https://");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(booking).toHaveAttribute("aria-invalid", "true");
  await expect(create.getByLabel("Description", { exact: true })).toHaveValue("Both problems at once");
  await expect(create.getByLabel("Description", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
});
