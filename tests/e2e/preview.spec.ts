import { severeViolations } from "./axe";
import { apiToken, deletingWhatEachTestMakes, expect, signIn, test } from "./fixtures";

/**
 * Preview (docs/product.md, 'Preview'), with JavaScript and without: a draft's
 * 'Copy preview link' shows a link that works signed out, with the banner, noindex and
 * no-store; 'Stop preview links' makes it the site's 404, which no cache kept from before.
 */

deletingWhatEachTestMakes();

test("a draft's preview link works signed out until the links are stopped", async ({ page, request, browser }) => {
  const label = `${test.info().project.name} ${Date.now()}`;
  const token = await apiToken(request);
  const created = await request.post("/api/admin/news", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: `Summer fete plans ${label}`,
      content: "<p>Stalls, games and a tug of war.</p>",
      publishedAt: "2030-06-01T09:00:00.000Z",
      status: "draft",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await signIn(page);
  await page.goto(`/admin/news/${id}/history`);
  await page.getByRole("button", { name: "Copy preview link" }).click();
  const shown = page.getByRole("textbox", { name: "Link to send" });
  await expect(shown).toHaveValue(/\/preview\/[^/]+$/);
  expect(await severeViolations(page)).toEqual([]);
  const path = new URL(await shown.inputValue()).pathname;

  // Someone not signed in opens it.
  const visitor = await browser.newContext({ javaScriptEnabled: test.info().project.name !== "no-js" });
  try {
    const reader = await visitor.newPage();
    const answer = await reader.goto(path);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    expect(answer?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(reader.getByText("Preview — not published")).toBeVisible();
    await expect(reader.getByRole("heading", { level: 1, name: `Summer fete plans ${label}` })).toBeVisible();
    await expect(reader.getByText("Stalls, games and a tug of war.")).toBeVisible();
    await expect(reader.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    expect(await severeViolations(reader)).toEqual([]);
    // The draft itself stays off the public site.
    expect((await reader.goto(`/news/${id}`))?.status()).toBe(404);

    await page.getByRole("button", { name: "Stop preview links" }).click();
    await expect(page.getByText("Preview links stopped", { exact: true }).first()).toBeVisible();
    const dead = await reader.goto(path);
    expect(dead?.status()).toBe(404);
    await expect(reader.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test("'Preview' opens the item as its page will look", async ({ page, request }) => {
  const label = `${test.info().project.name} open ${Date.now()}`;
  const token = await apiToken(request);
  const created = await request.post("/api/admin/events", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: `Bat walk ${label}`,
      date: "2030-08-01T19:30:00.000Z",
      comment: "Torches provided.",
      bookingUrl: "https://example.org/book",
      status: "draft",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await signIn(page);
  await page.goto(`/admin/events/${id}/history`);
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page).toHaveURL(/\/preview\/[^/]+$/);
  await expect(page.getByText("Preview — not published")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `Bat walk ${label}` })).toBeVisible();
});
