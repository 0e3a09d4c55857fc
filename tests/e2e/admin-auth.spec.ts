import { expect, test, E2E_ADMIN, signIn } from "./fixtures";

test("a wrong password shows the server's message and 'Login Failed'", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByLabel("Username")).toHaveAttribute("placeholder", "admin");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill("certainly-not-the-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.locator("#login-error")).toHaveText("Invalid username or password");
  await expect(page.getByText("Login Failed")).toBeVisible();
  await expect(page).toHaveURL(/\/admin(\?index)?$/);
  await expect(page.getByLabel("Username")).toHaveValue(E2E_ADMIN.username);
  // The password is the field to type again: emptied, and where the cursor is.
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page.getByLabel("Password")).toBeFocused();
});

test("an administrator signs in, sees the dashboard's counts and lists, and signs out", async ({ page, request }) => {
  await signIn(page);
  await expect(page.getByText("Login Successful")).toBeVisible();
  await expect(page.getByText("Welcome to the admin dashboard")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

  const [news, events, gallery] = await Promise.all(
    ["/api/news", "/api/events", "/api/gallery"].map(
      async (path) => (await (await request.get(path)).json()) as unknown[],
    ),
  );
  const card = (name: string) => page.getByRole("link", { name: new RegExp(`^${name}`) });
  await expect(card("Manage News")).toContainText(`${news.length} news article`);
  await expect(card("Manage News")).toHaveAttribute("href", "/admin/news");
  await expect(card("Manage Events")).toContainText(`${events.length} event`);
  await expect(card("Manage Gallery")).toContainText(`${gallery.length} image`);
  await expect(card("Edit What We Do")).toContainText("Mission, activities and impact");
  await expect(card("Edit Who We Are")).toContainText("About us and contact details");

  const latest = page.getByRole("region", { name: "Latest News" });
  const firstNews = news[0] as { title: string };
  await expect(latest.getByRole("listitem").first()).toContainText(firstNews.title);
  expect(await latest.getByRole("listitem").count()).toBeLessThanOrEqual(5);
  await expect(page.getByRole("region", { name: "Upcoming Events" }).getByRole("listitem").first()).toBeVisible();

  // Signed in, the login screen is skipped.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();

  for (const guarded of ["/admin/dashboard", "/admin/gallery", "/admin/who-we-are", "/admin/what-we-do"]) {
    await page.goto(guarded);
    await expect(page).toHaveURL(/\/admin$/);
  }
});
