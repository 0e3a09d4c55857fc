import { severeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { addSubscriber, storedSubscriber } from "./subscribers";

// E-mail updates' public pages, with and without JavaScript (docs/product.md, 'E-mail').
// The e2e server runs without SMTP_URL: e-mail is not set up, so /subscribe offers no
// form and no page links to it; the confirmation and manage links still work.

test("without e-mail set up, /subscribe says so and no page offers it", async ({ page }) => {
  await page.goto("/subscribe");
  await expect(page.getByRole("heading", { level: 1, name: "Get news and events by e-mail" })).toBeVisible();
  await expect(page.getByText("E-mail updates are not available.")).toBeVisible();
  await expect(page.getByLabel("Your e-mail address")).toHaveCount(0);
  expect(await severeViolations(page)).toEqual([]);
  for (const path of ["/", "/news", "/events"]) {
    await page.goto(path);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Join our messaging group" })).toBeVisible();
    await expect(page.locator('a[href="/subscribe"]')).toHaveCount(0);
  }
});

test("the confirmation link's page changes nothing until 'Confirm' is pressed", async ({ page }) => {
  const subscriber = addSubscriber({ confirmed: false });
  const link = `/subscribe/confirm/${subscriber.confirmToken}`;
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail updates" })).toBeVisible();
  await expect(
    page.getByText(`Press 'Confirm' to start getting the club's news, as they are posted at ${subscriber.email}.`),
  ).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  expect(storedSubscriber(subscriber.email)?.confirmed_at).toBeNull();

  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(
    `Thank you: ${subscriber.email} will get the club's news, as they are posted.`,
  );
  expect(storedSubscriber(subscriber.email)?.confirmed_at).not.toBeNull();
  expect(await severeViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "change what you get or unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your e-mail updates" })).toBeVisible();

  // Used once, the link no longer works.
  const again = await page.goto(link);
  expect(again?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
});

test("the manage page changes the choices and unsubscribes, and says so", async ({ page }) => {
  const subscriber = addSubscriber({ confirmed: true });
  await page.goto(`/unsubscribe/${subscriber.manageToken}`);
  await expect(page.getByRole("heading", { level: 1, name: "Your e-mail updates" })).toBeVisible();
  await expect(page.getByText(`${subscriber.email} gets the club's news, as they are posted.`)).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "News" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Events" })).not.toBeChecked();
  expect(await severeViolations(page)).toEqual([]);
  expect(storedSubscriber(subscriber.email)).toMatchObject({ news: 1, events: 0, frequency: "posted" });

  // Neither: refused in words, nothing changed.
  await page.getByRole("checkbox", { name: "News" }).uncheck();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please choose News, Events or both, or unsubscribe.");
  expect(storedSubscriber(subscriber.email)).toMatchObject({ news: 1, events: 0, frequency: "posted" });

  await page.getByRole("checkbox", { name: "News" }).check();
  await page.getByRole("checkbox", { name: "Events" }).check();
  await page.getByRole("radio", { name: "A weekly digest" }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your changes are saved: you'll get the club's news and events, in a weekly digest.",
  );
  expect(storedSubscriber(subscriber.email)).toMatchObject({ news: 1, events: 1, frequency: "weekly" });
  await expect(page.getByRole("radio", { name: "A weekly digest" })).toBeChecked();
  expect(await severeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(
    "You won't get any more e-mail from us, and your address has been deleted.",
  );
  expect(storedSubscriber(subscriber.email)).toBeNull();
  expect(await severeViolations(page)).toEqual([]);
});

test("a link that no longer works says so with 404", async ({ page }) => {
  for (const path of [`/unsubscribe/${"x".repeat(43)}`, "/unsubscribe/short", `/subscribe/confirm/${"y".repeat(43)}`]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Subscribe again" })).toHaveAttribute("href", "/subscribe");
  }
  expect(await severeViolations(page)).toEqual([]);
});
