import { describe, expect, it } from "vitest";
import { servingForTests } from "../fixtures/real-server";

/**
 * docs/product.md, 'Photos': the public pages, as the server sends them (so without any
 * JavaScript), carry each image's description as its alt text; news and event images
 * without one stay decorative, gallery images fall back to their caption. Needs `npm run build`.
 */
const PASSWORD = "photo-descriptions-password";
const serving = servingForTests("club-alt-", { ADMIN_PASSWORD: PASSWORD, SEED_DEMO: "0" });

async function signIn(): Promise<string> {
  const login = await fetch(`${serving.base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  return ((await login.json()) as { token: string }).token;
}

async function create(token: string, kind: string, body: object): Promise<string> {
  const response = await fetch(`${serving.base}/api/admin/${kind}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return String(((await response.json()) as { id: number }).id);
}

const html = async (path: string) => (await fetch(`${serving.base}${path}`)).text();
/** Every img's alt in the page, in order. */
const alts = (page: string) => [...page.matchAll(/<img [^>]*\balt="([^"]*)"/g)].map((match) => match[1]);

describe("image descriptions in the public HTML", () => {
  it("news, events, their own pages and the gallery use the description as alt", async () => {
    const token = await signIn();
    const news = await create(token, "news", {
      title: "Den day",
      publishedAt: "2026-02-01T09:00:00.000Z",
      content: "<p>Hello</p>",
      imageUrl: "https://images.example.org/den.jpg",
      imageAlt: "Dads and children building a den",
    });
    await create(token, "news", {
      title: "No description",
      publishedAt: "2026-01-01T09:00:00.000Z",
      imageUrl: "https://images.example.org/plain.jpg",
    });
    const event = await create(token, "events", {
      name: "Bike ride",
      date: "2031-04-10T10:00:00.000Z",
      comment: "A gentle ride.",
      bookingUrl: "https://example.org/book",
      imageUrl: "https://images.example.org/bike.jpg",
      imageAlt: "A line of bikes by the canal",
    });
    const described = await create(token, "gallery", {
      imageUrl: "https://images.example.org/slide.jpg",
      caption: "Sports day",
      altText: "A child on a slide, seen from behind",
    });
    await create(token, "gallery", { imageUrl: "https://images.example.org/tug.jpg", caption: "Tug of war" });

    const newsPage = alts(await html("/news"));
    expect(newsPage).toContain("Dads and children building a den");
    expect(newsPage).toContain("");
    expect(alts(await html(`/news/${news}`))).toContain("Dads and children building a den");
    expect(alts(await html("/events"))).toContain("A line of bikes by the canal");
    expect(alts(await html(`/events/${event}`))).toContain("A line of bikes by the canal");

    const gallery = alts(await html("/gallery"));
    expect(gallery).toContain("A child on a slide, seen from behind");
    expect(gallery).toContain("Tug of war");
    expect(
      alts(await html(`/gallery?image=${described}`)).filter((alt) => alt.startsWith("A child on a slide")),
    ).toHaveLength(2);
  });
});
