import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { meanColour, PHONE_PHOTO, phonePhoto } from "../fixtures/phone-photo";
import { CONSENT_CONFIRMATION } from "~/lib/admin/photo-texts";
import { apiToken, expect, signIn, test } from "./fixtures";

/**
 * Photos straight from a phone with JavaScript (docs/product.md, 'Photos'): a 12 MB,
 * 4,000 × 3,000 photo lying on its side (EXIF orientation 6), over the product's 5 MB, is
 * shrunk in the browser before it is sent, through an image dialog and through Add Images;
 * what is stored stands upright, at most 2,560 px on its longest side, with no EXIF.
 * (Without JavaScript Add Images is shrunk by the server: tests/server/phone-photos.test.ts.)
 */

const MB = 1024 * 1024;

async function expectShrunkAndUpright(request: APIRequestContext, imageUrl: string): Promise<void> {
  const stored = await (await request.get(imageUrl)).body();
  const meta = await sharp(stored).metadata();
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(2560);
  // Upright: it was 4,000 wide lying down, so it stands taller than wide.
  expect(meta.height).toBe(2560);
  expect(meta.width).toBe(Math.round((PHONE_PHOTO.height * 2560) / PHONE_PHOTO.width));
  expect(meta.exif).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  // The red corner of the stored pixels is top-right once the photo is upright.
  const topRight = await meanColour(stored, { left: 0.8, top: 0, width: 0.15, height: 0.15 });
  expect(topRight.red).toBeGreaterThan(200);
  expect(topRight.green).toBeLessThan(60);
}

test("a 12 MB phone photo goes through the gallery's image dialog, shrunk in the browser", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const photo = await phonePhoto();
  expect(photo.byteLength).toBeGreaterThan(11 * MB);
  const sent: number[] = [];
  page.on("request", (sending) => {
    if (sending.url().endsWith("/admin/uploads/image")) sent.push(sending.postDataBuffer()?.byteLength ?? 0);
  });
  await signIn(page);
  await page.goto("/admin/gallery?new");
  const dialog = page.getByRole("dialog", { name: "Add Gallery Image" });
  // 'Upload a photo' first, 'or paste an image address' second.
  const upload = dialog.getByRole("button", { name: "Upload a photo" });
  const address = dialog.getByLabel("or paste an image address");
  await expect(upload).toBeVisible();
  const [uploadBox, addressBox] = [await upload.boundingBox(), await address.boundingBox()];
  expect(uploadBox && addressBox && uploadBox.y < addressBox.y).toBe(true);

  await dialog
    .getByLabel("Upload a photo")
    .setInputFiles({ name: "IMG_2041.JPG", mimeType: "image/jpeg", buffer: photo });
  await expect(dialog.getByText("Uploaded!", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("File too large")).toHaveCount(0);
  const preview = dialog.getByRole("img", { name: "The current image" });
  await expect(preview).toHaveAttribute("src", /^\/objects\/images\//);
  await expect(address).toHaveValue("");
  // What went over the wire was the shrunk photo, within the product's 5 MB.
  expect(sent).toHaveLength(1);
  expect(sent[0]).toBeLessThan(5 * MB);

  const imageUrl = await dialog.locator('input[name="imageUrl"]').inputValue();
  await expectShrunkAndUpright(request, imageUrl);
  // Not added: the specs after this one count the gallery's images.
});

test("a 12 MB phone photo goes through Add Images, shrunk in the browser, named on the captions screen", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const photo = await phonePhoto();
  await signIn(page);
  await page.goto("/admin/gallery/add");
  await page.getByLabel(CONSENT_CONFIRMATION).check();
  await page
    .getByLabel("Photos", { exact: true })
    .setInputFiles([{ name: "IMG_2042.JPG", mimeType: "image/jpeg", buffer: photo }]);
  await page.getByRole("button", { name: "Upload Images" }).click();
  await expect(page).toHaveURL(/\/admin\/gallery\/captions\?ids=/, { timeout: 60_000 });
  await expect(page.getByText("IMG_2042.JPG")).toBeVisible();

  const [id] = (new URL(page.url()).searchParams.get("ids") ?? "").split(".").map(Number);
  const token = await apiToken(request);
  const image = (await (
    await request.get(`/api/gallery/${id}`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { imageUrl: string };
  await expectShrunkAndUpright(request, image.imageUrl);
  const gone = await request.delete(`/api/admin/gallery/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(gone.ok()).toBe(true);
});
