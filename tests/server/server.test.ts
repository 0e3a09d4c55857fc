import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { pngImage } from "../fixtures/images";
import { servingForTests, startRefused } from "../fixtures/real-server";

/**
 * The real server (server.ts over the built app, needs `npm run build`) on a free
 * port with a temporary DATA_DIR, driven over HTTP as any client of the /api would.
 */
const PASSWORD = "server-test-password";

describe("the real server", () => {
  const serving = servingForTests("club-server-", { ADMIN_PASSWORD: PASSWORD });
  let base: string;
  let token: string;
  beforeAll(() => {
    base = serving.base;
  });

  const admin = (path: string, method: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("serves the home page with the security headers and the seeded events", async () => {
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const events = (await (await fetch(`${base}/api/events`)).json()) as unknown[];
    expect(events.length).toBeGreaterThanOrEqual(4);
  });

  it("never serves the data directory, the source or the repository root", async () => {
    for (const path of [
      "/data.sqlite",
      "/server.ts",
      "/package.json",
      "/app/root.tsx",
      "/build/index.js",
      "/.git/config",
    ]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
    }
  });

  it("signs in over HTTP with the configured password", async () => {
    const response = await fetch(`${base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    token = ((await response.json()) as { token: string }).token;
    expect(token).toMatch(/^[\w-]{40,}$/);
  });

  it("creates, reads, updates and deletes an event", async () => {
    const event = {
      name: "Server Test Walk",
      date: "2030-05-01T09:00:00.000Z",
      comment: "A walk.",
      bookingUrl: "https://example.org/walk",
    };
    const created = (await (await admin("/api/admin/events", "POST", event)).json()) as { id: number };
    const update = await admin(`/api/admin/events/${created.id}`, "PUT", { ...event, name: "Server Test Hike" });
    expect(update.status).toBe(200);
    const events = (await (await fetch(`${base}/api/events`)).json()) as Array<{ id: number; name: string }>;
    expect(events.find((item) => item.id === created.id)?.name).toBe("Server Test Hike");
    expect((await admin(`/api/admin/events/${created.id}`, "DELETE")).status).toBe(200);
    const after = (await (await fetch(`${base}/api/events`)).json()) as Array<{ id: number }>;
    expect(after.some((item) => item.id === created.id)).toBe(false);
  });

  it("creates, reads, updates and deletes a news item", async () => {
    const item = {
      title: "Server Test News",
      content: "<p>Hello <strong>dads</strong></p>",
      publishedAt: "2030-01-01T00:00:00.000Z",
      imageUrl: null,
    };
    const created = (await (await admin("/api/admin/news", "POST", item)).json()) as { id: number };
    expect((await admin(`/api/admin/news/${created.id}`, "PUT", { ...item, title: "Server Test News 2" })).status).toBe(
      200,
    );
    const news = (await (await fetch(`${base}/api/news`)).json()) as Array<{
      id: number;
      title: string;
      content: string;
    }>;
    expect(news[0]).toMatchObject({
      id: created.id,
      title: "Server Test News 2",
      content: "<p>Hello <strong>dads</strong></p>",
    });
    expect((await admin(`/api/admin/news/${created.id}`, "DELETE")).status).toBe(200);
  });

  it("uploads an image, adds it to the gallery, updates and deletes it", async () => {
    const form = new FormData();
    form.set("image", new File([new Uint8Array(await pngImage())], "photo.png", { type: "image/png" }));
    const upload = await fetch(`${base}/api/admin/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    const { imageUrl } = (await upload.json()) as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/objects\/images\//);
    const served = await fetch(`${base}${imageUrl}`);
    expect(served.headers.get("content-type")).toBe("image/png");

    const created = (await (await admin("/api/admin/gallery", "POST", { imageUrl, caption: "Sports day" })).json()) as {
      id: number;
    };
    expect((await admin(`/api/admin/gallery/${created.id}`, "PUT", { imageUrl, caption: "Sports day 2" })).status).toBe(
      200,
    );
    const gallery = (await (await fetch(`${base}/api/gallery`)).json()) as Array<{ id: number; caption: string }>;
    expect(gallery.find((image) => image.id === created.id)?.caption).toBe("Sports day 2");
    expect((await admin(`/api/admin/gallery/${created.id}`, "DELETE")).status).toBe(200);
  });

  it("updates and reads both text pages", async () => {
    const who = {
      aboutUs: "We are dads.\n\nWe help.",
      whoAreWe: "A committee of four.",
      contactEmail: "hello@example.org",
    };
    expect((await admin("/api/admin/who-we-are", "PUT", who)).status).toBe(200);
    expect(await (await fetch(`${base}/api/who-we-are`)).json()).toEqual(who);
    const what = { mission: "Fun.", activities: "Football.", impact: "Smiles." };
    expect((await admin("/api/admin/what-we-do", "PUT", what)).status).toBe(200);
    expect(await (await fetch(`${base}/api/what-we-do`)).json()).toEqual(what);
  });

  it("revokes the token on logout", async () => {
    expect((await admin("/api/admin/logout", "POST")).status).toBe(200);
    expect((await admin("/api/admin/what-we-do", "PUT", { mission: "x" })).status).toBe(401);
  });
});

describe("configuration", () => {
  it("refuses to start with a bad value, naming the variable", async () => {
    const { outcome, output } = await startRefused({
      PORT: "not-a-port",
      DATA_DIR: mkdtempSync(join(tmpdir(), "club-bad-")),
    });
    expect(outcome).toBe(1);
    expect(output).toContain("PORT");
  });
});
