import type { APIRequestContext } from "@playwright/test";
import { severeViolations } from "./axe";
import { apiToken, deletingWhatEachTestMakes, expect, signIn, test } from "./fixtures";

/**
 * History (docs/product.md, 'History'), with JavaScript and without: a news item saved
 * twice shows both saves; the newer one's changes are shown word by word; Restore, asked
 * first, brings the older text back as a new revision; a restore over a newer save is
 * refused with the /api's sentence.
 */

deletingWhatEachTestMakes();

async function newsItemSavedTwice(request: APIRequestContext, label: string) {
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const first = {
    title: `Cake sale ${label}`,
    content: "<p>Bring a cake on Friday.</p>",
    publishedAt: "2030-05-01T09:00:00.000Z",
  };
  const created = await request.post("/api/admin/news", { headers, data: first });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const edited = await request.put(`/api/admin/news/${id}`, {
    headers,
    data: { ...first, id, title: `Big cake sale ${label}`, content: "<p>Bring two cakes on Friday.</p>" },
  });
  expect(edited.ok()).toBe(true);
  return { id, headers, first };
}

test("History shows each save and what it changed, and Restore brings the old text back", async ({ page, request }) => {
  const label = `${test.info().project.name} ${Date.now()}`;
  const { id } = await newsItemSavedTwice(request, label);
  await signIn(page);
  await page.goto(`/admin/news?page=1#admin-news-${id}`);
  await page.getByRole("link", { name: `History of Big cake sale ${label}` }).click();

  await expect(page.getByRole("heading", { level: 1, name: `History: Big cake sale ${label}` })).toBeVisible();
  const rows = page
    .getByRole("list")
    .filter({ has: page.getByRole("link", { name: /Show changes/ }) })
    .getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Save");
  await rows
    .first()
    .getByRole("link", { name: /Show changes/ })
    .click();

  const changes = page.getByRole("region", { name: /^Save of / });
  await expect(changes.getByRole("heading", { name: "Title" })).toBeVisible();
  // Added and removed words are marked, and say so in words for screen readers.
  await expect(changes.locator("ins").filter({ hasText: "Big" }).first()).toContainText("[added: ");
  await expect(changes.locator("del").filter({ hasText: "Cake" }).first()).toContainText("[removed: ");
  await expect(changes.locator("ins").filter({ hasText: "two" })).toHaveCount(1);
  expect(await severeViolations(page)).toEqual([]);

  // The older save: Restore, asked first.
  await rows
    .last()
    .getByRole("link", { name: /Show changes/ })
    .click();
  // Wait for the older save to be the one shown: the newer one's Restore is there until then.
  await expect(page.getByText("The first revision: everything in it was added.")).toBeVisible();
  await page.getByRole("link", { name: /^Restore/ }).click();
  const asking = page.getByRole("alertdialog", { name: "Restore this revision?" });
  await expect(asking).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  await asking.getByRole("button", { name: "Restore" }).click();

  await expect(page.getByText("Restored", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `History: Cake sale ${label}` })).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("Restore");
});

test("a restore over a newer save is refused with the /api's sentence", async ({ page, request }) => {
  const label = `${test.info().project.name} conflict ${Date.now()}`;
  const { id, headers, first } = await newsItemSavedTwice(request, label);
  await signIn(page);
  await page.goto(`/admin/news/${id}/history`);
  const rows = page
    .getByRole("list")
    .filter({ has: page.getByRole("link", { name: /Show changes/ }) })
    .getByRole("listitem");
  await rows
    .last()
    .getByRole("link", { name: /Show changes/ })
    .click();
  // Wait for the older save to be the one shown: the newer one's Restore is there until then.
  await expect(page.getByText("The first revision: everything in it was added.")).toBeVisible();
  await page.getByRole("link", { name: /^Restore/ }).click();
  // The question on screen carries the version it was read at; only then may the other save come.
  const asking = page.getByRole("alertdialog", { name: "Restore this revision?" });
  await expect(asking).toBeVisible();

  // Someone else saves while the question is open.
  const meanwhile = await request.put(`/api/admin/news/${id}`, {
    headers,
    data: { ...first, id, title: `Cake sale moved ${label}` },
  });
  expect(meanwhile.ok()).toBe(true);
  await asking.getByRole("button", { name: "Restore" }).click();

  await expect(
    page.getByRole("alert").filter({ hasText: /This was changed by .+ at .+ since you opened it\./ }),
  ).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
});
