import { describe, expect, it } from "vitest";
import { adminToken, signInByForm } from "../fixtures/api-client";
import { servingForTests } from "../fixtures/real-server";

/**
 * What the real server's pages say (needs `npm run build`): every event's date with its
 * time in the site's zone beside it (docs/product.md, 'Events'), and one contact address
 * in the footer, the Who We Are page's when it has one (docs/product.md, 'Footer').
 */
const PASSWORD = "event-times-password";
const CONFIGURED = "footer@club.example";
const serving = servingForTests("club-event-times-", {
  ADMIN_PASSWORD: PASSWORD,
  SEED_DEMO: "0",
  SITE_TIME_ZONE: "Europe/London",
  CONTACT_EMAIL: CONFIGURED,
});

async function createEvent(token: string, name: string, date: string): Promise<string> {
  const response = await fetch(`${serving.base}/api/admin/events`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name, date, comment: `${name}.`, bookingUrl: "https://tickets.example.org/x" }),
  });
  expect(response.status).toBe(201);
  return String(((await response.json()) as { id: number }).id);
}

async function html(path: string, cookie?: string): Promise<string> {
  const response = await fetch(`${serving.base}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status).toBe(200);
  return response.text();
}

const TIMES = /<time [^>]*>([^<]*)<\/time>([^<]*)/g;
/** Every date of the page as shown: its <time> element's text and what stands right after it. */
const times = (page: string) => [...page.matchAll(TIMES)].map((match) => `${match[1]}${match[2]}`);
/** The text of every <time> element alone: the date as the product spec formats it. */
const dates = (page: string) => [...page.matchAll(TIMES)].map((match) => match[1]);

/** The footer's e-mail link. */
const footerEmail = (page: string) => /<footer[\s\S]*?href="mailto:([^"]*)"/.exec(page)?.[1];

describe("event times beside their dates", () => {
  it("shows the time in the site's zone on every card, page and admin list, the date text as it was", async () => {
    const token = await adminToken(serving.base, PASSWORD);
    // 16:30 UTC in winter is 4:30pm in London; 09:00 UTC in summer is 10am (British Summer Time).
    const fair = await createEvent(token, "Winter fair", "2031-12-19T16:30:00.000Z");
    const picnic = await createEvent(token, "Summer picnic", "2031-07-01T09:00:00.000Z");

    const events = await html("/events");
    expect(times(events)).toEqual(["July 1, 2031 · 10am", "December 19, 2031 · 4:30pm"]);
    expect(dates(events)).toEqual(["July 1, 2031", "December 19, 2031"]);
    expect(times(await html(`/events/${fair}`))).toEqual(["December 19, 2031 · 4:30pm"]);
    expect(times(await html(`/events/${picnic}`))).toEqual(["July 1, 2031 · 10am"]);
    // The home page's next event is the first upcoming one.
    expect(times(await html("/"))).toContain("July 1, 2031 · 10am");

    const session = await signInByForm(serving.base, PASSWORD);
    const manage = await html("/admin/events", session);
    expect(times(manage)).toEqual(["July 1, 2031 · 10am", "December 19, 2031 · 4:30pm"]);
    expect(dates(manage)).toEqual(["July 1, 2031", "December 19, 2031"]);
    const dashboard = await html("/admin/dashboard", session);
    expect(times(dashboard)).toEqual(expect.arrayContaining(["July 1, 2031 · 10am", "December 19, 2031 · 4:30pm"]));
  });
});

describe("the footer's contact address", () => {
  async function saveWhoWeAre(session: string, contactEmail: string) {
    const response = await fetch(`${serving.base}/admin/who-we-are`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: serving.base, Cookie: session, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ aboutUs: "About.", whoAreWe: "Us.", contactEmail }),
    });
    expect(response.status).toBe(302);
  }

  it("is the Who We Are page's contact e-mail when it is set, CONTACT_EMAIL otherwise", async () => {
    const session = await signInByForm(serving.base, PASSWORD);
    expect(footerEmail(await html("/who-we-are"))).toBe(CONFIGURED);
    expect(footerEmail(await html("/admin/dashboard", session))).toBe(CONFIGURED);

    await saveWhoWeAre(session, "hello@dads.example");
    expect(footerEmail(await html("/who-we-are"))).toBe("hello@dads.example");
    expect(footerEmail(await html("/events"))).toBe("hello@dads.example");
    expect(footerEmail(await html("/admin/dashboard", session))).toBe("hello@dads.example");

    await saveWhoWeAre(session, "");
    expect(footerEmail(await html("/who-we-are"))).toBe(CONFIGURED);
  });
});
