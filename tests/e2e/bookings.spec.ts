import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { severeViolations } from "./axe";
import { apiToken, expect, jsDisabled, test } from "./fixtures";
import { linkIn, waitForMail } from "./mailbox";

// Booking an event on the club's own site, as a parent does it, with JavaScript on and
// off (docs/product.md, 'Bookings'): inside the product spec's Book Now dialog, which frames
// the booking page, and on the booking page alone; then the private link's page. Each
// test makes its own event through the /api, so none depends on another.

const created: number[] = [];

test.afterEach(async ({ request }) => {
  const token = await apiToken(request);
  for (const id of created.splice(0)) {
    await request.delete(`/api/admin/events/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  }
});

/** An event booked on this site, far enough ahead to stay off the home page's 'Next Event'. */
async function siteBookedEvent(
  request: APIRequestContext,
  name: string,
  booking: { places: number; askChild?: boolean; waitingList?: boolean },
): Promise<number> {
  const token = await apiToken(request);
  const response = await request.post("/api/admin/events", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      date: "2031-05-01T10:00:00.000Z",
      comment: "Bring a packed lunch.",
      bookingUrl: "https://example.org/ignored",
      booking: { mode: "site", maxPerBooking: 6, ...booking },
    },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  created.push(id);
  return id;
}

function stampOf(): string {
  return `${jsDisabled() ? "no-js" : "js"}-${Date.now()}`;
}

async function fillBooking(form: Page | ReturnType<Page["frameLocator"]>, email: string) {
  await form.getByLabel("Your name").fill("Sam Parent");
  await form.getByLabel("Your e-mail address").fill(email);
  await form.getByLabel("Adults").fill("2");
  await form.getByLabel("Children").fill("1");
  await form.getByLabel("Your child's first name").fill("Robin");
  await form.getByLabel("Their class").fill("3B");
}

test("a parent books inside Book Now's dialog or on the booking page, and gets the private link", async ({
  page,
  request,
}) => {
  const stamp = stampOf();
  const name = `Pond dipping ${stamp}`;
  const email = `booker-${stamp}@example.org`;
  const id = await siteBookedEvent(request, name, { places: 10, askChild: true });

  await page.goto(`/events/${id}`);
  const card = page.getByRole("article", { name });
  await expect(card.getByText("10 places left", { exact: true })).toBeVisible();

  let answer: Locator;
  if (jsDisabled()) {
    const opened = await page.goto(`/events/${id}/book`);
    expect(opened?.headers()["cache-control"]).toContain("no-store");
    expect(opened?.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    await expect(page.getByRole("heading", { level: 1, name: `Book: ${name}` })).toBeVisible();
    await expect(page.getByText("10 places left", { exact: true })).toBeVisible();
    await expect(page.getByText("We keep your details until 30 days after the event, then delete them.")).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
    await fillBooking(page, email);
    await page.getByRole("button", { name: "Book", exact: true }).click();
    answer = page.getByRole("status");
  } else {
    // The product spec's dialog, framing the event's booking address: our own page.
    await card.getByRole("link", { name: "Book Now" }).click();
    const dialog = page.getByRole("dialog", { name: `Book: ${name}` });
    await expect(dialog.locator("iframe")).toHaveAttribute("src", new RegExp(`/events/${id}/book$`));
    // The club's own page shares this page's origin: with scripts too it could lift its own sandbox.
    await expect(dialog.locator("iframe")).toHaveAttribute(
      "sandbox",
      "allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox",
    );
    const frame = page.frameLocator("iframe.booking-frame");
    await expect(frame.getByRole("heading", { level: 1, name: `Book: ${name}` })).toBeVisible();
    await expect(frame.getByText("10 places left", { exact: true })).toBeVisible();
    await fillBooking(frame, email);
    await frame.getByRole("button", { name: "Book", exact: true }).click();
    answer = frame.getByRole("status");
  }
  await expect(answer).toContainText("You're booked: 2 adults, 1 child");
  await expect(answer).toContainText("Keep this link: it lets you change or cancel your booking");
  const privateLink = await answer.getByRole("link").getAttribute("href");
  expect(privateLink).toMatch(/^\/bookings\/[A-Za-z0-9_-]+$/);
  if (!jsDisabled()) expect(await severeViolations(page)).toEqual([]);

  // The same link by e-mail; and the second booking with that address is not made.
  const [mail] = await waitForMail(email);
  expect(linkIn(mail, "/bookings/")).toBe(privateLink);
  await page.goto(`/events/${id}/book`);
  await fillBooking(page, email);
  await page.getByRole("button", { name: "Book", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(
    "This e-mail address already has a booking for this event. We've e-mailed you its link.",
  );

  await page.goto(`/events/${id}`);
  await expect(page.getByRole("article", { name }).getByText("7 places left", { exact: true })).toBeVisible();
});

test("the private link changes the numbers and cancels after a confirmation", async ({ page, request }) => {
  const stamp = stampOf();
  const name = `Den building ${stamp}`;
  const id = await siteBookedEvent(request, name, { places: 4 });
  const book = async (who: string, adults: number) => {
    const response = await request.post(`/api/events/${id}/bookings`, {
      data: { name: who, email: `${who}-${stamp}@example.org`, adults, children: 0 },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as { status: string; position?: number; url: string };
  };
  const first = await book("first", 3);
  const second = await book("second", 2);
  expect(second).toMatchObject({ status: "waiting", position: 1 });

  const opened = await page.goto(new URL(second.url).pathname);
  expect(opened?.headers()["referrer-policy"]).toBe("same-origin");
  expect(opened?.headers()["cache-control"]).toContain("no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeVisible();
  await expect(page.getByText("You're on the waiting list (number 1)")).toBeVisible();

  await page.goto(new URL(first.url).pathname);
  await expect(page.getByText("You're booked: 3 adults")).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  // Two places freed: the family waiting (two adults) is booked by itself.
  await page.getByLabel("Adults").fill("1");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Your booking is changed. You're booked: 1 adult");
  await page.goto(new URL(second.url).pathname);
  await expect(page.getByText("You're booked: 2 adults")).toBeVisible();

  await page.getByRole("link", { name: "Cancel booking" }).click();
  await expect(page).toHaveURL(/\?cancel=1$/);
  await expect(page.getByRole("heading", { name: "Cancel this booking?" })).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Yes, cancel my booking" }).click();
  await expect(page.getByRole("status")).toHaveText("Your booking is cancelled.");
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);

  await page.goto(`/events/${id}`);
  await expect(page.getByRole("article", { name }).getByText("3 places left", { exact: true })).toBeVisible();
  const dead = await page.goto("/bookings/AAAAAAAAAAAAAAAAAAAAAA");
  expect(dead?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This link no longer works." })).toBeVisible();
});
