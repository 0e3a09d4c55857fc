import type { Browser, Page } from "@playwright/test";
import { apiToken, expect, signIn, test } from "./fixtures";

/**
 * The admin header (docs/product.md, 'The admin header'), with JavaScript on and off:
 * its links, Committee for Administrators only, the person's name, Logout, and the
 * phone's menu, which opens without JavaScript.
 */
const CONTENT_LINKS = [
  ["Dashboard", "/admin/dashboard"],
  ["News", "/admin/news"],
  ["Events", "/admin/events"],
  ["Term dates", "/admin/terms"],
  ["Gallery", "/admin/gallery"],
  ["Who We Are", "/admin/who-we-are"],
  ["What We Do", "/admin/what-we-do"],
] as const;

const adminNav = (page: Page) => page.getByRole("navigation", { name: "Admin", exact: true });

test("an Administrator's header: the admin screens, Committee, Recent changes, their account and Logout", async ({
  page,
}) => {
  const me = (await (
    await page.request.get("/api/admin/me", {
      headers: { Authorization: `Bearer ${await apiToken(page.request)}` },
    })
  ).json()) as { name: string; username: string };
  const shownName = me.name.trim() || me.username;

  await signIn(page);
  await expect(page.getByText(`Signed in as ${shownName}`)).toBeVisible();
  // The public navigation bar is not the admin's.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  const nav = adminNav(page);
  for (const [label, href] of CONTENT_LINKS) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  }
  await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Committee" })).toHaveAttribute("href", "/admin/committee");
  await expect(nav.getByRole("link", { name: "Recent changes" })).toHaveAttribute("href", "/admin/activity");
  await expect(nav.getByRole("link", { name: `Your account (${shownName})` })).toHaveAttribute(
    "href",
    "/admin/account",
  );
  // The dashboard's own Logout button is its one Logout.
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(1);

  await nav.getByRole("link", { name: "Events", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Manage Events" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Events", exact: true })).toHaveAttribute("aria-current", "page");
  // One way back on a screen.
  await expect(page.getByRole("link", { name: /^Back to/ })).toHaveCount(1);

  await nav.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  // Signed out, the login screen has the public navigation and no admin header.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(adminNav(page)).toHaveCount(0);
});

/** An Editor, invited and joined through the /api, signed in through the form in a browser of their own. */
async function signedInEditor(browser: Browser, javaScriptEnabled: boolean, label: string, page: Page) {
  const headers = { Authorization: `Bearer ${await apiToken(page.request)}` };
  const name = `Robin Header ${label}`;
  const invited = await page.request.post("/api/admin/invitations", { headers, data: { name, role: "editor" } });
  expect(invited.status()).toBe(201);
  const linkToken = ((await invited.json()) as { path: string }).path.split("/").pop();
  const username = `robin-header-${label}`;
  const password = "a-long-enough-secret";
  expect((await page.request.post(`/api/admin/join/${linkToken}`, { data: { username, password } })).ok()).toBe(true);

  const editor = await (
    await browser.newContext({ javaScriptEnabled, viewport: { width: 375, height: 800 } })
  ).newPage();
  await editor.goto("/admin");
  await editor.getByLabel("Username").fill(username);
  await editor.getByLabel("Password").fill(password);
  await editor.getByRole("button", { name: "Log in" }).click();
  await expect(editor).toHaveURL(/\/admin\/dashboard$/);
  return { editor, name };
}

test("on a phone the links sit in a Menu that opens without JavaScript; an Editor's has no Committee", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const { editor, name } = await signedInEditor(browser, javaScriptEnabled, testInfo.project.name, page);
  try {
    await expect(editor.getByText(`Signed in as ${name}`)).toBeVisible();
    const menu = editor.getByRole("navigation", { name: "Admin menu" });
    await expect(menu).toBeHidden();
    await expect(adminNav(editor)).toBeHidden();

    await editor.getByText("Menu", { exact: true }).click();
    await expect(menu.getByRole("link", { name: "News", exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: `Your account (${name})` })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Recent changes" })).toBeVisible();
    // Term dates are an Editor's as much as an Administrator's (docs/product.md, 'Term dates').
    await expect(menu.getByRole("link", { name: "Term dates" })).toHaveAttribute("href", "/admin/terms");
    await expect(menu.getByRole("link", { name: "Committee" })).toHaveCount(0);

    await menu.getByRole("link", { name: "Gallery", exact: true }).click();
    await expect(editor.getByRole("heading", { level: 1, name: "Manage Gallery" })).toBeVisible();
    // Following a link leaves the menu closed on the new screen.
    await expect(menu).toBeHidden();
    await editor.getByText("Menu", { exact: true }).click();
    await menu.getByRole("button", { name: "Logout" }).click();
    await expect(editor.getByRole("button", { name: "Log in" })).toBeVisible();
  } finally {
    await editor.context().close();
  }
});
