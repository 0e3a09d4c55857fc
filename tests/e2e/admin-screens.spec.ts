import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { severeViolations } from "./axe";
import { apiToken, E2E_ADMIN, expect, jsDisabled, signIn, test } from "./fixtures";

/**
 * Every admin screen the app has, at a phone's 375 px and a laptop's 1280 px, in both
 * projects (JavaScript on and off): no page wider than the window, every control in the
 * page inside it and at least 24 × 24 px (WCAG 2.2 target size; links in a sentence
 * excepted), and no serious or critical axe finding. One page walks them all, each drawn
 * at both widths, so the walk costs one sign-in and one load a screen. This is the admin
 * screens' accessibility check (tests/e2e/a11y.spec.ts checks the public pages).
 *
 * The list is read from app/routes: a new admin route fails here until it is named
 * below, as a screen with its address or as a route that is not a screen.
 */
const ROUTES_DIR = join(process.cwd(), "app", "routes");

/** What a screen's address needs from the demo content (made once per test). */
interface Demo {
  newsId: number;
  eventId: number;
  photoId: number;
  albumId: number;
  joinPath: string;
  /** An event booked on this site, with one booking on its door list. */
  bookedEventId: number;
  bookingId: number;
  /** The demo news item's newest revision, when the seed kept one. */
  newsRevisionId?: number | string;
  /** A stretch of term time, for the term dates screen's dialogs. */
  termId: number;
  /** An occurrence of a repeating series: its edit form says the rule and asks which events a change reaches. */
  occurrenceId: number;
}

/** A list screen and its dialogs: new, edit and delete. */
const listStates = (screen: string, id: number) => [
  `/admin/${screen}`,
  `/admin/${screen}?new`,
  `/admin/${screen}?edit=${id}`,
  `/admin/${screen}?delete=${id}`,
];

/** A join link that is no link: the screen says so, answered 404. */
const DEAD_JOIN_PATH = "/admin/join/no-such-link-token-000000";

/**
 * Screens seen signed in, by route file; the address from the demo content. A list
 * screen's dialogs (?new, ?edit=, ?delete=) are its states, walked with it.
 */
const SIGNED_IN: Record<string, (demo: Demo) => string | string[]> = {
  "admin.dashboard.tsx": () => "/admin/dashboard",
  "admin.news.tsx": (demo) => listStates("news", demo.newsId),
  // The events' states, and the edit form of an event booked on this site (its booking fields).
  // An occurrence's edit and delete dialogs, which ask which events of its series they reach.
  "admin.events.tsx": (demo) => [
    ...listStates("events", demo.eventId),
    `/admin/events?edit=${demo.bookedEventId}`,
    `/admin/events?edit=${demo.occurrenceId}`,
    `/admin/events?delete=${demo.occurrenceId}`,
  ],
  "admin.terms.tsx": (demo) => listStates("terms", demo.termId),
  "admin.gallery.tsx": (demo) => listStates("gallery", demo.photoId),
  "admin.gallery_.add.tsx": () => "/admin/gallery/add",
  "admin.gallery_.albums._index.tsx": () => "/admin/gallery/albums",
  "admin.gallery_.albums.$id.tsx": (demo) => `/admin/gallery/albums/${demo.albumId}`,
  "admin.gallery_.captions.tsx": (demo) => `/admin/gallery/captions?ids=${demo.photoId}`,
  "admin.gallery_.consent.tsx": () => "/admin/gallery/consent",
  "admin.gallery_.descriptions.tsx": () => "/admin/gallery/descriptions",
  "admin.who-we-are.tsx": () => "/admin/who-we-are",
  "admin.what-we-do.tsx": () => "/admin/what-we-do",
  "admin.committee.tsx": () => ["/admin/committee", "/admin/committee?remove=1"],
  "admin.account.tsx": () => "/admin/account",
  "admin.account_.two-factor.tsx": () => "/admin/account/two-factor",
  "admin.activity.tsx": () => "/admin/activity",
  "admin.mail.tsx": () => ["/admin/mail", "/admin/mail?state=queued&q=nobody"],
  // History: the list, one revision's changes, and Restore's question.
  "admin.news_.$id.history.tsx": (demo) => [
    `/admin/news/${demo.newsId}/history`,
    ...(demo.newsRevisionId === undefined
      ? []
      : [`/admin/news/${demo.newsId}/history?rev=${demo.newsRevisionId}&restore=1`]),
  ],
  "admin.events_.$id.history.tsx": (demo) => `/admin/events/${demo.eventId}/history`,
  "admin.who-we-are_.history.tsx": () => "/admin/who-we-are/history",
  "admin.what-we-do_.history.tsx": () => "/admin/what-we-do/history",
  "admin.events_.$id.bookings.tsx": (demo) => [
    `/admin/events/${demo.bookedEventId}/bookings`,
    `/admin/events/${demo.bookedEventId}/bookings?sort=name&cancel=${demo.bookingId}`,
  ],
};

