import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { severeViolations } from "./axe";
import { apiToken, deletingWhatEachTestMakes, expect, jsDisabled, signIn, test } from "./fixtures";

/**
 * Repeating events on Manage Events, with JavaScript on and off: a Saturday club made every
 * week in term time (the term dates set up first, with a half-term week between two
 * stretches), its occurrences listed with their 'Repeats' mark, one occurrence changed
 * alone, and the series cut short with 'This and following'. Occurrences are made within
 * 18 months of the server's clock, so the dates are counted from today; the two projects
 * share one server and stretches may not overlap, so each works months apart.
 */
deletingWhatEachTestMakes();

const DAY_MS = 24 * 60 * 60 * 1000;
const TIME_ZONE = "Europe/London";

/** YYYY-MM-DD of a UTC midnight. */
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const plus = (day: string, days: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** The first Saturday of the month `months` after this one. */
function firstSaturday(months: number): string {
  const now = new Date();
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1);
  const offset = (6 - new Date(first).getUTCDay() + 7) % 7;
  return dayOf(first + offset * DAY_MS);
}

/** '24 July 2027', as the series line writes a day. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    Date.parse(`${day}T00:00:00Z`),
  );

/** The day and time an event's stored date is in the club's zone: '2027-03-06 10:00'. */
const localWhen = (iso: string) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));

interface Occurrence {
  id: number;
  name: string;
  date: string;
  location: string | null;
  seriesId?: number | string | null;
}

async function occurrences(request: APIRequestContext, prefix: string): Promise<Occurrence[]> {
  const events = (await (await request.get("/api/events")).json()) as Occurrence[];
  return events
    .filter((event) => event.name.startsWith(prefix))
    .sort((one, other) => one.date.localeCompare(other.date));
}

/** Two stretches of term time with a half-term week between them; any left by an earlier run go first. */
async function termTime(request: APIRequestContext, headers: Record<string, string>, label: string, start: string) {
  const names = [`Series term 1 (${label})`, `Series term 2 (${label})`];
  const listed = (await (await request.get("/api/admin/terms", { headers })).json()) as Array<{
    id: number;
    name: string;
  }>;
  for (const old of listed.filter((term) => names.includes(term.name))) {
    expect((await request.delete(`/api/admin/terms/${old.id}`, { headers })).ok()).toBe(true);
  }
  const ids: number[] = [];
  for (const [name, startDate, endDate] of [
    [names[0], start, plus(start, 27)],
    [names[1], plus(start, 35), plus(start, 62)],
  ]) {
    const made = await request.post("/api/admin/terms", { headers, data: { name, startDate, endDate } });
    expect(made.status()).toBe(201);
    ids.push(((await made.json()) as { id: number }).id);
  }
  return ids;
}

const expectNotice = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeVisible();
const choice = (scope: Locator, group: string, label: string) =>
  scope.getByRole("group", { name: group, exact: true }).getByLabel(label, { exact: true });

