import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { severeViolations } from "./axe";
import { apiToken, deletingWhatEachTestMakes, expect, jsDisabled, signIn, test } from "./fixtures";

/**
 * publishing, in the browser with JavaScript on and off: saving a draft,
 * scheduling, publishing a draft, the state on the cards and the filter, and two people
 * editing the same item (the second sees the sentence and both versions).
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

test("two people edit the same item: the second is told, keeps the typed text, sees both versions, and saving again keeps the typed text", async ({
  page,
  browser,
  javaScriptEnabled,
  request,
}) => {
  const project = test.info().project.name;
  const title = `Cake sale (${project})`;
  await signIn(page);
  const create = await newsDialog(page, title);
  await create.getByRole("button", { name: "Create News Item" }).click();
  await expectNotice(page, "News item created successfully");
  const stored = await adminNews(request, title);

  // Both open the dialog.
  const other = await browser.newContext({ javaScriptEnabled });
  try {
    const second = await other.newPage();
    await signIn(second);
    await second.goto(`/admin/news?edit=${stored?.id}`);
    if (javaScriptEnabled) await expect(second.locator("html[data-hydrated]")).toHaveCount(1);
    const theirs = second.getByRole("dialog", { name: "Edit News Item" });
    await expect(theirs.getByLabel("Title")).toHaveValue(title);

    await page.goto(`/admin/news?edit=${stored?.id}`);
    const mine = page.getByRole("dialog", { name: "Edit News Item" });
    await mine.getByLabel("Title").fill(`${title}, moved to Friday`);
    await mine.getByRole("button", { name: "Update News Item" }).click();
    await expectNotice(page, "News item updated successfully");

    // The second saves over the version they opened.
    await theirs.getByLabel("Title").fill(`${title}: bring a tin`);
    await theirs.getByRole("button", { name: "Update News Item" }).click();
    const sentence = /^This was changed by .+ at .+ since you opened it\.$/;
    await expect(theirs.getByRole("alert").filter({ hasText: sentence })).toBeVisible();
    await expect(theirs.getByLabel("Title")).toHaveValue(`${title}: bring a tin`);
    const beside = theirs.getByRole("region", { name: "Their version" });
    await expect(beside.getByText(`${title}, moved to Friday`, { exact: true })).toBeVisible();
    expect(await severeViolations(second)).toEqual([]);
    expect((await adminNews(request, `${title}, moved to Friday`))?.version).toBe((stored?.version ?? 0) + 1);

    // Saving again keeps the typed text over theirs.
    await theirs.getByRole("button", { name: "Update News Item" }).click();
    await expectNotice(second, "News item updated successfully");
    expect(await adminNews(request, `${title}: bring a tin`)).toMatchObject({ version: (stored?.version ?? 0) + 2 });
  } finally {
    await other.close();
  }
});
