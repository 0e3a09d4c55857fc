import { apiToken, deletingWhatEachTestMakes, expect, signIn, test } from "./fixtures";

/**
 * The news editor's autosave (docs/product.md, 'No edit lost'), with JavaScript only:
 * 30 seconds after a change (the page's clock moved, no waiting) it is kept on the
 * server; the dialog opened again in a new tab offers it back, and Restore puts it in.
 */

deletingWhatEachTestMakes();

test("an autosave is kept after 30 seconds and offered back when the dialog opens again", async ({
  page,
  context,
  request,
}) => {
  const label = `autosave ${Date.now()}`;
  const token = await apiToken(request);
  const created = await request.post("/api/admin/news", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: `Book fair ${label}`, content: "<p>In the hall.</p>", publishedAt: "2030-04-01T09:00:00.000Z" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.clock.install();
  await signIn(page);
  await page.goto(`/admin/news?edit=${id}`);
  const dialog = page.getByRole("dialog", { name: "Edit News Item" });
  const editor = dialog.getByRole("textbox", { name: "Content" });
  await expect(editor).toHaveText("In the hall.");
  await editor.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Bring a bag.");

  await page.clock.fastForward(30_000);
  await expect(dialog.getByRole("status").filter({ hasText: /^Autosaved at / })).toBeVisible();

  // The tab is closed without saving; another one opens the dialog again.
  await page.close();
  const again = await context.newPage();
  await again.goto(`/admin/news?edit=${id}`);
  const reopened = again.getByRole("dialog", { name: "Edit News Item" });
  const offer = reopened.getByRole("alert").filter({ hasText: /^You have unsaved changes from .+\. Restore them\?/ });
  await expect(offer).toBeVisible();
  await expect(reopened.getByRole("textbox", { name: "Content" })).toHaveText("In the hall.");
  await offer.getByRole("button", { name: "Restore" }).click();
  await expect(offer).toBeHidden();
  await expect(reopened.getByRole("textbox", { name: "Content" })).toHaveText("In the hall. Bring a bag.");
});

test("Discard leaves the saved text in the dialog", async ({ page, request }) => {
  const label = `discard ${Date.now()}`;
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post("/api/admin/news", {
    headers,
    data: { title: `Quiz night ${label}`, content: "<p>Teams of four.</p>", publishedAt: "2030-04-01T09:00:00.000Z" },
  });
  const { id, version } = (await created.json()) as { id: number; version: number };
  const kept = await request.put(`/api/admin/news/${id}/autosave`, {
    headers,
    data: {
      title: `Quiz night ${label}`,
      content: "<p>Teams of six.</p>",
      publishedAt: "2030-04-01T09:00:00.000Z",
      version,
    },
  });
  expect(kept.ok()).toBe(true);

  await signIn(page);
  await page.goto(`/admin/news?edit=${id}`);
  const dialog = page.getByRole("dialog", { name: "Edit News Item" });
  const offer = dialog.getByRole("alert").filter({ hasText: /^You have unsaved changes from / });
  await offer.getByRole("button", { name: "Discard" }).click();
  await expect(offer).toBeHidden();
  await expect(dialog.getByRole("textbox", { name: "Content" })).toHaveText("Teams of four.");
});
