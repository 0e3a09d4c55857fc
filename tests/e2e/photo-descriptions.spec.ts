import type { APIRequestContext } from "@playwright/test";
import { pngImage } from "../fixtures/images";
import { apiToken, expect, jsDisabled, signIn, test } from "./fixtures";

/**
 * docs/product.md, 'Image descriptions and consent', in the browser with JavaScript on
 * and off: the dialogs' description field and its reminder, the follow-up screens, the
 * consent state in Manage Gallery, and the description as the public image's alt. What axe
 * finds on these screens, with a photo to follow up, is tests/e2e/admin-screens.spec.ts's.
 */
const NOTICE_WAIT = { timeout: 15_000 };
const REMINDER = /Never name a child in a caption or description/;

async function addImage(request: APIRequestContext, caption: string): Promise<number> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const upload = await request.post("/api/admin/upload", {
    headers,
    multipart: { image: { name: "relay.png", mimeType: "image/png", buffer: await pngImage(320, 240) } },
  });
  const { imageUrl } = (await upload.json()) as { imageUrl: string };
  const response = await request.post("/api/admin/gallery", { headers, data: { imageUrl, caption } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test("the image dialogs have an 'Image description' field with the reminder not to name children", async ({ page }) => {
  await signIn(page);
  for (const [path, dialogName] of [
    ["/admin/news?new", "Create News Item"],
    ["/admin/events?new", "Create Event"],
    ["/admin/gallery?new", "Add Gallery Image"],
  ] as const) {
    await page.goto(path);
    const dialog = page.getByRole("dialog", { name: dialogName });
    await expect(dialog.getByLabel("Image description")).toHaveAccessibleDescription(REMINDER);
  }
  // The caption's own hint: what a caption is for, not the description's words again.
  await expect(page.getByRole("dialog").getByLabel("Caption")).toHaveAccessibleDescription(
    /^Shown with the photo on the site: .*Never name a child in a caption\.$/,
  );
});

test("an image's description and consent are filled in from Manage Gallery's follow-up", async ({ page, request }) => {
  test.setTimeout(90_000);
  const caption = `Relay race (${jsDisabled() ? "no-js" : "js"}) ${Date.now()}`;
  const description = `Two runners passing a baton, ${Date.now()}`;
  await addImage(request, caption);
  await signIn(page);

  await page.goto("/admin/gallery");
  await page.getByRole("link", { name: /^\d+ images? (has|have) no description$/ }).click();
  await expect(page.getByRole("heading", { name: "Images without a description" })).toBeVisible();
  await page.getByLabel(`Image description (${caption})`).fill(description);
  await page.getByRole("button", { name: "Save descriptions" }).click();
  await expect(page.getByText("Descriptions saved")).toBeVisible(NOTICE_WAIT);
  await expect(page.getByLabel(`Image description (${caption})`)).toHaveCount(0);

  await page.goto("/admin/gallery");
  await page.getByRole("link", { name: /^\d+ images?: consent not recorded$/ }).click();
  await expect(page.getByRole("heading", { name: "Images without a consent record" })).toBeVisible();
  // Only this test's image: the others stay as they are.
  for (const box of await page.getByRole("checkbox").all()) await box.uncheck();
  await page.getByLabel(description, { exact: true }).check();
  await page.getByLabel("Everyone who can be recognised in these photos has photo consent for the website").check();
  await page.getByRole("button", { name: "Record consent" }).click();
  await expect(page.getByText("Consent recorded")).toBeVisible(NOTICE_WAIT);

  await page.goto("/admin/gallery");
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: caption, exact: true }) });
  await expect(row.getByRole("cell", { name: /^Consent confirmed by .+, \w+ \d{1,2}, \d{4}$/ })).toBeVisible();

  await page.goto("/gallery");
  await expect(page.locator(`.gallery-grid img[alt="${description}"]`)).toHaveCount(1);
});
