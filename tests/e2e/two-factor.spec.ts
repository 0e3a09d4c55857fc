import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, jsDisabled, test } from "./fixtures";

/**
 * Authenticator codes end to end (docs/product.md, 'The committee'), with JavaScript and without:
 * set them up from the set-up screen, then sign in with a code the test computes as a
 * phone would. A person of their own per project, made with `npm run admin`, so the
 * administrator the other specs sign in as keeps signing in with a password alone.
 */
function admin(...args: string[]): string {
  return execFileSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: "utf8",
  });
}

function codeAt(secret: string, at: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

/** The set-up and code steps are screens a11y.spec.ts does not reach: axe checks them here (with JavaScript). */
async function expectAccessible(page: Page) {
  if (jsDisabled()) return;
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const severe = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(severe.map((v) => v.id)).toEqual([]);
}

async function signInWithPassword(page: Page, username: string, password: string) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test("set up authenticator codes, then sign in with a code", async ({ page }) => {
  test.setTimeout(60_000);
  const username = `two-factor-${test.info().project.name}`;
  const password = "two-factor-password-1";
  admin("set-password", username, password);
  admin("reset-2fa", username);

  await signInWithPassword(page, username, password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/account/two-factor");
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
  // The session alone does not start it: the password is asked first.
  await page.getByRole("button", { name: "Set up authenticator codes" }).click();
  await expect(page.locator("#start-password-error")).toHaveText("Password is required");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Set up authenticator codes" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = ((await page.locator(".two-factor__secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  await page.getByLabel("Code", { exact: true }).fill(codeAt(secret, Date.now()));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  const recoveryCodes = await page
    .getByRole("region", { name: "Your recovery codes" })
    .locator("code")
    .allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page.getByText("Authenticator codes are on. Recovery codes left: 10.")).toBeVisible();

  // Signed out, the password alone is no longer enough.
  await page.goto("/admin/dashboard");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await signInWithPassword(page, username, password);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  await expect(page.getByText("Use a recovery code if you do not have your phone.")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Code", { exact: true }).fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.locator("#login-error")).toHaveText(
    "That code didn't work. Check the time on your phone and try the newest code.",
  );
  // The code of the next step: the one of now confirmed the set-up and is spent.
  await page.getByLabel("Code", { exact: true }).fill(codeAt(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("Login Successful")).toBeVisible();

  // A recovery code works too, once.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await signInWithPassword(page, username, password);
  await page.getByLabel("Code", { exact: true }).fill(recoveryCodes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // New recovery codes, and turning codes off, each ask for the password or a code in the same form.
  await page.goto("/admin/account/two-factor");
  await expectAccessible(page);
  const renew = page.getByRole("region", { name: "New recovery codes" });
  await renew.getByRole("button", { name: "Make new recovery codes" }).click();
  await expect(renew.getByText("Password is required")).toBeVisible();
  await renew.getByLabel("Password", { exact: true }).fill(password);
  await renew.getByRole("button", { name: "Make new recovery codes" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  const renewed = await page.getByRole("region", { name: "Your recovery codes" }).locator("code").allTextContents();
  expect(renewed).toHaveLength(10);
  expect(renewed).not.toContain(recoveryCodes[1]);
  await page.getByRole("link", { name: "I have saved them" }).click();
  const off = page.getByRole("region", { name: "Turn off" });
  await off.getByLabel("Code", { exact: true }).fill(renewed[0]);
  await off.getByRole("button", { name: "Turn off authenticator codes" }).click();
  await expect(page.getByText("Authenticator codes are off")).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up authenticator codes" })).toBeVisible();

  admin("reset-2fa", username);
});