test("an organiser makes a term-time series, changes one occurrence and cuts the series short", async ({
  page,
  request,
}) => {
  const label = test.info().project.name;
  const name = `Saturday football (${label})`;
  const start = firstSaturday(jsDisabled() ? 7 : 3);
  const last = plus(start, 62);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const terms = await termTime(request, headers, label, start);
  await signIn(page);

  await page.goto("/admin/events");
  await page.getByRole("link", { name: "Add Event" }).click();
  const create = page.getByRole("dialog", { name: "Create Event" });
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Date").fill(`${start}T10:00`);
  const repeats = create.getByLabel("Repeats", { exact: true });
  await expect(repeats).toHaveValue("never");
  if (!jsDisabled()) {
    // The monthly weekday is named from the date typed, and the rest waits for a rule.
    await expect(repeats.locator("option[value='month-weekday']")).toHaveText("Every month on the first Saturday");
    await expect(create.getByRole("group", { name: "Ends", exact: true })).toBeHidden();
  } else {
    await expect(repeats.locator("option[value='month-weekday']")).toHaveText("Every month on the same weekday");
  }
  await repeats.selectOption({ label: "Every week" });
  await expect(choice(create, "Ends", "On")).toBeChecked();
  if (!jsDisabled()) {
    // Typing in an end's box chooses that end.
    await create.getByLabel("Number of times", { exact: true }).focus();
    await expect(choice(create, "Ends", "After")).toBeChecked();
    await create.getByLabel("Last day", { exact: true }).focus();
    await expect(choice(create, "Ends", "On")).toBeChecked();
  }
  // A last day before the first event is refused at its field, and what was typed stays.
  await create.getByLabel("Last day", { exact: true }).fill(plus(start, -1));
  await create.getByLabel("Only in term time", { exact: true }).check();
  await create.getByLabel("Booking URL").fill("https://www.example.com/book/football");
  await create.getByLabel("Description", { exact: true }).fill("Boots and water.");
  expect(await severeViolations(page)).toEqual([]);
  await create.getByRole("button", { name: "Create Event" }).click();
  await expect(create.getByText("Last day must not be before the first event", { exact: true }).first()).toBeVisible();
  await expect(create.getByLabel("Repeats", { exact: true })).toHaveValue("week");
  await expect(create.getByLabel("Only in term time", { exact: true })).toBeChecked();
  await expect(create.getByLabel("Name")).toHaveValue(name);
  await create.getByLabel("Last day", { exact: true }).fill(last);
  await create.getByRole("button", { name: "Create Event" }).click();

  await expect(page).toHaveURL(/\/admin\/events$/);
  await expectNotice(page, "Event created successfully");
  // Every Saturday of the two stretches at 10:00 in the club's zone; none in the half-term week.
  const saturdays = [0, 7, 14, 21, 35, 42, 49, 56].map((days) => `${plus(start, days)} 10:00`);
  const made = await occurrences(request, name);
  expect(made.map((event) => localWhen(event.date))).toEqual(saturdays);
  const seriesId = made[0].seriesId;
  expect(seriesId).toBeTruthy();
  expect(made.every((event) => event.seriesId === seriesId)).toBe(true);
  const firstCard = page.locator(`#admin-event-${made[0].id}`);
  await expect(firstCard.getByText("Repeats", { exact: true })).toBeVisible();

  // One occurrence changed alone: the form says the rule and asks which events the change reaches.
  const second = made[1];
  await page.goto(`/admin/events?edit=${second.id}`);
  const edit = page.getByRole("dialog", { name: "Edit Event" });
  await expect(edit.getByText(`Repeats every week until ${longDay(last)}, only in term time`)).toBeVisible();
  await expect(edit.getByLabel("Repeats", { exact: true })).toHaveCount(0);
  await expect(choice(edit, "Change", "This event")).toBeChecked();
  await expect(choice(edit, "Change", "This and following")).not.toBeChecked();
  await expect(choice(edit, "Change", "All events in the series")).not.toBeChecked();
  expect(await severeViolations(page)).toEqual([]);
  await edit.getByLabel("Location").fill("The school hall");
  await edit.getByRole("button", { name: "Update Event" }).click();
  await expectNotice(page, "Event updated successfully");
  const afterEdit = await occurrences(request, name);
  expect(afterEdit.map((event) => [event.id, event.location])).toEqual(
    made.map((event) => [event.id, event.id === second.id ? "The school hall" : null]),
  );
  expect(afterEdit.find((event) => event.id === second.id)?.seriesId).toBe(seriesId);

  // Cut short from the sixth: it and the following ones go, the first five stay.
  const sixth = made[5];
  await page.goto(`/admin/events?delete=${sixth.id}`);
  const question = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(question.getByText(`This will permanently delete the event "${name}".`)).toBeVisible();
  await expect(choice(question, "Delete", "This event")).toBeChecked();
  expect(await severeViolations(page)).toEqual([]);
  await choice(question, "Delete", "This and following").check();
  await question.getByRole("button", { name: "Delete" }).click();
  await expectNotice(page, "Event deleted successfully");
  const left = await occurrences(request, name);
  expect(left.map((event) => event.id)).toEqual(made.slice(0, 5).map((event) => event.id));

  for (const id of terms) expect((await request.delete(`/api/admin/terms/${id}`, { headers })).ok()).toBe(true);
});
