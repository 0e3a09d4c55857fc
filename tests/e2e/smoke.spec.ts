import { expect, test } from "./fixtures";

test("the home page renders from the server with its security headers", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers["content-security-policy"]).toContain("object-src 'none'");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" })).toBeVisible();
});

test("the embedded API answers with the seeded events", async ({ request }) => {
  const response = await request.get("/api/events");
  expect(response.status()).toBe(200);
  const events = (await response.json()) as Array<{ name: string; bookingUrl: string }>;
  expect(events.length).toBeGreaterThanOrEqual(4);
  expect(events[0].bookingUrl).toMatch(/^https?:\/\//);
});
