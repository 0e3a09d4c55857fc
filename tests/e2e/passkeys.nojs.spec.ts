import { SoftwareAuthenticator } from "../api/software-authenticator";
import { apiToken, E2E_ADMIN, expect, signIn, test } from "./fixtures";

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

/**
 * Removing a passkey is a plain form, with the password typed in it (docs/product.md,
 * Passkeys): the passkey is made here through the /api, by an authenticator in software
 * answering for this server's address, since no browser without JavaScript can make one.
 */
test("a passkey is removed without JavaScript, with the password", async ({ page, request, baseURL }) => {
  const token = await apiToken(request);
  const started = await request.post("/api/admin/passkeys/options", {
    headers: { authorization: `Bearer ${token}` },
    data: { password: E2E_ADMIN.password },
  });
  expect(started.status()).toBe(200);
  const { challengeId, options } = (await started.json()) as {
    challengeId: string;
    options: { challenge: string; user: { id: string } };
  };
  const key = new SoftwareAuthenticator({ origin: new URL(baseURL ?? "").origin });
  const added = await request.post("/api/admin/passkeys", {
    headers: { authorization: `Bearer ${token}` },
    data: { challengeId, response: key.register(options), name: "Old phone" },
  });
  expect(added.status()).toBe(201);

  await signIn(page);
  await page.goto("/admin/account");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Passkeys" }) });
  await section.getByRole("link", { name: "Remove the passkey Old phone" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remove the passkey Old phone?" });
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Failed to remove the passkey")).toBeVisible();
  await expect(confirm.getByText("Password is required")).toBeVisible();
  await confirm.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Passkey removed")).toBeVisible();
  await expect(section.getByText("You have no passkeys.")).toBeVisible();
});
