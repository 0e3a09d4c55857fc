import { severeViolations } from "./axe";
import { expect, test } from "./fixtures";

// Search: in both projects, since the form is a plain GET form and the
// results are the server's HTML; with JavaScript the links are followed by the router.

test("a visitor searches from the header and finds the bike ride's helmets", async ({ page }) => {
  await page.goto("/news");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();

  await page.getByLabel("Search the news, events and photos").fill("helmets");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=helmets$/);
  const results = page.getByRole("list").filter({ has: page.locator(".search-result") });
  await expect(results.getByRole("link", { name: "Family Bike Ride and Picnic" })).toBeVisible();
  await expect(results.getByRole("link", { name: "Bookings open for the family bike ride" })).toBeVisible();
  await expect(results.locator("mark").first()).toHaveText(/^helmets?$/i);
  expect(await severeViolations(page)).toEqual([]);

  await results.getByRole("link", { name: "Family Bike Ride and Picnic" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Family Bike Ride and Picnic" })).toBeVisible();
});

test("a misspelt search says nothing was found and offers the close spelling", async ({ page }) => {
  await page.goto("/search?q=stargazng");
  await expect(page.getByText("No results for ‘stargazng’.")).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Stargazing" }).click();
  await expect(page.getByRole("link", { name: "Stargazing Night", exact: true })).toBeVisible();
  await expect(page.getByLabel("Search the news, events and photos")).toHaveValue("Stargazing");
});

test("the pages name the site's search for browsers, and /events, /gallery and /news link to it", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('link[rel="search"]')).toHaveAttribute("href", "/opensearch.xml");
  const description = await page.request.get("/opensearch.xml");
  expect(await description.text()).toContain("/search?q={searchTerms}");
  for (const path of ["/events", "/gallery", "/news"]) {
    await page.goto(path);
    await expect(page.getByRole("main").getByRole("link", { name: "Search the site" })).toHaveAttribute(
      "href",
      "/search",
    );
  }
});
