import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { signInByForm } from "../fixtures/api-client";
import { servingForTests } from "../fixtures/real-server";

/**
 * Every rule keyed on the admin area holds for every spelling that reaches the same
 * route (Remix matches without regard to case), and the shared page cache never keeps
 * or serves anything to a request the app reads a session from.
 */
const PASSWORD = "admin-paths-password";
const serving = servingForTests("club-admin-paths-", { ADMIN_PASSWORD: PASSWORD });
let base: string;
let cookie: string;

beforeAll(async () => {
  base = serving.base;
  const withNotice = await signInByForm(base, PASSWORD);
  // The first page shows the 'Login Successful' notice and hands back the session without it.
  const first = await fetch(`${base}/admin/dashboard`, { headers: { Cookie: withNotice } });
  cookie = first.headers.getSetCookie()[0].split(";")[0];
  await first.text();
});

const ROUTES = ["dashboard", "news", "events", "gallery", "who-we-are", "what-we-do"];
const spellings = (route: string) => [`/admin/${route}`, `/ADMIN/${route.toUpperCase()}`, `/aDmin/${route}`];

describe("admin pages in any letter case", () => {
  it.each(ROUTES)("/admin/%s, in three cases and as loader data, is never kept by a cache", async (route) => {
    for (const path of spellings(route)) {
      for (const address of [path, `${path}?_data=${encodeURIComponent(`routes/admin.${route}`)}`]) {
        const response = await fetch(`${base}${address}`, { headers: { Cookie: cookie }, redirect: "manual" });
        expect(response.status, address).toBe(200);
        expect(response.headers.get("cache-control"), address).toBe("private, no-store");
        await response.arrayBuffer();
      }
    }
  });

  it("takes a form with a file at any spelling of a screen that takes files, and a small form elsewhere", async () => {
    const form = new FormData();
    form.append("intent", "create");
    form.append("imageFile", new Blob([new Uint8Array(2 * 1024 * 1024)], { type: "image/png" }), "big.png");
    const encoded = new Request(base, { method: "POST", body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    const headers = { Cookie: cookie, Origin: base, "Content-Type": encoded.headers.get("content-type") ?? "" };
    // On a connection of its own each: a refused body ends its connection.
    const post = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${base}${path}`, { method: "POST", headers, agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end(body);
      });
    for (const path of ["/admin/news", "/ADMIN/NEWS", "/Admin/Gallery"]) expect(await post(path), path).not.toBe(413);
    for (const path of ["/admin/dashboard", "/ADMIN/who-we-are"]) expect(await post(path), path).toBe(413);
  });
});

describe("the shared page cache and the session cookie", () => {
  it.each([
    ["a space before =", (n: string, v: string) => `${n} =${v}`],
    ["a tab before =", (n: string, v: string) => `${n}\t=${v}`],
    ["spaces around the name", (n: string, v: string) => ` ${n} = ${v}`],
    ["the name twice, the session first", (n: string, v: string) => `${n}=${v}; ${n}=x`],
  ])("with %s, an admin page in capitals is never given to the next anonymous visitor", async (label, spell) => {
    const [n, v] = cookie.split(/=(.*)/s);
    const path = `/ADMIN/news?probe=${encodeURIComponent(label)}`;
    const asAdmin = await fetch(`${base}${path}`, { headers: { Cookie: spell(n, v) }, redirect: "manual" });
    expect(asAdmin.status).toBe(200);
    expect(await asAdmin.text()).toContain("Manage News");
    const anonymous = await fetch(`${base}${path}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin");
  });

  it("a public page rendered for a request with the session is not kept for others", async () => {
    const [n, v] = cookie.split(/=(.*)/s);
    const path = "/news?probe=session";
    await (await fetch(`${base}${path}`, { headers: { Cookie: `${n} =${v}` } })).text();
    const next = await fetch(`${base}${path}`);
    expect(next.headers.get("age")).toBeNull();
    await next.text();
    // Once an anonymous visitor's copy is kept, the next one is served from it.
    const again = await fetch(`${base}${path}`);
    expect(again.headers.get("age")).not.toBeNull();
  });
});
