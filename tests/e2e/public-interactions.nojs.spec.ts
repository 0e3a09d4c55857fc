import { expect, test } from "./fixtures";

// What a page without JavaScript offers instead.

test("the share control is a permalink to the item without JavaScript", async ({ page }) => {
  await page.goto("/news");
  const item = page.getByRole("article", { name: "Welcome to our new website" });
  const id = await item.getAttribute("id");
  await expect(item.getByRole("link", { name: "Share Welcome to our new website" })).toHaveAttribute(
    "href",
    `/news#${id}`,
  );
});
