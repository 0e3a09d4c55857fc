import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3111);
export const E2E_ADMIN = { username: "admin", password: "e2e-admin-password-1" };

/** True in the Playwright project that runs with JavaScript switched off. */
export function jsDisabled(): boolean {
  return test.info().project.name === "no-js";
}

/** Signs in through the login form, as an administrator would. */
export async function signIn(page: Page): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** An /api token for the e2e administrator, to set data up or put it back. */
export async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/admin/login", { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}
