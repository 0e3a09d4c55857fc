import type { Page } from "@playwright/test";
import { severeViolations } from "./axe";
import { apiToken, expect, jsDisabled, signIn, test } from "./fixtures";

/**
 * Term dates (docs/product.md, 'Term dates'), with JavaScript on and off: reached from the
 * admin header, a stretch added (the /api's refusal of an end before the start shown at
 * its field first), an overlapping one refused, one renamed, one removed after the
 * question, and Recent changes saying so. The two projects share one server and stretches
 * may not overlap, so each works in a year of its own.
 */
const expectNotice = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeVisible();

test("an administrator adds, changes and removes term dates, each refusal shown at its field", async ({ page }) => {
  const project = test.info().project.name;
  const year = jsDisabled() ? 2062 : 2061;
  const name = `Autumn 1 (${project})`;
  const renamed = `Autumn first half (${project})`;
  await signIn(page);

  await page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Term dates" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Term dates" })).toBeVisible();
  await expect(page.getByText("A day inside no stretch is a holiday: half-terms too.")).toBeVisible();

  await page.getByRole("link", { name: "Add term dates" }).click();
  const add = page.getByRole("dialog", { name: "Add term dates" });
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("First day").fill(`${year}-09-03`);
  await add.getByLabel("Last day").fill(`${year}-08-23`);
  await add.getByRole("button", { name: "Add term dates" }).click();
  await expect(add.getByText("Last day must not be before the start date", { exact: true })).toBeVisible();
  await expect(add.getByLabel("Name")).toHaveValue(name);
  await add.getByLabel("Last day").fill(`${year}-10-23`);
  await add.getByRole("button", { name: "Add term dates" }).click();
  await expect(page).toHaveURL(/\/admin\/terms$/);
  await expectNotice(page, "Term dates added");
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row.getByRole("cell", { name: `September 3, ${year}` })).toBeVisible();
  await expect(row.getByRole("cell", { name: `October 23, ${year}` })).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);

  // A day is in one stretch at most.
  await page.getByRole("link", { name: "Add term dates" }).click();
  await add.getByLabel("Name").fill(`Inset (${project})`);
  await add.getByLabel("First day").fill(`${year}-10-20`);
  await add.getByLabel("Last day").fill(`${year}-10-30`);
  await add.getByRole("button", { name: "Add term dates" }).click();
  await expect(
    add.getByText(`First day must not overlap ${name} (${year}-09-03 to ${year}-10-23)`, { exact: true }),
  ).toBeVisible();
  await add.getByRole("link", { name: "Cancel" }).click();
  await expect(add).toHaveCount(0);

  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit term dates" });
  await expect(edit.getByLabel("First day")).toHaveValue(`${year}-09-03`);
  await edit.getByLabel("Name").fill(renamed);
  await edit.getByRole("button", { name: "Save term dates" }).click();
  await expectNotice(page, "Term dates saved");
  await expect(page.getByRole("rowheader", { name: renamed })).toBeVisible();

  // Delete asks first: Cancel keeps the stretch, Delete removes it.
  await page.getByRole("link", { name: `Delete ${renamed}` }).click();
  const question = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(
    question.getByText(
      `This will permanently delete the term dates "${renamed}" (September 3, ${year} to October 23, ${year}).`,
    ),
  ).toBeVisible();
  await question.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("rowheader", { name: renamed })).toBeVisible();
  await page.getByRole("link", { name: `Delete ${renamed}` }).click();
  await question.getByRole("button", { name: "Delete" }).click();
  await expectNotice(page, "Term dates removed");
  await expect(page.getByRole("rowheader", { name: renamed })).toHaveCount(0);

  const stored = await page.request.get("/api/admin/terms", {
    headers: { Authorization: `Bearer ${await apiToken(page.request)}` },
  });
  const names = ((await stored.json()) as Array<{ name: string }>).map((stretch) => stretch.name);
  // Only this test's names: the admin screens walk, run before it on the same server, keeps its own.
  const ours = [name, renamed, `Inset (${project})`];
  expect(names.filter((stored) => ours.includes(stored))).toEqual([]);

  await page.goto("/admin/activity");
  const said = (words: string) => page.getByRole("cell", { name: words, exact: false }).first();
  await expect(said(`removed the term dates "${renamed}"`)).toBeVisible();
  await expect(said(`changed the term dates "${renamed}"`)).toBeVisible();
  await expect(said(`added the term dates "${name}"`)).toBeVisible();
});
