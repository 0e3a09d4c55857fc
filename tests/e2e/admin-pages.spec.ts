import { expect, test, apiToken, jsDisabled, signIn } from "./fixtures";

// The public pages' tests read the seeded texts: put them back after each edit.
const TEXT_PAGES = ["who-we-are", "what-we-do"] as const;
let originals: Record<string, unknown> = {};

test.beforeEach(async ({ request }) => {
  for (const page of TEXT_PAGES) originals[page] = await (await request.get(`/api/${page}`)).json();
});

test.afterEach(async ({ request }) => {
  const token = await apiToken(request);
  for (const page of TEXT_PAGES) {
    const response = await request.put(`/api/admin/${page}`, {
      data: originals[page],
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
  }
  originals = {};
});

/** Toasts show one at a time (docs/product.md, 'Business constants and limits'), so a notice may wait for the one before it to close. */
const NOTICE_WAIT = { timeout: 15_000 };

test("an administrator edits Who We Are and sees it on the public page", async ({ page }) => {
  const stamp = `${jsDisabled() ? "no-js" : "js"} ${Date.now()}`;
  await signIn(page);
  await page.getByRole("link", { name: /^Edit Who We Are/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Who We Are Content" })).toBeVisible();

  const about = page.getByLabel("About Us");
  await expect(about).toHaveAttribute("rows", "8");
  await expect(page.getByLabel("Committee Members / Leadership")).toHaveAttribute("rows", "4");
  await expect(page.getByLabel("Contact Information")).toHaveAttribute("type", "email");
  await about.fill(`First paragraph ${stamp}.\n\nSecond paragraph ${stamp}.`);
  await page.getByLabel("Committee Members / Leadership").fill(`Chair: Alex ${stamp}`);
  await page.getByLabel("Contact Information").fill("committee@oakfield.example");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Who We Are content updated successfully")).toBeVisible(NOTICE_WAIT);
  await expect(page.getByLabel("Committee Members / Leadership")).toHaveValue(`Chair: Alex ${stamp}`);

  await page.goto("/who-we-are");
  await expect(page.getByText(`First paragraph ${stamp}.`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Second paragraph ${stamp}.`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Chair: Alex ${stamp}`)).toBeVisible();
  for (const place of [page.locator("#main"), page.getByRole("contentinfo")]) {
    // The page's contact card, and the footer: one contact address (docs/product.md, 'Footer (every page)').
    await expect(place.getByRole("link", { name: "committee@oakfield.example" })).toHaveAttribute(
      "href",
      "mailto:committee@oakfield.example",
    );
  }
});

test("an administrator edits What We Do and sees it on the public page", async ({ page }) => {
  const stamp = `${jsDisabled() ? "no-js" : "js"} ${Date.now()}`;
  await signIn(page);
  await page.goto("/admin/what-we-do");
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
  await expect(page.getByLabel("Mission Statement")).toHaveAttribute("rows", "6");
  await expect(page.getByLabel("Club Activities")).toHaveAttribute("rows", "8");
  await expect(page.getByLabel("Impact Description")).toHaveAttribute("rows", "6");
  await expect(page.getByText("Leave a blank line (press Enter twice) to start a new paragraph.")).toHaveCount(3);

  await page.getByLabel("Mission Statement").fill(`Mission ${stamp}`);
  await page.getByLabel("Club Activities").fill(`Den building ${stamp}\n\nFive-a-side ${stamp}`);
  await page.getByLabel("Impact Description").fill(`Impact ${stamp}`);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("What We Do content updated successfully")).toBeVisible(NOTICE_WAIT);

  await page.goto("/what-we-do");
  await expect(page.getByText(`Mission ${stamp}`)).toBeVisible();
  await expect(page.getByText(`Den building ${stamp}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Five-a-side ${stamp}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Impact ${stamp}`)).toBeVisible();
});
