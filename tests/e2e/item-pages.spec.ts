import { expect, test, jsDisabled } from "./fixtures";

// Pages of their own for events and news items, reached from the lists' titles, with
// JavaScript on and off (both projects).

test("an event's title leads to its page, where it can be booked and added to a calendar", async ({ page }) => {
  await page.goto("/events");
  const card = page.getByRole("article", { name: "Stargazing Night" });
  await card.getByRole("link", { name: "Stargazing Night", exact: true }).click();
  await expect(page).toHaveURL(/\/events\/\d+$/);
  const id = page.url().split("/").pop();
  await expect(page).toHaveTitle("Stargazing Night | Oakfield Primary Dads' Club");
  await expect(page.getByRole("heading", { level: 1, name: "Stargazing Night" })).toBeVisible();
  await expect(page.getByRole("link", { name: "All events" })).toHaveAttribute("href", "/events");
  await expect(page.getByRole("link", { name: "Add to calendar Stargazing Night" })).toHaveAttribute(
    "href",
    `/events/${id}.ics`,
  );

  await page.getByRole("link", { name: "Book Now" }).click();
  const booking = page.getByRole("dialog", { name: "Book: Stargazing Night" });
  await expect(booking).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/events/${id}\\?book=${id}$`));
  if (jsDisabled()) await booking.getByRole("link", { name: "Close" }).click();
  else await page.keyboard.press("Escape");
  await expect(booking).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/events/${id}$`));
});

test("a news item's title leads to its page and back", async ({ page }) => {
  await page.goto("/news");
  await page
    .getByRole("article", { name: "Welcome to our new website" })
    .getByRole("link", { name: "Welcome to our new website", exact: true })
    .click();
  await expect(page).toHaveURL(/\/news\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to our new website" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "our latest news" })).toBeVisible();
  await page.getByRole("link", { name: "All news" }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible();
});

test("the Events page offers the calendar to subscribe to", async ({ page }) => {
  await page.goto("/events");
  const subscribe = page.getByRole("link", { name: "Subscribe to the calendar" });
  await expect(subscribe).toHaveAttribute("href", /^webcal:\/\/[^/]+\/events\.ics$/);
  await expect(page.getByRole("link", { name: "Download the calendar file" })).toHaveAttribute("href", "/events.ics");
});

test("an unknown event or news item is the not-found screen", async ({ page }) => {
  for (const path of ["/events/999999", "/news/not-an-id!"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  }
});
