import type { APIRequestContext, Page } from "@playwright/test";
import { pngImage } from "../fixtures/images";
import { expect, test, jsDisabled, signIn } from "./fixtures";

interface StoredNews {
  id: number | string;
  title: string;
  content: string;
  imageUrl: string | null;
}

async function storedNews(request: APIRequestContext, title: string): Promise<StoredNews | undefined> {
  const items = (await (await request.get("/api/news")).json()) as StoredNews[];
  return items.find((item) => item.title === title);
}

/** The notification reads the same with JavaScript (a toast) and without (the page's status region). */
async function expectNotice(page: Page, text: string) {
  // At most one toast shows at a time (docs/product.md, 'Business constants and limits'): a new one waits for the last to close.
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible({ timeout: 12_000 });
}

test("an administrator creates, edits and deletes a news item, and the public news page follows", async ({
  page,
  request,
}) => {
  const project = test.info().project.name;
  const title = `Sports day results (${project})`;
  const renamed = `Sports day results, updated (${project})`;
  await signIn(page);

  await page.goto("/admin/news");
  await expect(page.getByRole("heading", { level: 1, name: "Manage News" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
  await page.getByRole("link", { name: "Add News Item" }).click();

  const create = page.getByRole("dialog", { name: "Create News Item" });
  await expect(create).toBeVisible();
  // With JavaScript the textarea is replaced by the editor: type once its toolbar shows.
  if (!jsDisabled()) await expect(create.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  await expect(create.getByLabel("Publication Date")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await create.getByLabel("Title").fill(title);
  await create.getByLabel("Publication Date").fill("2030-03-14");

  if (jsDisabled()) {
    await create
      .getByLabel("Content")
      .fill(
        '<p>Well done to <strong>every runner</strong>. <a href="https://example.com/results">Full results</a></p>',
      );
  } else {
    const editor = create.getByRole("textbox", { name: "Content" });
    await editor.click();
    await page.keyboard.type("Well done to every runner");
    // Select "every runner" and make it bold, as an editor would.
    for (let i = 0; i < "every runner".length; i += 1) await page.keyboard.press("Shift+ArrowLeft");
    const bold = create.getByRole("button", { name: "Bold" });
    await bold.click();
    await expect(bold).toHaveAttribute("aria-pressed", "true");
    await expect(editor).toBeFocused();
    await page.keyboard.press("End");
    await bold.click();
    await expect(bold).toHaveAttribute("aria-pressed", "false");
    await expect(editor).toBeFocused();
    await page.keyboard.type(". ");
    await create.getByRole("button", { name: "Link" }).click();
    await create.getByLabel("Link URL").fill("https://example.com/results");
    await create.getByRole("button", { name: "Apply link" }).click();
    await expect(editor.locator("strong")).toHaveText("every runner");
    await expect(editor.locator('a[href="https://example.com/results"]')).toBeVisible();
  }

  const picture = { name: "podium.png", mimeType: "image/png", buffer: await pngImage(320, 180) };
  await create.getByLabel("Upload a photo").setInputFiles(picture);
  if (!jsDisabled()) {
    // With JavaScript the file is uploaded at once and its address fills the field.
    await expect(create.getByText("Uploaded!", { exact: true })).toBeVisible();
    await expectNotice(page, "Upload successful");
    await expect(create.locator('input[name="imageUrl"]')).toHaveValue(/^\/objects\/images\/\S+$/);
    // 'Uploaded!' goes after its 2 seconds; the button kept its label throughout.
    await expect(create.getByText("Uploaded!", { exact: true })).toHaveCount(0, { timeout: 4000 });
    await expect(create.getByRole("button", { name: "Upload a photo" })).toBeVisible();
  }
  await create.getByRole("button", { name: "Create News Item" }).click();

  await expect(page).toHaveURL(/\/admin\/news$/);
  await expectNotice(page, "News item created successfully");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const card = page.locator("article", { has: page.getByRole("heading", { name: title }) });
  await expect(card.locator("strong")).toHaveText("every runner");
  await expect(card.locator("img")).toHaveAttribute("src", /^\/objects\/images\//);

  const stored = await storedNews(request, title);
  expect(stored?.imageUrl).toMatch(/^\/objects\/images\/\S+$/);
  expect(stored?.content).toContain("<strong>every runner</strong>");
  expect(stored?.content).toContain('href="https://example.com/results"');

  await page.goto("/news");
  const publicCard = page.locator(`#news-${stored?.id}`);
  await expect(publicCard.getByRole("heading", { name: title })).toBeVisible();
  await expect(publicCard.locator("strong")).toHaveText("every runner");
  await expect(publicCard.locator('a[href="https://example.com/results"]')).toBeVisible();
  await expect(publicCard.locator("img")).toHaveAttribute("src", /^\/objects\/images\//);

  // Edit
  await page.goto("/admin/news");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit News Item" });
  await expect(edit.getByLabel("Title")).toHaveValue(title);
  await expect(edit.getByLabel("Publication Date")).toHaveValue("2030-03-14");
  await edit.getByLabel("Title").fill(renamed);
  await edit.getByRole("button", { name: "Update News Item" }).click();
  await expectNotice(page, "News item updated successfully");
  await expect(page.getByRole("heading", { name: renamed })).toBeVisible();

  await page.goto("/news");
  await expect(page.locator(`#news-${stored?.id}`).getByRole("heading", { name: renamed })).toBeVisible();

  // Delete
  await page.goto("/admin/news");
  await page.getByRole("link", { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(
    confirm.getByText(`This action cannot be undone. This will permanently delete the news item "${renamed}".`),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expectNotice(page, "News item deleted successfully");
  await expect(page.getByRole("heading", { name: renamed })).toHaveCount(0);

  await page.goto("/news");
  await expect(page.locator(`#news-${stored?.id}`)).toHaveCount(0);
  expect(await storedNews(request, renamed)).toBeUndefined();
});

test("the editor's code loads only on the admin news page, and a failed save keeps what was typed", async ({
  page,
}) => {
  const editorScripts: string[] = [];
  page.on("request", (req) => {
    if (/RichTextEditor\.client-[^/]+\.js$/.test(req.url())) editorScripts.push(req.url());
  });
  await page.goto("/news");
  await page.goto("/");
  expect(editorScripts).toEqual([]);

  await signIn(page);
  await page.goto("/admin/news?new");
  const create = page.getByRole("dialog", { name: "Create News Item" });
  if (jsDisabled()) {
    await expect(create.locator("textarea[name=content]")).toBeVisible();
  } else {
    await expect(create.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
    expect(editorScripts).toHaveLength(1);
    const editor = create.getByRole("textbox", { name: "Content" });
    await editor.click();
    await create.getByRole("button", { name: "Heading 1" }).click();
    await expect(create.getByRole("button", { name: "Heading 1" })).toHaveAttribute("aria-pressed", "true");
    // Keys go where the caret is: wait until it is back in the text, as a person would.
    await expect(editor).toBeFocused();
    await page.keyboard.type("Big news");
    await expect(editor.locator("h1")).toHaveText("Big news");
    await page.keyboard.press("Enter");
    const font = create.getByRole("combobox", { name: "Font" });
    await font.selectOption("serif");
    await expect(font).toHaveValue("serif");
    await expect(editor).toBeFocused();
    await page.keyboard.type("In serif");
    await expect(editor.locator('span[style*="font-family: serif"]')).toHaveText("In serif");
    await create.getByRole("button", { name: "Bullet list" }).click();
    await expect(editor.locator("ul li")).toHaveText("In serif");
    await expect(editor).toBeFocused();
    await page.keyboard.press("Home");
    await page.keyboard.press("Shift+End");
    await create.getByRole("button", { name: "Clean formatting" }).click();
    await expect(editor.locator("ul, span[style]")).toHaveCount(0);
    await expect(editor).toBeFocused();
    // A link to another protocol is turned into about:blank (docs/product.md, 'Validation rules').
    await page.keyboard.press("End");
    await create.getByRole("button", { name: "Link" }).click();
    await create.getByLabel("Link URL").fill("javascript:alert(1)");
    await create.getByLabel("Link URL").press("Enter");
    await expect(editor.locator('a[href="about:blank"]')).toHaveCount(1);
  }
  await create.getByLabel("Title").fill("Bad picture address");
  await create.getByLabel("or paste an image address").fill("javascript:alert(1)");
  await create.getByRole("button", { name: "Create News Item" }).click();
  await expectNotice(
    page,
    "Failed to create news item: Image must be an uploaded image or a web address starting with http:// or https://",
  );
  await expect(create.getByLabel("Title")).toHaveValue("Bad picture address");
  await expect(
    create.getByText("Image must be an uploaded image or a web address starting with http:// or https://", {
      exact: true,
    }),
  ).toBeVisible();
});
