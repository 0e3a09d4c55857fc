import { severeViolations } from "./axe";
import { expect, signIn, test } from "./fixtures";

import { waitForMail } from "./mailbox";

/**
 * The admin's Mail screen with JavaScript on and off (docs/product.md, 'E-mail'). The e2e
 * server's e-mail is set up, sending to a real SMTP server on loopback (mailbox.ts); the
 * screen without it is tested at the app's loaders. Subscribers come only through the
 * public form (subscriptions.spec.ts); finding and removing one is tested at the /api
 * and the app's loaders.
 */
test("from the dashboard: set up, a test e-mail that arrives and is listed as sent, filters by GET", async ({
  page,
}, testInfo) => {
  const to = `mail-test-${testInfo.project.name}-${Date.now()}@example.org`;
  await signIn(page);
  // Beside Committee in the header, and a card on the dashboard.
  await expect(
    page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Mail" }),
  ).toHaveAttribute("href", "/admin/mail");
  await page.getByRole("link", { name: /^Mail E-mail to parents/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mail" })).toBeVisible();
  await expect(page.getByText("E-mail is set up. Messages are sent from club@example.org.")).toBeVisible();
  await expect(page.getByText("Last successful send")).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);

  await page.getByLabel("Send it to").fill(to);
  await page.getByRole("button", { name: "Send a test e-mail" }).click();
  await expect(page.getByText("Test e-mail queued")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: to });
  await expect(row).toContainText("A test e-mail from");
  // Newest first: the first row of the outbox is this one.
  await expect(page.getByRole("table", { name: "The outbox, newest first" }).getByRole("row").nth(1)).toContainText(to);

  const [mail] = await waitForMail(to);
  expect(mail.subject).toMatch(/^A test e-mail from /);
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: to })).toContainText("Sent");
  await expect(page.getByText("Last successful send").locator("..")).not.toContainText("None yet");
  expect(await severeViolations(page)).toEqual([]);

  // The state filter is a plain GET form.
  await page.getByLabel("Show").selectOption("queued");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/[?&]state=queued/);
  await expect(page.getByRole("row").filter({ hasText: to })).toHaveCount(0);
  await page.getByLabel("Show").selectOption("sent");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/[?&]state=sent/);
  await expect(page.getByRole("row").filter({ hasText: to })).toBeVisible();

  // Finding an address nobody has says so, and keeps the outbox's filter.
  const nobody = `nobody-${testInfo.project.name}`;
  await page.getByLabel("Address contains").fill(nobody);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${nobody}`));
  await expect(page).toHaveURL(/[?&]state=sent/);
  await expect(page.getByText(`No subscriber's address contains "${nobody}".`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Download the consent records (CSV)" })).toHaveAttribute(
    "href",
    "/admin/mail/subscribers.csv",
  );
  expect(await severeViolations(page)).toEqual([]);
});

test("the consent records download as CSV through the signed-in session", async ({ page }) => {
  await signIn(page);
  const response = await page.request.get("/admin/mail/subscribers.csv");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect((await response.text()).split("\r\n")[0]).toBe(
    "email,news,events,frequency,consent_version,consent_text,created_at,confirmed_at",
  );
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the outbox with a message in it fits the screen", async ({ page }, testInfo) => {
    const to = `phone-${testInfo.project.name}-${Date.now()}@a-rather-long-domain-name.example.org`;
    await signIn(page);
    await page.goto("/admin/mail");
    await page.getByLabel("Send it to").fill(to);
    await page.getByRole("button", { name: "Send a test e-mail" }).click();
    await expect(page.getByRole("row").filter({ hasText: to })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    expect(await severeViolations(page)).toEqual([]);
  });
});
