import { expect, signIn, test } from "./fixtures";

/** Without JavaScript no passkey button is offered, and the password signs in as before. */
test("no passkey buttons without JavaScript; the password still signs in", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  await signIn(page);
  await page.goto("/admin/account");
  await expect(page.getByRole("heading", { name: "Passkeys" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
});
