import { expect, test, apiToken, jsDisabled, signIn } from "./fixtures";

/**
 * The record of changes as an administrator meets it (docs/product.md, 'The committee'): an edit
 * made in a dialog shows in Recent changes and as 'Last edited by' when the dialog
 * opens again, with JavaScript and without.
 */
let eventId: number | undefined;

test.afterEach(async ({ request }) => {
  if (eventId === undefined) return;
  const token = await apiToken(request);
  await request.delete(`/api/admin/events/${eventId}`, { headers: { Authorization: `Bearer ${token}` } });
  eventId = undefined;
});

test("an edit shows up in Recent changes and as 'Last edited by' in the edit dialog", async ({ page, request }) => {
  const stamp = `${jsDisabled() ? "no-js" : "js"} ${Date.now()}`;
  const token = await apiToken(request);
  const created = await request.post("/api/admin/events", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: `Kite day ${stamp}`,
      date: "2031-05-01T10:00:00.000Z",
      comment: "Bring a kite.",
      bookingUrl: "https://example.org/kites",
    },
  });
  expect(created.status()).toBe(201);
  eventId = ((await created.json()) as { id: number }).id;

  await signIn(page);
  await page.goto(`/admin/events?edit=${eventId}`);
  const dialog = page.getByRole("dialog", { name: "Edit Event" });
  await dialog.getByLabel("Name").fill(`Kite day moved ${stamp}`);
  await dialog.getByRole("button", { name: "Update Event" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.goto("/admin/activity");
  await expect(page.getByRole("heading", { level: 1, name: "Recent changes" })).toBeVisible();
  const row = page
    .getByRole("row")
    .filter({ hasText: `Kite day moved ${stamp}` })
    .first();
  // A sentence with the person's name, and the event's title linked to its page.
  await expect(row).toContainText(`admin edited the event "Kite day moved ${stamp}"`);
  await expect(row).not.toContainText("events.update");
  await row.getByRole("link", { name: `Kite day moved ${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Kite day moved ${stamp}` })).toBeVisible();

  await page.goto(`/admin/events?edit=${eventId}`);
  await expect(page.getByRole("dialog", { name: "Edit Event" })).toContainText(
    /Last edited by admin, [A-Z][a-z]+ \d{1,2}, \d{4}/,
  );
});

test("Recent changes filters by person with a plain GET form", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/activity");
  await page.getByLabel("Person").selectOption({ label: "admin" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\/activity\?user=\d+$/);
  await expect(page.getByRole("row").nth(1)).toContainText("admin");
});

test("a batch of photos is one sentence in Recent changes, linked to its album", async ({ page, request }) => {
  const stamp = `${jsDisabled() ? "no-js" : "js"} ${Date.now()}`;
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const album = await request.post("/api/admin/albums", {
    headers,
    data: { title: `Sack race ${stamp}`, date: "2026-06-01" },
  });
  expect(album.status()).toBe(201);
  const albumId = ((await album.json()) as { id: number }).id;
  try {
    for (let n = 1; n <= 3; n++) {
      const added = await request.post("/api/admin/gallery", {
        headers,
        data: { imageUrl: `https://example.org/sack-${n}.jpg`, albumId },
      });
      expect(added.status()).toBe(201);
    }
    await signIn(page);
    await page.goto("/admin/activity");
    const row = page.getByRole("row").filter({ hasText: `added 3 photos to "Sack race ${stamp}"` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`admin added 3 photos to "Sack race ${stamp}"`);
    await expect(page.getByRole("row").filter({ hasText: "gallery.create" })).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText("/objects/images/");
    await row.getByRole("link", { name: `Sack race ${stamp}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/gallery/albums/${albumId}$`));
  } finally {
    await request.delete(`/api/admin/albums/${albumId}?images=delete`, { headers });
  }
});
