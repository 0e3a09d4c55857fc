import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { severeViolations } from "./axe";
import { apiToken, deletingWhatEachTestMakes, expect, jsDisabled, signIn, test } from "./fixtures";

/**
 * publishing, in the browser with JavaScript on and off: saving a draft,
 * scheduling, publishing a draft, the state on the cards and the filter, and a save over a
 * colleague's newer one (what only he changed is kept; what both changed is chosen).
 */

interface AdminNews {
  id: number | string;
  title: string;
  status: "draft" | "scheduled" | "published";
  publishAt: string | null;
  version: number;
}

deletingWhatEachTestMakes();

async function adminNews(request: APIRequestContext, title: string): Promise<AdminNews | undefined> {
  const token = await apiToken(request);
  const response = await request.get("/api/admin/news?limit=100", { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as AdminNews[]).find((item) => item.title === title);
}

async function publicTitles(request: APIRequestContext): Promise<string[]> {
  return ((await (await request.get("/api/news")).json()) as Array<{ title: string }>).map((item) => item.title);
}

async function expectNotice(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible({ timeout: 12_000 });
}

/** The create dialog, filled in; with JavaScript the editor is waited for, as a person would. */
async function newsDialog(page: Page, title: string): Promise<Locator> {
  await page.goto("/admin/news?new");
  const dialog = page.getByRole("dialog", { name: "Create News Item" });
  if (!jsDisabled()) await expect(dialog.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Publication Date").fill("2030-05-01");
  return dialog;
}

const cardOf = (page: Page, title: string) =>
  page.locator("article", { has: page.getByRole("heading", { name: title, exact: true }) });

test("a draft is saved, found under Drafts, then published with the dialog's own button", async ({ page, request }) => {
  const title = `Half-written notice (${test.info().project.name})`;
  await signIn(page);
  const create = await newsDialog(page, title);
  await create.getByRole("button", { name: "Save draft" }).click();
  await expectNotice(page, "News item created successfully");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(cardOf(page, title).getByText("Draft", { exact: true })).toBeVisible();
  expect(await adminNews(request, title)).toMatchObject({ status: "draft" });
  expect(await publicTitles(request)).not.toContain(title);

  // The filter: a link, so it works without JavaScript.
  await page
    .getByRole("navigation", { name: "Show news items by state" })
    .getByRole("link", { name: "Drafts" })
    .click();
  await expect(page).toHaveURL(/\/admin\/news\?status=draft$/);
  await expect(page.getByRole("link", { name: "Drafts" })).toHaveAttribute("aria-current", "page");
  await expect(cardOf(page, title)).toBeVisible();
  await page.getByRole("link", { name: "Published", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/news\?status=published$/);
  await expect(cardOf(page, title)).toHaveCount(0);

  // The product spec's button publishes a draft now.
  await page.goto("/admin/news?status=draft");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit News Item" });
  await expect(edit.getByLabel("Title")).toHaveValue(title);
  expect(await severeViolations(page)).toEqual([]);
  await edit.getByRole("button", { name: "Update News Item" }).click();
  await expectNotice(page, "News item updated successfully");
  // Back on the Drafts list it was opened from, where it no longer is.
  await expect(page).toHaveURL(/\/admin\/news\?status=draft$/);
  await expect(cardOf(page, title)).toHaveCount(0);
  expect(await adminNews(request, title)).toMatchObject({ status: "published" });
  expect(await publicTitles(request)).toContain(title);
});

test("'Schedule…' refuses a time that has passed and keeps a time to come, shown on the card", async ({
  page,
  request,
}) => {
  const title = `Friday announcement (${test.info().project.name})`;
  await signIn(page);
  const create = await newsDialog(page, title);
  await create.getByLabel("Publish at").fill("2020-01-03T09:00");
  await create.getByRole("button", { name: "Schedule…" }).click();
  await expect(create.getByText("Publish at must be in the future", { exact: true })).toBeVisible();
  await expect(create.getByLabel("Title")).toHaveValue(title);
  expect(await severeViolations(page)).toEqual([]);
  expect(await adminNews(request, title)).toBeUndefined();

  await create.getByLabel("Publish at").fill("2031-07-04T16:30");
  await create.getByRole("button", { name: "Schedule…" }).click();
  await expectNotice(page, "News item created successfully");
  await expect(cardOf(page, title).getByText("Scheduled", { exact: true })).toBeVisible();
  await expect(cardOf(page, title).getByText("July 4, 2031 · 4:30pm")).toBeVisible();
  expect(await adminNews(request, title)).toMatchObject({ status: "scheduled", publishAt: "2031-07-04T15:30:00.000Z" });
  expect(await publicTitles(request)).not.toContain(title);

  // The dashboard counts it, and its line leads to the list filtered.
  await page.goto("/admin/dashboard");
  const line = page.locator(".dashboard-card__states").first();
  await expect(line).toContainText(/^\d+ drafts? \(news\), \d+ scheduled \(news\)$/);
  await line.getByRole("link", { name: /scheduled/ }).click();
  await expect(page).toHaveURL(/\/admin\/news\?status=scheduled$/);
  await expect(cardOf(page, title)).toBeVisible();
});

test("a save over a colleague's newer one keeps his title, and the text both changed is chosen side by side", async ({
  page,
  request,
}) => {
  const project = test.info().project.name;
  const title = `Cake sale (${project})`;
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  // Midnight in the site's zone: the date the form shows and sends back unchanged.
  const first = { title, content: "<p>Bring cakes.</p>", publishedAt: "2030-04-30T23:00:00.000Z" };
  const created = await request.post("/api/admin/news", { headers, data: first });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  // The secretary opens the dialog; Sam then changes the title and adds a sentence.
  await signIn(page);
  await page.goto(`/admin/news?edit=${id}`);
  if (!jsDisabled()) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const dialog = page.getByRole("dialog", { name: "Edit News Item" });
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  const sams = { ...first, title: `${title}, on Friday`, content: "<p>Bring cakes.</p><p>Sam's sentence.</p>" };
  expect((await request.put(`/api/admin/news/${id}`, { headers, data: { ...sams, version: 1 } })).ok()).toBe(true);

  // She adds her own sentence to the copy she opened, and saves as usual.
  if (jsDisabled()) {
    await dialog.getByLabel("Content").fill("<p>Bring cakes.</p><p>The secretary's sentence.</p>");
  } else {
    await dialog.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("The secretary's sentence.");
  }
  await dialog.getByRole("button", { name: "Update News Item" }).click();

  await expect(
    dialog.getByRole("alert").filter({ hasText: /^This was changed by .+ since you opened it\.$/ }),
  ).toBeVisible();
  await expect(dialog.getByText("Their changes to Title are kept: the form below shows them.")).toBeVisible();
  await expect(dialog.getByLabel("Title")).toHaveValue(`${title}, on Friday`);
  const both = dialog.getByRole("group", { name: "Content" });
  await expect(both.getByText("The secretary's sentence.")).toBeVisible();
  await expect(both.getByText("Sam's sentence.")).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  expect(await adminNews(request, `${title}, on Friday`)).toMatchObject({ version: 2 });

  // Nothing is saved until she chooses; she keeps her text.
  await both.getByLabel("Keep mine").check();
  await dialog.getByRole("button", { name: "Update News Item" }).click();
  await expectNotice(page, "News item updated successfully");
  const saved = await adminNews(request, `${title}, on Friday`);
  expect(saved).toMatchObject({ version: 3 });
  const stored = (await (await request.get(`/api/admin/news/${id}`, { headers })).json()) as { content: string };
  expect(stored.content).toContain("The secretary's sentence.");
  expect(stored.content).not.toContain("Sam's sentence.");
});
