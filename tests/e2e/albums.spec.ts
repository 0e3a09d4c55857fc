import type { Page } from "@playwright/test";
import { apiToken, expect, jsDisabled, signIn, test } from "./fixtures";

/**
 * An album from start to end (docs/product.md, 'Photos'), with JavaScript and without: made in
 * the admin, filled from the gallery, ordered with Up and Down (and by dragging where
 * JavaScript runs), then seen on the site, the lightbox wrapping inside the album.
 */
const order = (page: Page) =>
  page
    .locator(".album-order[aria-label] .album-order__caption")
    .evaluateAll((items) => items.map((item) => item.textContent?.replace(" (Cover)", "").trim()));

test("an album is made, filled, ordered and shown", async ({ page, request }) => {
  const tag = `${test.info().project.name}-${Date.now()}`;
  const captions = [1, 2, 3].map((n) => `Album photo ${n} ${tag}`);
  const token = await apiToken(request);
  for (const caption of captions) {
    const response = await request.post("/api/admin/gallery", {
      headers: { Authorization: `Bearer ${token}` },
      data: { imageUrl: `https://example.org/${encodeURIComponent(caption)}.jpg`, caption },
    });
    expect(response.status()).toBe(201);
  }

  await signIn(page);
  await page.goto("/admin/gallery/albums");
  await page.getByLabel("Title").fill(`Sports day ${tag}`);
  await page.getByLabel("Date").fill("2026-07-01");
  await page.getByRole("button", { name: "Create album" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Album: Sports day ${tag}` })).toBeVisible();
  const albumPath = new URL(page.url()).pathname;

  for (const caption of captions) {
    await page.getByRole("button", { name: `Add ${caption} to this album` }).click();
    await expect(page.locator(".album-order[aria-label] .album-order__item", { hasText: caption })).toBeVisible();
  }
  expect(await order(page)).toEqual(captions);

  // Up, as a form: works with JavaScript off, and from the keyboard with it on.
  await page.getByRole("button", { name: `Move ${captions[2]} up` }).click();
  await expect.poll(() => order(page)).toEqual([captions[0], captions[2], captions[1]]);

  if (!jsDisabled()) {
    // Dragging the first image onto the last puts it at the end.
    const item = (caption: string) => page.locator(".album-order__item", { hasText: caption });
    await item(captions[0]).dragTo(item(captions[1]));
    await expect.poll(() => order(page)).toEqual([captions[2], captions[1], captions[0]]);
    await page.reload();
    expect(await order(page)).toEqual([captions[2], captions[1], captions[0]]);
  }
  const expected = jsDisabled() ? [captions[0], captions[2], captions[1]] : [captions[2], captions[1], captions[0]];

  const albumId = albumPath.split("/").pop();
  await page.goto(`/gallery/albums/${albumId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Sports day ${tag}` })).toBeVisible();
  await expect(page.getByText("July 1, 2026")).toBeVisible();
  const grid = page.locator(".gallery-grid .gallery-item");
  await expect(grid).toHaveCount(3);
  await grid.first().click();
  const box = page.getByRole("dialog");
  await expect(box.getByRole("heading", { name: "Image 1 of 3" })).toBeVisible();
  await expect(box.getByText(expected[0])).toBeVisible();
  // Previous from the first wraps to the album's last; next from there wraps back.
  await box.getByRole("link", { name: "Previous image" }).click();
  await expect(box.getByRole("heading", { name: "Image 3 of 3" })).toBeVisible();
  await expect(box.getByText(expected[2])).toBeVisible();
  await box.getByRole("link", { name: "Next image" }).click();
  await expect(box.getByRole("heading", { name: "Image 1 of 3" })).toBeVisible();

  // The next specs count the public gallery's images: these go, album and all.
  const gone = await request.delete(`/api/admin/albums/${albumId}?images=delete`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(200);
});
