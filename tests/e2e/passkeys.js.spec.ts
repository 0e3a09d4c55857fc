import { E2E_ADMIN, expect, signIn, test } from "./fixtures";

/**
 * Passkeys in Chromium (docs/product.md, 'Passkeys'), with the DevTools protocol's
 * virtual authenticator standing in for a phone or a laptop's fingerprint reader:
 * add one on /admin/account (with the password, asked before the browser makes it),
 * sign out, sign in with it on /admin, remove it (with the password again).
 */
test("a passkey is added, signs in without username or password, and is removed", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
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
  const password = page.getByRole("region", { name: "Passkeys", exact: true }).getByLabel("Password", { exact: true });
  await expect(section.getByText("You have no passkeys.")).toBeVisible();
  await section.getByLabel("Name for a new passkey").fill("Test laptop");
  // A session alone cannot add one: the wrong password is told before the device makes anything.
  await password.fill("not the password");
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Failed to add the passkey")).toBeVisible();
  await expect(page.getByText("Password is not your current password")).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toEqual([]);
  await password.fill(E2E_ADMIN.password);
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
  await section.getByRole("link", { name: "Remove the passkey Test laptop" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remove the passkey Test laptop?" });
  await confirm.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Passkey removed")).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(section.getByText("You have no passkeys.")).toBeVisible();
});
