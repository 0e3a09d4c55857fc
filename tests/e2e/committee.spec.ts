import type { Browser, Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

/**
 * The committee, as its volunteers use it, with JavaScript on and off (docs/product.md, 'The committee'):
 * an Administrator invites an Editor, the Editor joins through the link in a browser of
 * their own, sees their account but not the committee, and is signed out at once when
 * removed.
 */
async function ownBrowser(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

test("invite → join → an Editor without the Committee link → removed and signed out", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const username = `editor-${testInfo.project.name}`;
  const name = `Editor ${testInfo.project.name}`;
  await signIn(page);
  await page.getByRole("link", { name: "Committee" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Committee" })).toBeVisible();
  await page.getByLabel("Their name").fill(name);
  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Make invitation link" }).click();
  await expect(page.getByRole("heading", { name: `Invitation for ${name}` })).toBeVisible();
  const link = await page.getByLabel("Link to send").inputValue();
  expect(link).toMatch(/\/admin\/join\/[A-Za-z0-9_-]{43}$/);

  const invitee = await ownBrowser(browser, javaScriptEnabled);
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { level: 1, name: `Welcome, ${name}` })).toBeVisible();
  await invitee.getByLabel("Username").fill(username);
  await invitee.getByLabel("Password", { exact: true }).fill("a-long-enough-secret");
  await invitee.getByLabel("Password again").fill("a-long-enough-secret");
  await invitee.getByRole("button", { name: "Join and sign in" }).click();
  await expect(invitee).toHaveURL(/\/admin\/dashboard$/);
  await expect(invitee.getByText(`Signed in as ${name}`)).toBeVisible();
  await expect(invitee.getByRole("link", { name: "Committee" })).toHaveCount(0);
  await invitee.getByRole("link", { name: "Your account" }).click();
  await expect(invitee.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(invitee.getByRole("cell", { name: "This session" })).toBeVisible();

  // The link worked once.
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();

  await page.goto("/admin/committee");
  await page.getByRole("link", { name: `Remove ${name}` }).click();
  await expect(page.getByRole("heading", { name: `Remove ${name}?` })).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);

  await invitee.goto("/admin/account");
  await expect(invitee).toHaveURL(/\/admin$/);
  await expect(invitee.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await invitee.context().close();
});
