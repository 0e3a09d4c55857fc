import { beforeAll, describe, expect, it } from "vitest";
import { adminToken } from "../fixtures/api-client";
import { servingForTests } from "../fixtures/real-server";

/**
 * An album's public page as the real server renders it (docs/product.md, 'Photos'), read as
 * HTML without JavaScript: title, date, the event's link, the grid 60 a page, and the
 * lightbox's previous and next wrapping inside the album. Needs `npm run build`.
 */
const PASSWORD = "album-pages-password";
const serving = servingForTests("club-album-pages-", { ADMIN_PASSWORD: PASSWORD });
let albumId: number;
let eventId: number;
let imageIds: number[];

async function api<T>(token: string, method: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${serving.base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}`).toBe(true);
  return (await response.json()) as T;
}

beforeAll(async () => {
  const token = await adminToken(serving.base, PASSWORD);
  eventId = (
    await api<{ id: number }>(token, "POST", "/api/admin/events", {
      name: "Bike ride",
      date: "2026-04-10T10:00:00.000Z",
      comment: "A ride",
      bookingUrl: "https://example.org/book",
    })
  ).id;
  albumId = (
    await api<{ id: number }>(token, "POST", "/api/admin/albums", {
      title: "Bike ride photos",
      date: "2026-04-10",
      eventId,
    })
  ).id;
  imageIds = [];
  for (let n = 1; n <= 61; n++) {
    const body = { imageUrl: `https://example.org/ride-${n}.jpg`, caption: `Ride ${n}`, albumId };
    imageIds.push((await api<{ id: number }>(token, "POST", "/api/admin/gallery", body)).id);
  }
});

const page = async (path: string) => {
  const response = await fetch(`${serving.base}${path}`);
  return { status: response.status, html: await response.text() };
};
const tiles = (html: string) => [...html.matchAll(/data-image-id="(\d+)"/g)].map((match) => Number(match[1]));
const navHref = (html: string, rel: "prev" | "next") =>
  new RegExp(`<a[^>]*href="([^"]*)"[^>]*rel="${rel}"|<a[^>]*rel="${rel}"[^>]*href="([^"]*)"`).exec(
    html.slice(html.indexOf("lightbox__nav")),
  );
const hrefOf = (match: RegExpExecArray | null) => (match ? (match[1] ?? match[2]).replace(/&amp;/g, "&") : null);

describe("an album's page", () => {
  it("shows its title, date, event link and first 60 images", async () => {
    const { status, html } = await page(`/gallery/albums/${albumId}`);
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="page-title">Bike ride photos</h1>');
    expect(html).toContain("April 10, 2026");
    expect(html).toContain(`href="/events/${eventId}"`);
    expect(tiles(html)).toEqual(imageIds.slice(0, 60));
    expect(html).toContain("Page 1 of 2");
  });

  it("shows the 61st image on page 2", async () => {
    const { html } = await page(`/gallery/albums/${albumId}?page=2`);
    expect(tiles(html)).toEqual([imageIds[60]]);
  });

  it("wraps the lightbox inside the album, across its pages", async () => {
    const first = await page(`/gallery/albums/${albumId}?image=${imageIds[0]}`);
    expect(first.html).toContain("Image 1 of 61");
    expect(hrefOf(navHref(first.html, "prev"))).toBe(`/gallery/albums/${albumId}?page=2&image=${imageIds[60]}`);
    const last = await page(`/gallery/albums/${albumId}?page=2&image=${imageIds[60]}`);
    expect(last.html).toContain("Image 61 of 61");
    expect(hrefOf(navHref(last.html, "next"))).toBe(`/gallery/albums/${albumId}?image=${imageIds[0]}`);
  });

  it("is the 404 page for an unknown album, and linked from its event's page and /gallery", async () => {
    expect((await page("/gallery/albums/999999")).status).toBe(404);
    expect((await page(`/events/${eventId}`)).html).toContain(
      `href="/gallery/albums/${albumId}">Photos from this event`,
    );
    expect((await page("/gallery")).html).toContain(`href="/gallery/albums/${albumId}"`);
  });
});