/** Screens seen signed out (a signed-in visitor is sent on from them). */
const SIGNED_OUT: Record<string, (demo: Demo) => string | string[]> = {
  "admin._index.tsx": () => "/admin",
  "admin.join.$token.tsx": (demo) => [demo.joinPath, DEAD_JOIN_PATH],
};

/** Routes that are not screens, and why. */
const NOT_SCREENS: Record<string, string> = {
  "admin.tsx": "the layout every admin screen is drawn in, seen on each of them",
  "admin.logout.tsx": "a form's target: POST signs out, GET redirects to /admin",
  "admin.mail_.subscribers[.]csv.tsx": "the consent records' CSV, downloaded from the Mail screen",
  "admin.events_.$id.bookings[.]csv.tsx": "an event's door list as CSV, downloaded from its bookings screen",
  "admin.account_.passkeys.tsx": "the passkey ceremony's JSON, called by the account screen's script",
  "admin.passkey-sign-in.tsx": "the passkey sign-in's JSON, called by the login screen's script",
  "admin.gallery_.$id.blur.tsx": "the blur editor's calls, made from Manage Gallery's dialog",
  "admin.gallery_.$id.uses.tsx": "where an image is used, read by Manage Gallery's delete confirmation",
  "admin.settings.gallery-passphrase.tsx": "a form's target on Manage Gallery",
  "admin.settings.two-factor.tsx": "a form's target on the committee screen",
  "admin.uploads.gallery-image.tsx": "an upload's target, called by the image fields",
  "admin.uploads.image.tsx": "an upload's target, called by the image fields",
  "admin.uploads.news-image.tsx": "an upload's target, called by the news image field",
  "admin.news_.$id.autosave.tsx": "the news editor's autosave, called by its script every 30 seconds",
};

test("every admin route is walked below or named as not a screen", () => {
  const routes = readdirSync(ROUTES_DIR).filter((file) => /^admin[._]/.test(file));
  const known = [...Object.keys(SIGNED_IN), ...Object.keys(SIGNED_OUT), ...Object.keys(NOT_SCREENS)];
  expect(routes.sort()).toEqual(known.sort());
  // A route that draws a page is a screen, and a screen draws one.
  for (const file of Object.keys(NOT_SCREENS).filter((name) => name !== "admin.tsx")) {
    expect(readFileSync(join(ROUTES_DIR, file), "utf8"), file).not.toMatch(/export default/);
  }
});

