import { expect, jsDisabled, signIn, test } from "./fixtures";

/**
 * An invitation is hard to lose (docs/product.md, 'The committee'), with JavaScript on
 * and off: made from the bottom of the committee screen, the link is shown at the top
 * with the browser there and the form cleared; with JavaScript, Copy puts it on the
 * clipboard and says so; the invitation is listed with who made it and until when, and
 * 'Revoke' (after a confirmation) ends it, so its link no longer works.
 */
test("make → shown at the top → copied → listed → revoked", async ({ page, context, browser }, testInfo) => {
  const name = `Handed-on invitee ${testInfo.project.name}`;
  await signIn(page);
  await page.goto("/admin/committee");
  const nameField = page.getByLabel("Their name");
  await nameField.fill(name);
  await nameField.scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "Make invitation link" }).click();

  const card = page.locator("#account-link");
  await expect(card.getByRole("heading", { name: `Invitation for ${name}` })).toBeVisible();
  await expect(card).toBeInViewport();
  const link = await card.getByLabel("Link to send").inputValue();
  expect(link).toMatch(/\/admin\/join\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByLabel("Their name")).toHaveValue("");

  if (jsDisabled()) {
    // Without a script the buttons could not work, so there are none; the link stays selectable.
    await expect(card.getByRole("button", { name: "Copy" })).toHaveCount(0);
  } else {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await card.getByRole("button", { name: "Copy" }).click();
    await expect(card.getByText("Copied", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  }

  const pending = page.locator(".pending-invitations__row", { hasText: name });
  await expect(pending).toContainText("Editor");
  await expect(pending).toContainText("Made by admin");
  await expect(pending).toContainText(/works until [A-Z][a-z]+ \d{1,2}, \d{4}/);

  await page.getByRole("link", { name: `Revoke the invitation for ${name}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByRole("heading", { name: `Revoke the invitation for ${name}?` })).toBeVisible();
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("Invitation revoked")).toBeVisible();
  await expect(page.locator(".pending-invitations__row", { hasText: name })).toHaveCount(0);

  const invitee = await (await browser.newContext({ javaScriptEnabled: !jsDisabled() })).newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  await invitee.context().close();
});
