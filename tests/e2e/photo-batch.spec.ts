import sharp from "sharp";
import { batchOfPhotos as photos } from "./photo-files";
import { CONSENT_CONFIRMATION } from "~/lib/admin/photo-texts";
import { apiToken, expect, jsDisabled, signIn, test } from "./fixtures";

/**
 * Many photos at once (docs/product.md, 'Photos'): 20 files into an album, with JavaScript
 * (each file on its own, progress bars, then the captions screen) and without (one form
 * post, then the captions screen); the album's order is the order the files were picked.
 */

type Request = Parameters<typeof apiToken>[0];
type Image = { imageUrl: string; consentBy: string | null; albumId: number | null };

/** An album to fill, through the albums /api. */
async function makeAlbum(request: Request, token: string, title: string): Promise<number> {
  const made = await request.post("/api/admin/albums", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, date: "2026-07-04", visibility: "public", eventId: null, coverImageId: null },
  });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { id: number }).id;
}

test("20 photos go into an album in the order picked, then to the captions screen", async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = `Sports day ${jsDisabled() ? "no-js" : "js"} ${Date.now()}`;
  const token = await apiToken(request);
  const albumId = await makeAlbum(request, token, title);
  await signIn(page);
  await page.goto("/admin/gallery");
  await expect(page.getByRole("link", { name: "Add Image", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Add Images" }).click();
  await expect(page).toHaveURL(/\/admin\/gallery\/add$/);

  if (!jsDisabled()) {
    // Each upload waits a little, so the bars can be seen while the files go.
    await page.route("**/admin/uploads/image", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await route.continue();
    });
  }
  await page.getByLabel("Album").selectOption({ label: `${title} (2026-07-04)` });
  await page.getByLabel(CONSENT_CONFIRMATION).check();
  await page.getByLabel("Photos", { exact: true }).setInputFiles(await photos(20));
  await page.getByRole("button", { name: "Upload Images" }).click();

  if (!jsDisabled()) {
    await expect(page.getByRole("progressbar")).toHaveCount(20);
    await expect(page.getByRole("progressbar", { name: "Upload of photo-01.png" })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/admin\/gallery\/captions\?ids=/, { timeout: 90_000 });
  await expect(page.getByRole("group")).toHaveCount(20);
  await expect(page.getByRole("group").first()).toContainText("Photo 1 of 20");

  const ids = (new URL(page.url()).searchParams.get("ids") ?? "").split(".").map(Number);
  // Made one after another in file order: the ids rise with the files.
  expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const images = await Promise.all(
    ids.map(async (id) => (await (await request.get(`/api/gallery/${id}`, auth)).json()) as Image),
  );
  expect(images.every((image) => image.consentBy === "admin" && image.albumId === albumId)).toBe(true);
  const widths = await Promise.all(
    images.map(async (image) => (await sharp(await (await request.get(image.imageUrl)).body()).metadata()).width),
  );
  expect(widths).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
  const album = (await (await request.get(`/api/albums/${albumId}`, auth)).json()) as {
    images: Array<{ id: number }>;
  };
  expect(album.images.map((image) => image.id)).toEqual(ids);

  await page.getByLabel("Caption").first().fill("The egg-and-spoon race");
  await page.getByLabel("Image description").first().fill("Children balancing eggs on spoons on the school field");
  await page.getByRole("button", { name: "Save captions" }).click();
  await expect(page).toHaveURL(/\/admin\/gallery$/);
  await expect(page.getByText("Captions saved")).toBeVisible();

  // The next specs count the public gallery's images: the batch goes, album and all.
  const gone = await request.delete(`/api/admin/albums/${albumId}?images=delete`, auth);
  expect(gone.status()).toBe(200);
});
