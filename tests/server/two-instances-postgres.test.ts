import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServing, stop, type Child } from "../fixtures/real-server";
import { createDatabase, queryDatabase, withTestConnectTimeout } from "../fixtures/test-database";
import { migrationNames } from "../../api/store/migrations";

/**
 * Two servers on different ports sharing one PostgreSQL database and one
 * SESSION_SECRET, as behind a load balancer: any instance can answer any request.
 * They start at the same moment on an empty database, so they also race to migrate
 * and to make the admin user and the demo content.
 */
const PASSWORD = "two-instances-password";
const SECRET = "one-secret-shared-by-every-instance-0123456789";

type Running = Child & { base: string };
let a: Running;
let b: Running;
let url: string;

beforeAll(async () => {
  url = await createDatabase({ empty: true });
  const env = withTestConnectTimeout({
    DATABASE_URL: url,
    SESSION_SECRET: SECRET,
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: "1",
  });
  [a, b] = await Promise.all([startServing(env), startServing(env)]);
});

afterAll(async () => {
  await Promise.all([a && stop(a), b && stop(b)]);
});

/** Each scenario comes from its own address (TRUST_PROXY=1), so its login failures are its own. */
function from(address: string, headers: Record<string, string> = {}): Record<string, string> {
  return { "X-Forwarded-For": address, ...headers };
}

async function apiLogin(base: string, address: string, password = PASSWORD): Promise<Response> {
  return fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: from(address, { "Content-Type": "application/json" }),
    body: JSON.stringify({ username: "admin", password }),
  });
}

async function token(base: string, address: string): Promise<string> {
  const response = await apiLogin(base, address);
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

function createNews(base: string, bearer: string, title: string): Promise<Response> {
  return fetch(`${base}/api/admin/news`, {
    method: "POST",
    headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
    body: JSON.stringify({ title, content: `<p>${title}</p>`, publishedAt: new Date().toISOString(), imageUrl: null }),
  });
}

async function newsTitles(base: string): Promise<string[]> {
  return ((await (await fetch(`${base}/api/news`)).json()) as Array<{ title: string }>).map((item) => item.title);
}

describe("two instances sharing one PostgreSQL database", () => {
  it("started together on an empty database, they migrate once and make the admin and the demo content once", async () => {
    const migrations = await queryDatabase<{ name: string }>(url, "SELECT name FROM kysely_migration ORDER BY name");
    expect(migrations.map((row) => row.name)).toEqual(migrationNames());
    expect(migrationNames()[0]).toBe("001_initial");
    expect(await queryDatabase(url, "SELECT username FROM users")).toEqual([{ username: "admin" }]);
    const titles = await newsTitles(a.base);
    expect(titles.length).toBeGreaterThan(0);
    expect(new Set(titles).size).toBe(titles.length);
    expect(await newsTitles(b.base)).toEqual(titles);
  });

  it("a sign-in on A holds on B, and signing out on A ends it on B", async () => {
    const signIn = await fetch(`${a.base}/admin?index`, {
      method: "POST",
      redirect: "manual",
      headers: from("10.0.0.1", { Origin: a.base, "Content-Type": "application/x-www-form-urlencoded" }),
      body: new URLSearchParams({ username: "admin", password: PASSWORD }),
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers.getSetCookie()[0].split(";")[0];

    const onB = await fetch(`${b.base}/admin/dashboard`, { headers: { Cookie: cookie } });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("Signed in as admin");

    const signOut = await fetch(`${a.base}/admin/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: a.base, Cookie: cookie },
    });
    expect(signOut.status).toBe(302);
    // The old cookie still holds the token; B asks the database, which no longer has it.
    const afterOnB = await fetch(`${b.base}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(afterOnB.status).toBe(302);
    expect(afterOnB.headers.get("location")).toBe("/admin");
  });

  it("a token revoked on A is refused on B", async () => {
    const bearer = await token(a.base, "10.0.0.2");
    expect(
      (await fetch(`${b.base}/api/admin/session`, { headers: { Authorization: `Bearer ${bearer}` } })).status,
    ).toBe(200);
    const logout = await fetch(`${a.base}/api/admin/logout`, {
      method: "POST",
      headers: { Authorization: `Bearer ${bearer}` },
    });
    expect(logout.status).toBe(200);
    expect(
      (await fetch(`${b.base}/api/admin/session`, { headers: { Authorization: `Bearer ${bearer}` } })).status,
    ).toBe(401);
  });

  it("what is created on A is read on B, and B's public page shows it on its next load", async () => {
    const pageBefore = await (await fetch(`${b.base}/news`)).text();
    expect(pageBefore).not.toContain("Written on A");
    // Loaded twice, so B keeps the page in its cache before the change.
    await (await fetch(`${b.base}/news`)).text();

    const created = await createNews(a.base, await token(a.base, "10.0.0.3"), "Written on A");
    expect(created.status).toBe(201);
    expect(await newsTitles(b.base)).toContain("Written on A");
    expect(await (await fetch(`${b.base}/news`)).text()).toContain("Written on A");
  });

  it("concurrent creates on both instances lose nothing", async () => {
    const [onA, onB] = await Promise.all([token(a.base, "10.0.0.4"), token(b.base, "10.0.0.4")]);
    const titles = Array.from({ length: 40 }, (_, i) => `Concurrent ${i}`);
    const answers = await Promise.all(
      titles.map((title, i) => (i % 2 === 0 ? createNews(a.base, onA, title) : createNews(b.base, onB, title))),
    );
    expect(answers.map((response) => response.status)).toEqual(titles.map(() => 201));
    const ids = await Promise.all(answers.map(async (response) => ((await response.json()) as { id: number }).id));
    expect(new Set(ids).size).toBe(titles.length);
    for (const base of [a.base, b.base]) expect(await newsTitles(base)).toEqual(expect.arrayContaining(titles));
  });

  it("six failed logins spread over A and B, sent at once, are throttled: five are checked, the sixth is refused", async () => {
    const attempts = Array.from({ length: 6 }, (_, i) => apiLogin(i % 2 === 0 ? a.base : b.base, "10.0.0.5", "wrong"));
    const statuses = (await Promise.all(attempts)).map((response) => response.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Locked out on both, even with the right password.
    for (const base of [a.base, b.base]) {
      const locked = await apiLogin(base, "10.0.0.5");
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const stored = await queryDatabase<{ n: number }>(
      url,
      "SELECT count(*) AS n FROM login_failures WHERE address = '10.0.0.5'",
    );
    expect(stored).toEqual([{ n: 5 }]);
  });

  it("ten right passwords from one address spread over A and B, sent at once, all sign in", async () => {
    const attempts = Array.from({ length: 10 }, (_, i) => apiLogin(i % 2 === 0 ? a.base : b.base, "10.0.0.6"));
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    expect(statuses).toEqual(Array(10).fill(200));
  });
});
