import type { APIRequestContext } from "@playwright/test";
import { expect, test, apiToken, signIn } from "./fixtures";

// Without JavaScript the news content is a textarea: plain text must be enough, and
// HTML already stored (the editor's) must come back from a save exactly as it was.

interface StoredNews {
  id: number;
  title: string;
  content: string;
}

async function storedNews(request: APIRequestContext, title: string): Promise<StoredNews | undefined> {
  const items = (await (await request.get("/api/news")).json()) as StoredNews[];
  return items.find((item) => item.title === title);
}

async function deleteNews(request: APIRequestContext, id: number) {
  const token = await apiToken(request);
  const response = await request.delete(`/api/admin/news/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
}

test("plain text typed without JavaScript shows as paragraphs on the news page", async ({ page, request }) => {
  const title = `Paragraphs without HTML ${Date.now()}`;
  await signIn(page);
  await page.goto("/admin/news?new");
  const create = page.getByRole("dialog", { name: "Create News Item" });
  await expect(
    create.getByText("Leave an empty line between paragraphs; no HTML is needed.", { exact: false }),
  ).toBeVisible();
  await create.getByLabel("Title").fill(title);
  await create.getByLabel("Publication Date").fill("2030-06-01");
  await create
    .getByLabel("Content")
    .fill("Thanks to every dad who came & helped.\n\nNext time: bring gloves,\nand a flask (< 1 litre).");
  await create.getByRole("button", { name: "Create News Item" }).click();
  await expect(page.getByText("News item created successfully", { exact: true })).toBeVisible();

  const stored = await storedNews(request, title);
  expect(stored).toBeDefined();
  try {
    await page.goto("/news");
    const paragraphs = page.locator(`#news-${stored?.id} .rich-text p`);
    await expect(paragraphs).toHaveCount(2);
    await expect(paragraphs.nth(0)).toHaveText("Thanks to every dad who came & helped.");
    await expect(paragraphs.nth(1)).toHaveText("Next time: bring gloves,and a flask (< 1 litre).");
    await expect(paragraphs.nth(1).locator("br")).toHaveCount(1);
  } finally {
    if (stored) await deleteNews(request, stored.id);
  }
});

test("saving an item without JavaScript keeps the editor's HTML exactly", async ({ page, request }) => {
  const title = `Formatted news ${Date.now()}`;
  const token = await apiToken(request);
  const created = await request.post("/api/admin/news", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      publishedAt: "2030-06-02T09:00:00.000Z",
      content:
        '<h1>Big news</h1><p>Well done to <strong>every runner</strong>,<br><em>and</em> <u>thanks</u>. <a href="https://example.com/results">Results</a></p><ul><li><p>one</p></li></ul>',
    },
  });
  expect(created.status()).toBe(201);
  const before = (await created.json()) as StoredNews;
  try {
    await signIn(page);
    await page.goto(`/admin/news?edit=${before.id}`);
    const edit = page.getByRole("dialog", { name: "Edit News Item" });
    await expect(edit.getByLabel("Content")).toHaveValue(before.content);
    await edit.getByRole("button", { name: "Update News Item" }).click();
    await expect(page.getByText("News item updated successfully", { exact: true })).toBeVisible();
    expect((await storedNews(request, title))?.content).toBe(before.content);
  } finally {
    await deleteNews(request, before.id);
  }
});
