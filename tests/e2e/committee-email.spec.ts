import { expect, jsDisabled, signIn, test } from "./fixtures";
import { linkIn, waitForMail } from "./mailbox";

/**
 * The committee's links can also be e-mailed (docs/product.md, 'E-mail'), with
 * JavaScript on and off: an address typed beside an invitation, or in the reset-link
 * form, is named on the card that shows the link at the top of the page as always, and
 * the e-mail with that link arrives (mailbox.ts); an address the site refuses is told at
 * its field, with what was typed kept.
 */
const EMAILED = /(It is also on its way by e-mail to|so it has not been e-mailed to) /;

test("an invitation e-mailed: the link still shown, the address named", async ({ page }, testInfo) => {
  const name = `E-mailed invitee ${testInfo.project.name}`;
  const address = `invitee-${testInfo.project.name}@example.org`;
  await signIn(page);
  await page.goto("/admin/committee");
  await page.getByLabel("Their name").fill(name);
  await page.getByLabel("E-mail it to").first().fill(address);
  await page.getByRole("button", { name: "Make invitation link" }).click();

  const card = page.locator("#account-link");
  await expect(card.getByRole("heading", { name: `Invitation for ${name}` })).toBeVisible();
  await expect(card.getByLabel("Link to send")).toHaveValue(/\/admin\/join\/[A-Za-z0-9_-]{43}$/);
  await expect(card.getByText(EMAILED)).toContainText(address);
  const [mail] = await waitForMail(address);
  expect(await card.getByLabel("Link to send").inputValue()).toMatch(new RegExp(`${linkIn(mail, "/admin/join/")}$`));
  await expect(page.getByLabel("Their name")).toHaveValue("");
  await expect(page.getByLabel("E-mail it to").first()).toHaveValue("");
});

test("an invitation without an address says nothing of e-mail", async ({ page }, testInfo) => {
  const name = `Unmailed invitee ${testInfo.project.name}`;
  await signIn(page);
  await page.goto("/admin/committee");
  await page.getByLabel("Their name").fill(name);
  await page.getByRole("button", { name: "Make invitation link" }).click();
  const card = page.locator("#account-link");
  await expect(card.getByRole("heading", { name: `Invitation for ${name}` })).toBeVisible();
  await expect(card.getByText(EMAILED)).toHaveCount(0);
});

test("a reset link e-mailed from its own form; a refused address is told at its field", async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto("/admin/committee");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Make and e-mail the reset link" }) });
  await form.getByLabel("Whose password").selectOption({ index: 0 });
  const person = (await form.getByLabel("Whose password").locator("option").first().textContent()) ?? "";
  // The browser takes it as an address; the site wants a domain with a dot.
  await form.getByLabel("E-mail it to").fill("someone@localhost");
  await form.getByRole("button", { name: "Make and e-mail the reset link" }).click();
  await expect(page.getByText("Failed to make the reset link")).toBeVisible();
  const field = page.locator("form", { has: page.getByRole("button", { name: "Make and e-mail the reset link" }) });
  await expect(field.locator(".field__error")).toContainText("must be an");
  await expect(field.getByLabel("E-mail it to")).toHaveValue("someone@localhost");
  await expect(page.locator("#account-link")).toHaveCount(0);

  const address = `reset-${testInfo.project.name}@example.org`;
  await field.getByLabel("E-mail it to").fill(address);
  await field.getByRole("button", { name: "Make and e-mail the reset link" }).click();
  const card = page.locator("#account-link");
  await expect(card.getByRole("heading", { name: `Password-reset link for ${person}` })).toBeVisible();
  await expect(card.getByText(EMAILED)).toContainText(address);
  const [mail] = await waitForMail(address);
  expect(await card.getByLabel("Link to send").inputValue()).toMatch(new RegExp(`${linkIn(mail, "/admin/join/")}$`));
  if (!jsDisabled()) await expect(card.getByLabel("Link to send")).toBeFocused();
});
