import { CONSENT_CONFIRMATION } from "~/lib/admin/photo-texts";
import { severeViolations } from "./axe";
import { apiToken, expect, signIn, test } from "./fixtures";
import { batchOfPhotos as photos } from "./photo-files";

/** Many photos at once with the page's own uploader (docs/product.md, 'Photos'): a failed file and 'Retry'. */
test("with JavaScript a failed upload says why and goes again with 'Retry', while the page stays usable", async ({
  page,
  request,
}) => {
  await signIn(page);
  await page.goto("/admin/gallery/add");
  let failedOnce = false;
  await page.route("**/admin/uploads/image", async (route) => {
    // The second file's first try fails as a server in trouble would. It is known by the name
    // it carries: two files go at once, so the order they arrive in is not theirs.
    const carriesSecond = route.request().postDataBuffer()?.includes('filename="photo-02.png"') ?? false;
    if (carriesSecond && !failedOnce) {
      failedOnce = true;
      await route.fulfill({ status: 500, contentType: "application/json", body: "{}" });
    } else await route.continue();
  });
  await page.getByLabel("Photos", { exact: true }).setInputFiles(await photos(3));
  await page.getByRole("button", { name: "Upload Images" }).click();

  await expect(page.getByRole("status")).toContainText("2 of 3 photos added, 1 failed");
  await expect(page.getByText("Failed to upload image")).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  // Nothing is held: the form's controls still work.
  await page.getByLabel(CONSENT_CONFIRMATION).check();
  await expect(page.getByLabel(CONSENT_CONFIRMATION)).toBeChecked();
  await page.getByRole("button", { name: "Retry photo-02.png" }).click();
  await expect(page).toHaveURL(/\/admin\/gallery\/captions\?ids=/);
  await expect(page.getByRole("group")).toHaveCount(3);
  expect(await severeViolations(page)).toEqual([]);

  // The next specs count the public gallery's images: these three go.
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  for (const id of (new URL(page.url()).searchParams.get("ids") ?? "").split(".")) {
    expect((await request.delete(`/api/admin/gallery/${id}`, { headers })).status()).toBe(200);
  }
});
