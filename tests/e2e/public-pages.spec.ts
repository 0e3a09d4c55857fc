import type { Page } from "@playwright/test";
import { expect, test, jsDisabled } from "./fixtures";

// Every public screen from the server's HTML: run with JavaScript on and off (both projects).

/** Opens a list page and checks what every page of the site has: its title and its one h1. */
async function openListPage(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveTitle(`${heading} | Oakfield Primary Dads' Club`);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

test("home: hero, next event and latest news", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Oakfield Primary Dads' Club");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Oakfield Primary Dads' Club" })).toBeVisible();
  await expect(page.getByRole("link", { name: "View Events" })).toHaveAttribute("href", "/events");
  await expect(page.getByRole("link", { name: "Learn More about who we are" })).toHaveAttribute("href", "/who-we-are");

  const next = page.getByRole("region", { name: "Next Event" });
  await expect(next.getByRole("heading", { level: 3, name: "Family Bike Ride and Picnic" })).toBeVisible();
  await expect(next.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(next.getByText("Organised by Priya Shah")).toBeVisible();
  await expect(next.getByRole("link", { name: "Book Now" })).toBeVisible();

  const news = page.getByRole("region", { name: "Latest News" });
  await expect(news.getByRole("article")).toHaveCount(1);
  // It reads "Read More"; out of context (a screen reader's list of links) it names the item.
  const title = (await news.getByRole("heading", { level: 3 }).textContent())?.trim();
  const readMore = news.getByRole("link", { name: `Read More about ${title}`, exact: true });
  await expect(readMore).toHaveAttribute("href", "/news");
  await expect(readMore.locator(":scope > :not(.visually-hidden)")).toHaveCount(0);
  expect(await readMore.evaluate((link) => link.firstChild?.textContent)).toBe("Read More");
  await expect(news.locator(".clamp-6")).toHaveCSS("-webkit-line-clamp", "6");
});

test("news: every item with its anchor, date, content and share control", async ({ page }) => {
  await openListPage(page, "/news", "Latest News");
  const welcome = page.getByRole("article", { name: "Welcome to our new website" });
  await expect(welcome).toHaveAttribute("id", /^news-\d+$/);
  await expect(welcome.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(welcome.getByRole("listitem").filter({ hasText: "our latest news" })).toBeVisible();
  await expect(welcome.getByRole("link", { name: "Who We Are" })).toHaveAttribute("href", "/who-we-are");
  const den = page.getByRole("article", { name: "Den-building day: a muddy success" });
  await expect(den.locator("img")).toHaveCount(1);
  await expect(den.locator("strong", { hasText: "forty" })).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Latest News");
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute("content", "Oakfield Primary Dads' Club");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);
});

test("events: upcoming first, past events marked, dimmed and not bookable", async ({ page }) => {
  await openListPage(page, "/events", "Events");

  const upcoming = page.getByRole("article", { name: "Stargazing Night" });
  await expect(upcoming).toHaveAttribute("id", /^event-\d+$/);
  await expect(upcoming.getByText("Location: School playing field")).toBeVisible();
  await expect(upcoming.getByText("Organised by Oakfield Primary Dads’ Club")).toBeVisible();
  await expect(upcoming.getByText("Past Event")).toHaveCount(0);
  await expect(upcoming.getByRole("link", { name: "Book Now" })).toBeVisible();
  // The share control is a button with JavaScript and the plain permalink without it.
  await expect(upcoming.getByRole(jsDisabled() ? "link" : "button", { name: "Share Stargazing Night" })).toBeVisible();

  const past = page.getByRole("article", { name: "Autumn Den-Building Day" });
  await expect(past.getByText("Past Event")).toBeVisible();
  await expect(past.getByRole("button", { name: "Event Completed" })).toBeDisabled();
  await expect(past.getByRole("link", { name: "Book Now" })).toHaveCount(0);
  await expect(past.getByText(/Share/)).toHaveCount(0);
  await expect(past.locator("img")).toHaveCSS("filter", "grayscale(1)");
  await expect(past).toHaveClass(/event-card--past/);

  const names = await page.locator(".events-grid article h2").allTextContents();
  expect(names.indexOf("Stargazing Night")).toBeLessThan(names.indexOf("Dads' and Kids' Five-a-Side"));
  expect(names.indexOf("Dads' and Kids' Five-a-Side")).toBeLessThan(names.indexOf("Autumn Den-Building Day"));
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /^http:\/\/localhost:\d+\/objects\/images\//,
  );
});

test("gallery: a grid of captioned images", async ({ page }) => {
  await openListPage(page, "/gallery", "Image Gallery");
  const item = page.getByRole("link", { name: "Five-a-side on a crisp autumn morning" });
  await expect(item).toHaveAttribute("href", /^\/gallery\?image=\d+$/);
  const caption = item.locator(".gallery-item__caption");
  await expect(caption).toHaveCSS("opacity", "0");
  await item.hover();
  await expect(caption).toHaveCSS("opacity", "1");
});

test("who we are: about us in paragraphs, the committee and a contact mail link", async ({ page }) => {
  await page.goto("/who-we-are");
  await expect(page).toHaveTitle("Who We Are | Oakfield Primary Dads' Club");
  const about = page.getByRole("region", { name: "About Us" });
  await expect(about.locator("p")).toHaveCount(3);
  await expect(page.getByRole("region", { name: "Who Are We?" })).toContainText("Tom Richards (chair)");
  await expect(
    page.getByRole("region", { name: "Contact Us" }).getByRole("link", { name: "dadsclub@example.org" }),
  ).toHaveAttribute("href", "mailto:dadsclub@example.org");
});

test("what we do: mission, activities and impact", async ({ page }) => {
  await page.goto("/what-we-do");
  await expect(page).toHaveTitle("What We Do | Oakfield Primary Dads' Club");
  await expect(page.getByRole("region", { name: "Our Mission" })).toContainText("Our mission is to help dads");
  await expect(page.getByRole("region", { name: "Activities" }).locator("p")).toHaveCount(3);
  await expect(page.getByRole("region", { name: "Our Impact" })).toContainText("150 families");
});

test("an unknown path answers 404 with the not-found screen", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("the navigation bar marks the current page", async ({ page }) => {
  await page.goto("/gallery");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Gallery" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "News" })).not.toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Who We Are" }).click();
  await expect(page).toHaveURL(/\/who-we-are$/);
  await expect(nav.getByRole("link", { name: "Who We Are" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Oakfield Primary Dads' Club home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
