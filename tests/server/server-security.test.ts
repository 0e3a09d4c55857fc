import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdmin, startServing, stop, type Child } from "../fixtures/real-server";

/** The real server as an attacker and a careful operator meet it (issue: hardening). */
const PASSWORD = "security-test-password";
const EVIL = "http://evil.example";

let dataDir: string;
let base: string;
let server: Child & { base: string };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "club-security-"));
  server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD });
  // The address a visitor types: links must name it, whatever Host a request claims.
  base = server.base.replace("127.0.0.1", "localhost");
});

afterAll(async () => {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Signs in through the login form as a browser on our page would, and returns the cookie. */
async function signIn(password = PASSWORD): Promise<Response> {
  return fetch(`${base}/admin?index`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: "admin", password }),
  });
}

function cookieOf(response: Response): string {
  return response.headers.getSetCookie()[0]?.split(";")[0] ?? "";
}

/** A GET with a Host header of the sender's choosing (fetch will not send one). */
function getWithHost(path: string, host: string): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers: { Host: host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve(body));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("cross-site writes", () => {
  it("refuses a POST with another site's Referer and no Origin with 403 and a short page, not a 500", async () => {
    const cookie = cookieOf(await signIn());
    const before = (await (await fetch(`${base}/api/news`)).json()) as unknown[];
    for (const path of ["/admin/news", "/admin?index", "/admin/logout", "/admin/uploads/image"]) {
      const response = await fetch(`${base}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Referer: `${EVIL}/page`, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "create", title: "Planted", publishedAt: "2026-01-01", content: "x" }),
      });
      expect(response.status, path).toBe(403);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await response.text()).toContain("This form was sent from another website");
    }
    expect(await (await fetch(`${base}/api/news`)).json()).toHaveLength(before.length);
    // Still signed in: the refused logout did nothing.
    const dashboard = await fetch(`${base}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(dashboard.status).toBe(200);
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it("refuses Origin: null and another site's Origin", async () => {
    for (const origin of ["null", EVIL]) {
      const response = await fetch(`${base}/admin?index`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ username: "admin", password: PASSWORD }),
      });
      expect(response.status).toBe(403);
    }
  });
});

describe("the admin area's answers", () => {
  it("are never stored by a cache", async () => {
    const cookie = cookieOf(await signIn());
    for (const path of ["/admin", "/admin/dashboard", "/admin/news", "/admin/news?_data=routes%2Fadmin.news"]) {
      const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const signedOut = await fetch(`${base}/admin/dashboard`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("cache-control")).toBe("private, no-store");
  });

  it("the session cookie is a __Host- cookie: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax", async () => {
    const response = await signIn();
    expect(response.status).toBe(302);
    const setCookie = response.headers.getSetCookie()[0];
    expect(setCookie).toMatch(/^__Host-session=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it("shows who is signed in, and a new password set from the command line ends that session at once", async () => {
    const cookie = cookieOf(await signIn());
    const dashboard = await fetch(`${base}/admin/dashboard`, { headers: { Cookie: cookie } });
    expect(await dashboard.text()).toContain("Signed in as admin");

    expect((await runAdmin(["set-password", "admin", "a-new-password-1"], { DATA_DIR: dataDir })).code).toBe(0);

    const next = await fetch(`${base}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toBe("/admin");
    const login = await fetch(`${base}/admin`, { headers: { Cookie: cookieOf(next) || cookie } });
    expect(await login.text()).toContain("Log in");
    expect((await signIn("a-new-password-1")).status).toBe(302);
  });
});

describe("a forged Host header", () => {
  it("never appears in a page: links use the configured address", async () => {
    for (const path of ["/", "/news", "/events"]) {
      const page = await getWithHost(path, "evil.example");
      expect(page, path).not.toContain("evil.example");
      expect(page, path).toContain(`content="http://localhost:${new URL(base).port}`);
    }
  });
});
