import { pngImage } from "../fixtures/images";
import { severeViolations } from "./axe";
import { apiToken, expect, signIn, test } from "./fixtures";

/**
 * The captions screen after a batch (docs/product.md, 'Many photos at once'), with
 * JavaScript on and off: ten photos are a grid of cards, two or three a row on a laptop and
 * one on a phone, each with its file's name, and the page is never wider than the screen.
 */
test("ten photos on the captions screen are a grid of named cards at 1280 and 375 px", async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const ids: number[] = [];
  for (let i = 1; i <= 10; i++) {
    const upload = await request.post("/api/admin/upload", {
      headers,
      multipart: { image: { name: `p${i}.png`, mimeType: "image/png", buffer: await pngImage(320 + i, 240) } },
    });
    const { imageUrl } = (await upload.json()) as { imageUrl: string };
    const made = await request.post("/api/admin/gallery", { headers, data: { imageUrl } });
    ids.push(((await made.json()) as { id: number }).id);
  }
  const names = ids.map((_, i) => `IMG_${2100 + i}.JPG`);
  const path = `/admin/gallery/captions?ids=${ids.join(".")}&names=${encodeURIComponent(names.join("/"))}`;
  await signIn(page);

  for (const [width, columns, maxHeight] of [
    [1280, [2, 3], 2600],
    [375, [1], 6000],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(path);
    const cards = page.getByRole("group", { name: /^Photo \d+ of 10/ });
    await expect(cards).toHaveCount(10);
    await expect(cards.first()).toContainText("Photo 1 of 10");
    await expect(cards.first()).toContainText("IMG_2100.JPG");
    await expect(cards.nth(9)).toContainText("IMG_2109.JPG");
    const lefts = new Set<number>();
    for (const box of await Promise.all((await cards.all()).map((card) => card.boundingBox()))) {
      if (box) lefts.add(Math.round(box.x));
    }
    expect(columns).toContain(lefts.size);
    const size = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      height: document.documentElement.scrollHeight,
    }));
    expect(size.width).toBe(width);
    expect(size.height).toBeLessThan(maxHeight);
  }
  expect(await severeViolations(page)).toEqual([]);

  for (const id of ids) await request.delete(`/api/admin/gallery/${id}`, { headers });
});
