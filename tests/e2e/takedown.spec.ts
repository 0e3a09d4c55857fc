import { pngImage } from "../fixtures/images";
import { expect, test, apiToken, jsDisabled, signIn } from "./fixtures";

/**
 * Takedown as an administrator meets it (docs/product.md, 'Photos'): deleting a gallery image
 * that a news item also shows names that news item in the confirmation (the browser
 * confirm with JavaScript, the 'Delete Gallery Image' dialog without), and afterwards the
 * news item is there without the photo and the photo's address answers 404.
 */
const QUESTION = "Are you sure you want to delete this image?";

test("deleting a gallery image names the news item that shares it, then takes it off there too", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const stamp = `${jsDisabled() ? "no-js" : "js"} ${Date.now()}`;
  const caption = `Sports day ${stamp}`;
  const title = `Sports day report ${stamp}`;
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const uploaded = await request.post("/api/admin/upload", {
    headers,
    multipart: { image: { name: "p.png", mimeType: "image/png", buffer: await pngImage(320, 240) } },
  });
  expect(uploaded.status()).toBe(201);
  const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
  const created = await request.post("/api/admin/gallery", { headers, data: { imageUrl, caption } });
  expect(created.status()).toBe(201);
  const news = await request.post("/api/admin/news", {
    headers,
    data: { title, content: "<p>Fun</p>", publishedAt: "2026-02-01T09:00:00.000Z", imageUrl },
  });
  expect(news.status()).toBe(201);
  const newsId = ((await news.json()) as { id: number }).id;
  const note = `This image is also used by: News "${title}". It will be removed from them too.`;

  await signIn(page);
  await page.goto("/admin/gallery");
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: caption, exact: true }) });
  if (jsDisabled()) {
    await row.getByRole("link", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Gallery Image" });
    await expect(dialog.getByText(QUESTION)).toBeVisible();
    await expect(dialog.getByText(note)).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
  } else {
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await row.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => asked).toBe(`${QUESTION}\n\n${note}`);
  }
  await expect(page.getByText("Gallery image deleted")).toBeVisible({ timeout: 15_000 });
  await expect(row).toHaveCount(0);

  expect((await request.get(imageUrl)).status()).toBe(404);
  await page.goto(`/news/${newsId}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.locator(`img[src^="${imageUrl}"]`)).toHaveCount(0);
  await request.delete(`/api/admin/news/${newsId}`, { headers });
});
