import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeForm, httpsSend, startCaddy, SITE_HOST, type Caddy, type HttpsOptions } from "../fixtures/caddy";
import { jpegImage } from "../fixtures/images";
import { freePort, startServing, stop, type Child } from "../fixtures/real-server";

/**
 * The site as the go-live guide puts it up (docs/going-live.md, 'A domain and HTTPS with
 * Caddy'): behind Debian's Caddy running the example deploy/Caddyfile, over HTTPS with
 * Caddy's own certificate authority, the site on loopback with TRUST_PROXY=1 and an https
 * SITE_URL.
 * One Caddy and one server for the whole file.
 */
const PASSWORD = "behind-caddy-password-1";

let dataDir: string;
let server: Child & { base: string };
let caddy: Caddy;
let origin: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "club-behind-caddy-"));
  const caddyPort = await freePort();
  server = await startServing({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    SEED_DEMO: "0",
    TRUST_PROXY: "1",
    SITE_URL: `https://${SITE_HOST}:${caddyPort}`,
  });
  caddy = await startCaddy(new URL(server.base).host, caddyPort);
  origin = caddy.origin;
});

afterAll(async () => {
  await Promise.all([caddy?.stop(), server && stop(server)]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The login form posted without JavaScript, from the site's own page. */
function signIn(password = PASSWORD, options: HttpsOptions = {}) {
  return httpsSend(caddy, "/admin?index", {
    method: "POST",
    ...options,
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", ...options.headers },
    body: new URLSearchParams({ username: "admin", password }).toString(),
  });
}

function cookieOf(setCookies: string[]): string {
  return setCookies[0]?.split(";")[0] ?? "";
}

describe("behind Caddy, over HTTPS", () => {
  it("signs in with the login form, with a Secure, HttpOnly, SameSite=Lax session cookie", async () => {
    const answer = await signIn();
    expect(answer.status).toBe(302);
    expect(answer.header("location")).toBe("/admin/dashboard");
    const setCookie = answer.setCookies[0];
    expect(setCookie).toMatch(/^__Host-session=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    // The site's own HSTS reaches the browser through Caddy.
    expect(answer.header("strict-transport-security")).toMatch(/max-age=\d+/);

    const dashboard = await httpsSend(caddy, "/admin/dashboard", { headers: { Cookie: cookieOf(answer.setCookies) } });
    expect(dashboard.status).toBe(200);
    expect(dashboard.text()).toContain("Admin Dashboard");
  });

  it("stores a photo uploaded through the admin's upload path, and serves it back", async () => {
    const cookie = cookieOf((await signIn()).setCookies);
    const form = new FormData();
    form.append("file", new File([new Uint8Array(await jpegImage(320, 200))], "fair.jpg", { type: "image/jpeg" }));
    const { body, contentType } = await encodeForm(form);
    const answer = await httpsSend(caddy, "/admin/uploads/image", {
      method: "POST",
      headers: { Cookie: cookie, Origin: origin, "Content-Type": contentType },
      body,
    });
    expect(answer.status).toBe(200);
    const { imageUrl } = JSON.parse(answer.text()) as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/objects\/images\/\S+$/);

    const image = await httpsSend(caddy, imageUrl);
    expect(image.status).toBe(200);
    expect(await sharp(image.body).metadata()).toMatchObject({ width: 320, height: 200 });
  });

  it("tells the site the visitor used https at the Caddy address: the upload links it hands out name it", async () => {
    const login = await httpsSend(caddy, "/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = JSON.parse(login.text()) as { token: string };
    // The /api builds this link from the request as the proxy passed it on (X-Forwarded-Proto, -Host).
    const upload = await httpsSend(caddy, "/api/objects/upload", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(upload.status).toBe(200);
    expect((JSON.parse(upload.text()) as { uploadURL: string }).uploadURL).toMatch(
      new RegExp(`^${origin.replace(/[.]/g, "\\.")}/objects/uploads/`),
    );
  });

  // Seven sign-ins, each hashing a password: the longer timeout is for a busy machine; nothing waits on time.
  it("counts failed sign-ins against the visitor's own address, whatever X-Forwarded-For the visitor sends", async () => {
    // One visitor at 127.0.0.2 (Caddy reaches the site from 127.0.0.1), forging another address each time.
    const visitor = (forged: number): HttpsOptions => ({
      localAddress: "127.0.0.2",
      headers: { "X-Forwarded-For": `198.51.100.${forged}` },
    });
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn("a-wrong-password", visitor(attempt))).status).toBe(401);
    }
    const locked = await signIn(PASSWORD, visitor(6));
    expect(locked.status).toBe(429);
    expect(locked.text()).toContain("Too many failed login attempts");
    // Another visitor (here at 127.0.0.1, the proxy's own address) still signs in.
    expect((await signIn()).status).toBe(302);
  });
});
