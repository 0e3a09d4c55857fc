import { describe, expect, it } from "vitest";
import { adminToken } from "../fixtures/api-client";
import { pngImage } from "../fixtures/images";
import { servingForTests } from "../fixtures/real-server";

/**
 * docs/product.md, 'Takedown' on the real server, with its public page cache: a deleted
 * photo is gone from the pages that showed it at their very next load (even one that was
 * being served from the cache), and its file and every width answer 404 at once.
 * Needs `npm run build`.
 */
const PASSWORD = "takedown-pages-password";
const serving = servingForTests("club-takedown-", { ADMIN_PASSWORD: PASSWORD, SEED_DEMO: "0" });

async function send(token: string, path: string, method: string, body: object | FormData) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (!(body instanceof FormData)) headers["Content-Type"] = "application/json";
  const response = await fetch(`${serving.base}${path}`, {
    method,
    headers,
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  expect(response.status, path).toBeLessThan(300);
  return (await response.json()) as { id: number; imageUrl: string };
}

async function page(path: string): Promise<{ html: string; cached: boolean }> {
  const response = await fetch(`${serving.base}${path}`);
  expect(response.status, path).toBe(200);
  return { html: await response.text(), cached: response.headers.has("age") };
}

describe("a deleted photo on the cached public pages", () => {
  it("is gone from /gallery, the home page and the news item at the next load, and its files answer 404", async () => {
    const token = await adminToken(serving.base, PASSWORD);
    const form = new FormData();
    form.append("image", new File([new Uint8Array(await pngImage(800, 600))], "p.png", { type: "image/png" }));
    const { imageUrl } = await send(token, "/api/admin/upload", "POST", form);
    const imageId = imageUrl.split("/").pop() ?? "";
    const photo = await send(token, "/api/admin/gallery", "POST", { imageUrl, caption: "Sports day" });
    const news = await send(token, "/api/admin/news", "POST", {
      title: "Sports day report",
      content: "<p>Fun</p>",
      publishedAt: "2026-02-01T09:00:00.000Z",
      imageUrl,
    });
    const pages = ["/gallery", "/", `/news/${news.id}`];
    for (const path of pages) {
      expect((await page(path)).html, path).toContain(imageId);
      const again = await page(path);
      expect(again.html, path).toContain(imageId);
      expect(again.cached, `${path} comes from the page cache`).toBe(true);
    }
    expect((await fetch(`${serving.base}${imageUrl}?w=480`)).status).toBe(200);

    await send(token, `/api/admin/gallery/${photo.id}`, "DELETE", {});

    for (const path of pages) {
      const { html } = await page(path);
      expect(html, path).not.toContain(imageId);
    }
    expect((await page(`/news/${news.id}`)).html).toContain("Sports day report");
    for (const path of [imageUrl, `${imageUrl}?w=480`, `${imageUrl}?w=1600`]) {
      expect((await fetch(`${serving.base}${path}`)).status, path).toBe(404);
    }
  });
});
