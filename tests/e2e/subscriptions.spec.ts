import { severeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { linkIn, waitForMail } from "./mailbox";
import { addSubscriber, storedSubscriber } from "./subscribers";

// E-mail updates' public pages, with and without JavaScript (docs/product.md, 'E-mail').
// The e2e server's e-mail is set up: it sends to a real SMTP server on loopback, whose
// messages the specs read (mailbox.ts). Without SMTP_URL the form is not offered: the
// app's tests (tests/app/subscribe.test.ts) cover that.

test("the footer, /news and /events lead to /subscribe", async ({ page }) => {
  for (const path of ["/", "/news", "/events"]) {
    await page.goto(path);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Join our messaging group" })).toBeVisible();
    await expect(page.getByRole("contentinfo").locator('a[href="/subscribe"]')).toHaveCount(1);
  }
  await page.goto("/events");
  await page.getByRole("main").locator('a[href="/subscribe"]').click();
  await expect(page.getByRole("heading", { level: 1, name: "Get news and events by e-mail" })).toBeVisible();
});

test("subscribe: the same answer, the e-mail's link changes nothing until 'Confirm' is pressed", async ({
  page,
}, testInfo) => {
  const email = `journey-${testInfo.project.name}-${Date.now()}@example.org`;
  await page.goto("/subscribe");
  await expect(
    page.getByText("We use your e-mail address only to send you the club news and events you choose here"),
  ).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);

  // Neither News nor Events: told in words, with what was typed kept.
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("checkbox", { name: "News" }).uncheck();
  await page.getByRole("checkbox", { name: "Events" }).uncheck();
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please choose News, Events or both.");
  await expect(page.getByLabel("Your e-mail address")).toHaveValue(email);
  expect(await severeViolations(page)).toEqual([]);

  await page.getByRole("checkbox", { name: "News" }).check();
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("status")).toHaveText("Check your inbox: we've sent you a link to confirm.");
  expect(storedSubscriber(email)).toMatchObject({ news: 1, events: 0, frequency: "posted", confirmed_at: null });

  const [mail] = await waitForMail(email);
  const link = linkIn(mail, "/subscribe/confirm/");
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail updates" })).toBeVisible();
  await expect(
    page.getByText(`Press 'Confirm' to start getting the club's news, as they are posted at ${email}.`),
  ).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  expect(storedSubscriber(email)?.confirmed_at).toBeNull();

  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(
    `Thank you: ${email} will get the club's news, as they are posted.`,
  );
  expect(storedSubscriber(email)?.confirmed_at).not.toBeNull();
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
