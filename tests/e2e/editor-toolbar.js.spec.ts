import type { Locator, Page } from "@playwright/test";
import { severeViolations } from "./axe";
import { expect, test, signIn } from "./fixtures";

/** Opens the create dialog and waits for the editor, as a person waits for its toolbar. */
async function openEditor(page: Page): Promise<{ dialog: Locator; toolbar: Locator }> {
  await page.goto("/admin/news?new");
  const dialog = page.getByRole("dialog", { name: "Create News Item" });
  const toolbar = dialog.getByRole("toolbar", { name: "Formatting" });
  await expect(toolbar).toBeVisible();
  return { dialog, toolbar };
}

const CONTROLS = "button, select";

test("the editor's toolbar is one row on a desktop and wraps inside the dialog on a phone", async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  const { dialog, toolbar } = await openEditor(page);
  const controls = toolbar.locator(CONTROLS);
  await expect(controls).toHaveCount(10);
  const tops = new Set<number>();
  for (const control of await controls.all()) tops.add(Math.round((await control.boundingBox())?.y ?? -1));
  expect([...tops]).toHaveLength(1);

  await page.setViewportSize({ width: 375, height: 740 });
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  for (const control of await controls.all()) {
    const { x, width } = (await control.boundingBox()) ?? { x: -1, width: 0 };
    expect(x).toBeGreaterThanOrEqual(box?.x ?? 0);
    expect(x + width).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
  }
  for (const element of [dialog, toolbar]) {
    const overflow = await element.evaluate((node) => node.scrollWidth - node.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});

test("every control of the editor's toolbar has a name, in named groups", async ({ page }) => {
  await signIn(page);
  const { toolbar } = await openEditor(page);
  const groups = toolbar.getByRole("group");
  await expect(groups).toHaveCount(4);
  for (const group of await groups.all()) await expect(group).toHaveAccessibleName(/\S/);
  for (const control of await toolbar.locator(CONTROLS).all()) await expect(control).toHaveAccessibleName(/\S/);
  for (const name of [
    "Heading 1",
    "Heading 2",
    "Ordered list",
    "Bullet list",
    "Bold",
    "Italic",
    "Underline",
    "Link",
    "Clean formatting",
  ]) {
    await expect(toolbar.getByRole("button", { name, exact: true })).toBeVisible();
  }
  await expect(toolbar.getByRole("combobox", { name: "Font" })).toBeVisible();
});

test("the editor's link form has no serious accessibility violations", async ({ page }) => {
  await signIn(page);
  // The link form opens inside the toolbar's dialog.
  await openEditor(page);
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.getByRole("button", { name: "Link" }).click();
  await expect(page.getByLabel("Link URL")).toBeFocused();
  expect(await severeViolations(page)).toEqual([]);
});