/** The demo content every screen needs: a photo, an album of two, a second member, an open invitation. */
async function demoContent(request: APIRequestContext, label: string): Promise<Demo> {
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const [photo] = (await (await request.get("/api/gallery")).json()) as Array<{ id: number; imageUrl: string }>;
  const [album] = (await (await request.get("/api/albums", { headers })).json()) as Array<{ id: number }>;
  // A second photo in the album, with a long caption, so its order screen shows Up and Down.
  const added = await request.post("/api/admin/gallery", {
    headers,
    data: { imageUrl: photo.imageUrl, caption: `The den builders line up for a photo ${label}`, albumId: album.id },
  });
  expect(added.status()).toBe(201);
  const invite = async (name: string) => {
    const response = await request.post("/api/admin/invitations", { headers, data: { name, role: "editor" } });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { path: string }).path;
  };
  const memberLink = (await invite(`Frame Member ${label}`)).split("/").pop();
  const joined = await request.post(`/api/admin/join/${memberLink}`, {
    data: { username: `frame-${label}`, password: "a-long-enough-secret" },
  });
  expect(joined.ok()).toBe(true);
  const joinPath = `/admin/join/${(await invite(`Frame Invitee ${label}`)).split("/").pop()}`;
  const [news] = (await (await request.get("/api/news")).json()) as Array<{ id: number }>;
  const [event] = (await (await request.get("/api/events")).json()) as Array<{ id: number }>;
  const booked = await request.post("/api/admin/events", {
    headers,
    data: {
      name: `Booked here ${label}`,
      date: "2031-07-01T09:00:00.000Z",
      comment: "Booked on this site.",
      bookingUrl: "https://example.org/x",
      booking: { mode: "site", places: 30, maxPerBooking: 6, askChild: true, closesAt: null, waitingList: true },
    },
  });
  expect(booked.status()).toBe(201);
  const bookedEventId = ((await booked.json()) as { id: number }).id;
  const booking = await request.post(`/api/admin/events/${bookedEventId}/bookings`, {
    headers,
    data: { name: "Door Family", adults: 2, children: 1, childName: "Mia", childClass: "2B" },
  });
  expect(booking.status()).toBe(201);
  const bookingId = ((await booking.json()) as { id: number }).id;
  const revisions = await request.get(`/api/admin/news/${news.id}/revisions`, { headers });
  expect(revisions.ok()).toBe(true);
  const [newest] = (await revisions.json()) as Array<{ id: number | string }>;
  return {
    occurrenceId: await occurrence(request, headers, label),
    termId: await termStretch(request, headers, label),
    newsRevisionId: newest?.id,
    newsId: news.id,
    eventId: event.id,
    photoId: photo.id,
    albumId: album.id,
    joinPath,
    bookedEventId,
    bookingId,
  };
}

/**
 * A stretch of term time of the project's own: the two projects share one server and
 * stretches may not overlap, so each has its own year, and a second walk finds its stretch.
 */
async function termStretch(request: APIRequestContext, headers: Record<string, string>, label: string) {
  const name = `Walk term (${label})`;
  const listed = await request.get("/api/admin/terms", { headers });
  expect(listed.ok()).toBe(true);
  const found = ((await listed.json()) as Array<{ id: number; name: string }>).find((term) => term.name === name);
  if (found) return found.id;
  const year = label === "no-js" ? 2072 : 2071;
  const made = await request.post("/api/admin/terms", {
    headers,
    data: { name, startDate: `${year}-09-03`, endDate: `${year}-10-23` },
  });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { id: number }).id;
}

/**
 * A series of one date, made within the 18 months occurrences are made ahead of the
 * server's clock (so counted from today), and deleted once the walk is done.
 */
async function occurrence(request: APIRequestContext, headers: Record<string, string>, label: string) {
  const day = new Date(Date.now() + 400 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const made = await request.post("/api/admin/events", {
    headers,
    data: {
      name: `Walk series ${label}`,
      date: `${day}T09:00:00.000Z`,
      comment: "One date of a series.",
      bookingUrl: "https://example.org/series",
      repeat: { every: "week", count: 1, termTimeOnly: false },
    },
  });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { id: number }).id;
}

