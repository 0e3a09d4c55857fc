import type { APIRequestContext } from "@playwright/test";
import { severeViolations } from "./axe";
import { apiToken, expect, jsDisabled, signIn, test } from "./fixtures";

/**
 * The organiser's side of bookings on the club's own site, with JavaScript on and off
 * (docs/product.md, 'Bookings'): the event form's 'How do parents book?', the line on
 * Manage Events, and the door list: a booking added by hand, one cancelled (the waiting
 * list fills), bookings closed, the print layout and the CSV.
 */

/** An event booked on this site with `places` places, made through the /api; its id. */
async function siteEvent(request: APIRequestContext, name: string, places: number): Promise<number> {
  const token = await apiToken(request);
  const response = await request.post("/api/admin/events", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      date: "2031-09-12T09:00:00.000Z",
      comment: "Sports day.",
      bookingUrl: "https://example.org/unused",
      booking: { mode: "site", places, maxPerBooking: 6, askChild: true, closesAt: null, waitingList: true },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test("an event booked on this site, made in the event form, shows its bookings on Manage Events", async ({ page }) => {
  const name = `Pancake breakfast (${test.info().project.name} ${Date.now()})`;
  await signIn(page);
  await page.goto("/admin/events?new");
  const create = page.getByRole("dialog", { name: "Create Event" });
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Date").fill("2031-05-10T09:00");
  const choice = create.getByRole("group", { name: "How do parents book?" });
  await expect(choice.getByRole("radio", { name: "On another site" })).toBeChecked();
  await expect(create.getByLabel("Booking URL")).toBeVisible();
  await choice.getByRole("radio", { name: "On this site" }).check();
  // With JavaScript the booking URL goes, as the site fills it in; without, it is left empty and not used.
  if (!jsDisabled()) await expect(create.getByLabel("Booking URL")).toBeHidden();
  await create.getByLabel("Places").fill("40");
  await expect(create.getByLabel("Most people in one booking")).toHaveValue("6");
  await create.getByLabel("Ask for the child and class").check();
  await expect(create.getByLabel("Waiting list")).toBeChecked();
  await create.getByLabel("Description", { exact: true }).fill("Pancakes for everyone.");
  expect(await severeViolations(page)).toEqual([]);
  await create.getByRole("button", { name: "Create Event" }).click();

  await expect(page.getByText("Event created successfully", { exact: true }).first()).toBeVisible();
  const card = page.locator("article", { has: page.getByRole("heading", { name }) });
  await expect(card.getByRole("link", { name: /\/events\/\d+\/book \(opens in a new tab\)$/ })).toBeVisible();
  await card.getByRole("link", { name: "Bookings: 0 of 40" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Bookings: ${name}` })).toBeVisible();
  await expect(page.getByText("No bookings yet.")).toBeVisible();

  // The edit form starts from the stored settings.
  await page.goto("/admin/events");
  await card.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Event" });
  await expect(edit.getByRole("radio", { name: "On this site" })).toBeChecked();
  await expect(edit.getByLabel("Places")).toHaveValue("40");
  await expect(edit.getByLabel("Ask for the child and class")).toBeChecked();
});

test("the door list: a booking by hand, a cancellation that fills from the waiting list, closing, print and CSV", async ({
  page,
}) => {
  const name = `Sports day (${test.info().project.name} ${Date.now()})`;
  const id = await siteEvent(page.request, name, 3);
  await signIn(page);
  await page.goto(`/admin/events/${id}/bookings`);
  await expect(page.getByText("Bookings: 0 of 3", { exact: true })).toBeVisible();

  const add = page.getByRole("region", { name: "Add a booking by hand" });
  const addBooking = async (who: string, adults: string, children: string, child: string, className: string) => {
    await add.getByLabel("Name", { exact: true }).fill(who);
    await add.getByLabel("Adults").fill(adults);
    await add.getByLabel("Children").fill(children);
    await add.getByLabel("Child's first name").fill(child);
    await add.getByLabel("Class").fill(className);
    await add.getByRole("button", { name: "Add booking" }).click();
  };
  await addBooking("Ola Phone", "2", "1", "Kit", "4C");
  await expect(page.getByText("Ola Phone is booked: 2 adults, 1 child.")).toBeVisible();
  await addBooking("Ben Wait", "1", "1", "Joe", "1A");
  await expect(page.getByText("Ben Wait is on the waiting list (number 1).")).toBeVisible();
  await expect(page.getByText("Bookings: 3 of 3 (1 waiting)", { exact: true })).toBeVisible();
  const list = page.getByRole("table", { name: "The door list" });
  await expect(list.getByRole("row", { name: /Ola Phone/ })).toContainText("Kit, 4C");
  await expect(list.getByRole("row", { name: /Ben Wait/ })).toContainText("Waiting (number 1)");
  expect(await severeViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Cancel the booking of Ola Phone" }).click();
  const ask = page.getByRole("alertdialog", { name: "Cancel the booking of Ola Phone?" });
  await ask.getByRole("button", { name: "Cancel the booking" }).click();
  await expect(page.getByText("Bookings: 2 of 3.", { exact: true })).toBeVisible();
  await expect(list.getByRole("row", { name: /Ola Phone/ })).toHaveCount(0);
  await expect(list.getByRole("row", { name: /Ben Wait/ })).toContainText("Booked");

  await page.getByRole("link", { name: "Close bookings now" }).click();
  await page
    .getByRole("alertdialog", { name: "Close bookings now?" })
    .getByRole("button", { name: "Close bookings" })
    .click();
  await expect(page.getByText("Bookings are closed. You can still add bookings by hand.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Close bookings now" })).toHaveCount(0);

  // On paper: the list with a tick box a row, no navigation, no buttons, no forms.
  if (jsDisabled())
    await expect(page.getByText("To print the door list, use your browser's Print command")).toBeVisible();
  else await expect(page.getByRole("button", { name: "Print the door list" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(list.locator(".door-tick__box").first()).toBeVisible();
  await expect(list.getByRole("columnheader", { name: "Here" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Manage Events" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Admin", exact: true })).toBeHidden();
  await expect(page.getByRole("link", { name: "Download the list (CSV)" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Add booking" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print the door list" })).toBeHidden();
  await expect(page.getByText("Bookings: 2 of 3", { exact: true })).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  const csv = await page.request.get(`/admin/events/${id}/bookings.csv`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toBe(`attachment; filename="bookings-${id}.csv"`);
  const lines = (await csv.text()).split(/\r?\n/);
  expect(lines[0]).toBe("name,email,adults,children,child_name,child_class,status,booked_at");
  expect(lines.some((line) => line.startsWith("Ben Wait,,1,1,Joe,1A,confirmed,"))).toBe(true);
});

test("booking settings both changed since the form was opened are one choice, and 'Keep theirs' keeps their places", async ({
  page,
  request,
}) => {
  const name = `Quiz night (${test.info().project.name} ${Date.now()})`;
  const id = await siteEvent(request, name, 10);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  await signIn(page);
  await page.goto(`/admin/events?edit=${id}`);
  if (!jsDisabled()) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const dialog = page.getByRole("dialog", { name: "Edit Event" });
  await expect(dialog.getByLabel("Places")).toHaveValue("10");

  // A colleague gives it 12 places meanwhile; she, from the copy she opened, makes it 8.
  const event = (await (await request.get(`/api/admin/events/${id}`, { headers })).json()) as object;
  const booking = { mode: "site", places: 12, maxPerBooking: 6, askChild: true, closesAt: null, waitingList: true };
  const theirs = await request.put(`/api/admin/events/${id}`, { headers, data: { ...event, booking, version: 1 } });
  expect(theirs.ok()).toBe(true);
  await dialog.getByLabel("Places").fill("8");
  await dialog.getByRole("button", { name: "Update Event" }).click();

  const both = dialog.getByRole("group", { name: "Booking", exact: true });
  const words = (places: number) =>
    `Booked on this site: ${places} places, at most 6 a booking, asks for the child and class, waiting list, closes when the event starts`;
  await expect(both.getByText(words(8))).toBeVisible();
  await expect(both.getByText(words(12))).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  await both.getByLabel("Keep theirs").check();
  await dialog.getByRole("button", { name: "Update Event" }).click();
  await expect(page.getByText("Event updated successfully", { exact: true }).first()).toBeVisible();
  expect(await (await request.get(`/api/admin/events/${id}/booking`, { headers })).json()).toMatchObject({
    places: 12,
  });
});
