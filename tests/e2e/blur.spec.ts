import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { checkerboard } from "../fixtures/pixel-compare";
import { apiToken, expect, jsDisabled, signIn, test } from "./fixtures";

/** A gallery image of our own, made through the /api: its id and address. */
async function storedGalleryImage(request: APIRequestContext): Promise<{ id: number; imageUrl: string }> {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const upload = await request.post("/api/admin/upload", {
    headers,
    multipart: {
      image: { name: "sports-day.png", mimeType: "image/png", buffer: await checkerboard(800, 600, "png") },
    },
  });
  expect(upload.status()).toBe(201);
  const { imageUrl } = (await upload.json()) as { imageUrl: string };
  const created = await request.post("/api/admin/gallery", {
    headers,
    data: { imageUrl, caption: `Blur me ${test.info().project.name} ${Date.now()}` },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: number; imageUrl: string };
}

test("faces are blurred by drawing rectangles in the edit dialog, and without JavaScript it says so", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const image = await storedGalleryImage(request);
  await signIn(page);
  await page.goto(`/admin/gallery?edit=${image.id}`);
  const dialog = page.getByRole("dialog", { name: "Edit Gallery Image" });
  const blurring = dialog.getByRole("region", { name: "Blur faces" });
  if (jsDisabled()) {
    await expect(blurring.getByText("Blurring faces needs JavaScript.")).toBeVisible();
    await expect(blurring.getByRole("button", { name: "Blur faces" })).toHaveCount(0);
    return;
  }
  await expect(blurring.getByText("Blurring faces needs JavaScript.")).toHaveCount(0);
  const picture = blurring.getByRole("img", { name: "The image to blur faces in" });
  await expect(picture).toHaveAttribute("src", image.imageUrl);
  await expect(picture).toHaveJSProperty("complete", true);
  const save = blurring.getByRole("button", { name: "Blur faces" });
  await expect(save).toBeDisabled();

  /** Drags from one place to another on the image, as parts of its shown size. */
  const draw = async (from: [number, number], to: [number, number]) => {
    await picture.scrollIntoViewIfNeeded();
    const box = await picture.boundingBox();
    if (!box) throw new Error("the image is not shown");
    await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 5 });
    await page.mouse.up();
  };

  await draw([0.1, 0.1], [0.3, 0.4]);
  await expect(blurring.getByRole("listitem")).toHaveText([/^Area 1: \d+ × \d+ pixels/]);
  // The keyboard can take an area back.
  await blurring.getByRole("button", { name: "Remove area 1" }).press("Enter");
  await expect(blurring.getByRole("listitem")).toHaveCount(0);

  await draw([0.5, 0.25], [0.75, 0.75]);
  // Measured in the original's pixels (800 × 600), however large the image is shown.
  await expect(blurring.getByRole("listitem")).toHaveText([/^Area 1: 2\d\d × 3\d\d pixels/]);
  // The editor with an area drawn is as accessible as the rest of the admin (a11y.spec.ts's rules).
  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .include(".blur-editor")
    .analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await save.click();
  await expect(page.getByText("Faces blurred")).toBeVisible({ timeout: 15_000 });
  await expect(picture).not.toHaveAttribute("src", image.imageUrl);
  await expect(picture).toHaveAttribute("src", /^\/objects\/images\//);
  await expect(blurring.getByRole("listitem")).toHaveCount(0);
  // The form beside it saves the new image, never the old one.
  const newUrl = await picture.getAttribute("src");
  await expect(dialog.locator('input[name="imageUrl"]')).toHaveValue(newUrl ?? "");
  expect((await request.get(image.imageUrl)).status()).toBe(404);
});
