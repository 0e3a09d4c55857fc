import type { APIRequestContext } from "@playwright/test";
import { pngImage } from "../fixtures/images";
import { apiToken, expect, signIn, test } from "./fixtures";

/**
 * A parents-only album (docs/product.md, 'Photos'), with JavaScript and without: its photo is
 * on no public page, list, sitemap or file address until the visitor enters the gallery
 * passphrase on the album's page; then the album, its photo and the file are theirs.
 */
const PASSPHRASE = "owls-at-dusk-by-the-pond";

async function parentsOnlyAlbum(request: APIRequestContext, tag: string) {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const set = await request.put("/api/admin/settings/gallery-passphrase", {
    headers,
    data: { passphrase: PASSPHRASE },
  });
  expect(set.status()).toBe(200);
  const upload = await request.post("/api/admin/upload", {
    headers,
    multipart: { image: { name: "camp.png", mimeType: "image/png", buffer: await pngImage(320, 240) } },
  });
  const { imageUrl } = (await upload.json()) as { imageUrl: string };
  const album = await request.post("/api/admin/albums", {
    headers,
    data: { title: `Camp-out ${tag}`, date: "2026-06-20", visibility: "parents" },
  });
  expect(album.status()).toBe(201);
  const { id } = (await album.json()) as { id: number };
  const alt = `Tents by the pond at dusk ${tag}`;
  const image = await request.post("/api/admin/gallery", {
    headers,
    data: { imageUrl, caption: `Tents ${tag}`, altText: alt, albumId: id },
  });
  expect(image.status()).toBe(201);
  // What the next specs must not find: the album with its photo, and the passphrase.
  const remove = async () => {
    expect((await request.delete(`/api/admin/albums/${id}?images=delete`, { headers })).status()).toBe(200);
    await request.put("/api/admin/settings/gallery-passphrase", { headers, data: { passphrase: "" } });
  };
  return { remove, albumPath: `/gallery/albums/${id}`, imageUrl, title: `Camp-out ${tag}`, alt };
}

test("a parents-only album opens with the gallery passphrase, and only then", async ({ page, request }) => {
  const tag = `${test.info().project.name}-${Date.now()}`;
  // Set up through an /api context apart from the page's: the visitor starts with no cookie.
  const album = await parentsOnlyAlbum(request, tag);

  // Before: a locked tile, its title marked 'Parents only' with no cover; its photo nowhere, its file not found.
  await page.goto("/gallery");
  await expect(page.getByRole("heading", { level: 1, name: "Image Gallery" })).toBeVisible();
  const tile = page.locator(`a[href="${album.albumPath}"]`);
  await expect(tile).toContainText(album.title);
  await expect(tile).toContainText("Parents only");
  await expect(tile.locator("img")).toHaveCount(0);
  await expect(page.getByAltText(album.alt)).toHaveCount(0);
  expect(await (await page.request.get("/api/gallery")).text()).not.toContain(album.imageUrl);
  expect(await (await page.request.get("/api/albums")).text()).not.toContain(album.title);
  expect(await (await page.request.get("/sitemap-albums.xml")).text()).not.toContain(album.albumPath);
  expect((await page.request.get(album.imageUrl)).status()).toBe(404);

  // The tile leads to the album's passphrase form.
  await tile.click();
  await expect(page).toHaveURL(album.albumPath);
  await expect(page.getByRole("heading", { level: 1, name: album.title })).toBeVisible();
  await expect(page.getByText("This album is for the club's families.")).toBeVisible();
  await expect(page.getByAltText(album.alt)).toHaveCount(0);

  await page.getByRole("textbox", { name: "Gallery passphrase" }).fill("not-the-passphrase");
  await page.getByRole("button", { name: "Show the photos" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "That is not the gallery passphrase. Please check it and try again.",
  );

  await page.getByRole("textbox", { name: "Gallery passphrase" }).fill(PASSPHRASE);
  await page.getByRole("button", { name: "Show the photos" }).click();
  await expect(page.getByAltText(album.alt)).toBeVisible();
  await expect(page.getByText("This album is for the club's families.")).toHaveCount(0);

  // After: the file is this visitor's, never a shared cache's; /gallery shows the photo.
  const file = await page.request.get(album.imageUrl);
  expect(file.status()).toBe(200);
  expect(file.headers()["cache-control"]).toMatch(/^private/);
  await page.goto("/gallery");
  await expect(page.getByText(album.title)).toBeVisible();
  // Its photo among the others, marked.
  await expect(page.locator(".gallery-item", { has: page.getByAltText(album.alt) })).toContainText("Parents only");
  await album.remove();
});

test("the signed-in committee sees a parents-only album and its photos, marked, without the passphrase", async ({
  page,
  request,
}) => {
  const tag = `${test.info().project.name}-committee-${Date.now()}`;
  const album = await parentsOnlyAlbum(request, tag);
  await signIn(page);

  await page.goto("/gallery");
  const tile = page.locator(`a[href="${album.albumPath}"]`);
  await expect(tile).toContainText(album.title);
  await expect(tile).toContainText("Parents only");
  await expect(tile.locator("img")).toHaveCount(1);
  await expect(page.locator(".gallery-item", { has: page.getByAltText(album.alt) })).toContainText("Parents only");

  // As 'See it on the site' from the album's admin screen: the photos, no passphrase asked.
  await page.goto(album.albumPath);
  await expect(page.getByRole("heading", { level: 1, name: album.title })).toBeVisible();
  await expect(page.getByAltText(album.alt)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Gallery passphrase" })).toHaveCount(0);
  await album.remove();
});