/** What is wrong with the page as drawn: wider than the window, controls cut off or too small. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${width}px window`);
    }
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || el.getAttribute("name") || "").trim().slice(0, 40)}"`;
    const controls = document.querySelectorAll(
      ":is(main, [role=dialog]) :is(a[href], button, input:not([type=hidden]), select, textarea, summary)",
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      // Not drawn (a closed menu or dialog), or drawn away on purpose (visually hidden).
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === "hidden") continue;
      let cut = box.left < -0.5 || box.right > width + 0.5;
      for (let up = el.parentElement; up && !cut; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === "visible") continue;
        const frame = up.getBoundingClientRect();
        cut = box.left < frame.left - 0.5 || box.right > frame.right + 0.5;
      }
      if (cut) problems.push(`${name(el)} is cut off (${Math.round(box.left)}–${Math.round(box.right)}px)`);
      // A link in a line of text is exempt from the target size; everything else is not.
      const inText = el.tagName === "A" && getComputedStyle(el).display === "inline";
      if (!inText && el.tagName !== "TEXTAREA" && (box.width < 23.5 || box.height < 23.5)) {
        problems.push(`${name(el)} is ${Math.round(box.width)}×${Math.round(box.height)}px, under 24×24`);
      }
    }
    return problems;
  });
}

/** The widths every screen is drawn at: a phone's and a laptop's. */
const WIDTHS = [375, 1280] as const;

/**
 * axe reads one width of each screen per project, the layout checks both: what axe finds
 * (names, roles, contrast) is the same at both widths but for the phone's Menu, and each
 * run costs more than the rest of the screen's checks. With JavaScript the phone, without
 * it the laptop, so both widths and both modes are read by axe somewhere.
 */
const axeWidth = () => (jsDisabled() ? 1280 : 375);

async function checkScreen(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(path === DEAD_JOIN_PATH ? 404 : 200);
  await expect(page.locator("main h1").first()).toBeVisible();
  // With JavaScript a dialog is a modal once the page runs, and the news form's editor once its toolbar shows.
  if (!jsDisabled() && /[?&](new|edit|delete)\b/.test(path)) {
    await expect(page.getByRole("dialog")).toHaveAttribute("aria-modal", "true");
    if (/^\/admin\/news\?(new|edit)\b/.test(path)) {
      await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
    }
  }
  for (const width of WIDTHS) {
    // The same page drawn again at the next width, as a window made wider would.
    if (width !== WIDTHS[0]) await page.setViewportSize({ width, height: 800 });
    problems.push(...(await layoutProblems(page)).map((problem) => `${path} at ${width}px: ${problem}`));
    if (width === axeWidth()) problems.push(...(await severeViolations(page)));
  }
  return problems;
}

test(`every admin screen fits at ${WIDTHS.join(" and ")}px, its controls are reachable, and axe finds nothing serious`, async ({
  page,
}, testInfo) => {
  test.setTimeout(360_000);
  const demo = await demoContent(page.request, testInfo.project.name);
  const problems: string[] = [];
  for (const screen of Object.values(SIGNED_OUT)) {
    for (const path of [screen(demo)].flat()) problems.push(...(await checkScreen(page, path)));
  }
  await signIn(page);
  for (const screen of Object.values(SIGNED_IN)) {
    for (const path of [screen(demo)].flat()) problems.push(...(await checkScreen(page, path)));
  }
  const headers = { Authorization: `Bearer ${await apiToken(page.request)}` };
  const gone = await page.request.delete(`/api/admin/events/${demo.occurrenceId}?scope=all`, { headers });
  expect(gone.ok()).toBe(true);
  expect(problems).toEqual([]);
});

test("on a phone a table's rows are blocks whose values say their column; on a laptop the header row says it", async ({
  page,
}) => {
  await signIn(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/admin/committee");
  const you = page.getByRole("row", { name: new RegExp(`^${E2E_ADMIN.username} `) });
  await expect(you.getByRole("cell", { name: /^Two-factor sign-in: (On|Off)$/ })).toBeVisible();
  await expect(you.getByRole("cell", { name: /^Last signed in: / })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(you.getByRole("cell", { name: /^(On|Off)$/ })).toBeVisible();
});
