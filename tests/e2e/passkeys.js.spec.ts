import { expect, signIn, test } from "./fixtures";

/**
 * Passkeys in Chromium (docs/product.md §12, Passkeys), with the DevTools protocol's
 * virtual authenticator standing in for a phone or a laptop's fingerprint reader:
 * add one on /admin/account, sign out, sign in with it on /admin, remove it.
 */
test("a passkey is added, signs in without username or password, and is removed", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await signIn(page);
  await page.goto("/admin/account");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Passkeys" }) });
  await expect(section.getByText("You have no passkeys.")).toBeVisible();
  await section.getByLabel("Name for a new passkey").fill("Test laptop");
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added")).toBeVisible();
  await expect(section.getByRole("cell", { name: "Test laptop", exact: true })).toBeVisible();

  await page.goto("/admin/dashboard");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("Welcome to the admin dashboard")).toBeVisible();

  await page.goto("/admin/account");
  await expect(section.getByRole("cell", { name: "Never", exact: true })).toHaveCount(0);
  await section.getByRole("button", { name: "Remove the passkey Test laptop" }).click();
  await expect(page.getByText("Passkey removed")).toBeVisible();
  await expect(section.getByText("You have no passkeys.")).toBeVisible();
});
