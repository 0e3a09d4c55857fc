import type { Page } from "@playwright/test";
import { pngImage } from "../fixtures/images";
import { expect, test, jsDisabled, signIn } from "./fixtures";

/** Toasts show one at a time (docs/product.md, 'Business constants and limits'), so a notice may wait for the one before it to close. */
const NOTICE_WAIT = { timeout: 15_000 };

function row(page: Page, caption: string) {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: caption, exact: true }) });
}

test("an administrator adds, edits and deletes a gallery image", async ({ page }) => {
  test.setTimeout(90_000);
  const project = jsDisabled() ? "no-js" : "js";
  const caption = `Sack race (${project}) ${Date.now()}`;
  const edited = `${caption} — edited`;
  await signIn(page);
  await page.goto("/admin/gallery");
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/admin/dashboard");
  await expect(page.getByRole("columnheader", { name: "Caption" })).toBeVisible();

  // Add, with an image file.
  await page.getByRole("link", { name: "Add Image", exact: true }).click();
  const addDialog = page.getByRole("dialog", { name: "Add Gallery Image" });
  await expect(addDialog).toBeVisible();
  const addButton = addDialog.getByRole("button", { name: "Add Image" });
  if (!jsDisabled()) {
    await expect(addButton).toBeDisabled();
    await expect(addDialog.getByText("Please upload or enter an image URL")).toBeVisible();
  }
  await addDialog.locator('input[type="file"]').setInputFiles({
    name: "sack-race.png",
    mimeType: "image/png",
    buffer: await pngImage(320, 240),
  });
  if (!jsDisabled()) await expect(addDialog.locator('input[name="imageUrl"]')).toHaveValue(/^\/objects\/images\//);
  await addDialog.getByLabel("Caption").fill(caption);
  await addButton.click();
  await expect(page.getByText("Image added to gallery")).toBeVisible(NOTICE_WAIT);
  await expect(page).toHaveURL(/\/admin\/gallery$/);
  const added = row(page, caption);
  await expect(added).toBeVisible();
  await expect(added.getByRole("img")).toHaveAttribute("src", /^\/objects\/images\//);

  // Edit the caption.
  await added.getByRole("link", { name: "Edit" }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Gallery Image" });
  await expect(editDialog.getByLabel("Caption")).toHaveValue(caption);
  await editDialog.getByLabel("Caption").fill(edited);
  await editDialog.getByRole("button", { name: "Update Image" }).click();
  await expect(page.getByText("Gallery image updated")).toBeVisible(NOTICE_WAIT);
  await expect(row(page, edited)).toBeVisible();

  // The public gallery shows it.
  await page.goto("/gallery");
  await expect(page.getByText(edited).first()).toBeAttached();
  await page.goto("/admin/gallery");

  // Delete, after confirming.
  if (jsDisabled()) {
    await row(page, edited).getByRole("link", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Gallery Image" });
    await expect(confirm.getByText("Are you sure you want to delete this image?")).toBeVisible();
    // It shows which image: its thumbnail and its caption.
    await expect(confirm.getByRole("figure").getByText(edited)).toBeVisible();
    await expect(confirm.getByRole("figure").locator("img")).toHaveJSProperty("complete", true);
    expect(
      await confirm
        .getByRole("figure")
        .locator("img")
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await confirm.getByRole("button", { name: "Delete" }).click();
  } else {
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await row(page, edited).getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => asked).toBe("Are you sure you want to delete this image?");
  }
  await expect(page.getByText("Gallery image deleted")).toBeVisible(NOTICE_WAIT);
  await expect(row(page, edited)).toHaveCount(0);
});

test("adding without an image asks for one", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/gallery?new");
  const dialog = page.getByRole("dialog", { name: "Add Gallery Image" });
  const addButton = dialog.getByRole("button", { name: "Add Image" });
  if (!jsDisabled()) {
    await expect(addButton).toBeDisabled();
    await dialog.getByLabel("or paste an image address").fill("https://example.com/picnic.jpg");
    await expect(addButton).toBeEnabled();
    await dialog.getByLabel("or paste an image address").fill("");
    await expect(addButton).toBeDisabled();
    return;
  }
  await dialog.getByLabel("Caption").fill("Forgot the picture");
  await addButton.click();
  const again = page.getByRole("dialog", { name: "Add Gallery Image" });
  await expect(again.getByText("Please upload or enter an image URL")).toBeVisible();
  await expect(again.getByLabel("or paste an image address")).toHaveAttribute("aria-invalid", "true");
  await expect(again.getByLabel("Caption")).toHaveValue("Forgot the picture");
});
