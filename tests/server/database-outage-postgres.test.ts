import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startCluster, type Cluster } from "../../scripts/lib/postgres-cluster";
import { startRefused, startServing, stop, type Child } from "../fixtures/real-server";

/**
 * A PostgreSQL server that goes away and comes back, under a running site: requests
 * are answered 503 with a clear message meanwhile, and the site recovers by itself. A
 * server of its own, since this test stops it.
 */
const PASSWORD = "outage-test-password";
const UNAVAILABLE = "The database cannot be reached at the moment. Please try again in a minute.";

let cluster: Cluster;
let site: Child & { base: string };

beforeAll(async () => {
  cluster = await startCluster();
  site = await startServing({
    DATABASE_URL: cluster.url(),
    SESSION_SECRET: "outage-test-secret-outage-test-secret-0123",
    ADMIN_PASSWORD: PASSWORD,
    DATABASE_CONNECT_TIMEOUT_MS: "2000",
  });
});

afterAll(async () => {
  if (site) await stop(site);
  cluster?.destroy();
});

async function login(): Promise<Response> {
  return fetch(`${site.base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
}

describe("the database going away", () => {
  it("answers 503 with a clear message while it is down, and recovers by itself when it is back", async () => {
    expect((await fetch(`${site.base}/api/news`)).status).toBe(200);
    const { token } = (await (await login()).json()) as { token: string };

    cluster.stop();
    for (const path of ["/api/news", "/api/health"]) {
      const response = await fetch(`${site.base}${path}`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: UNAVAILABLE });
      expect(response.headers.get("retry-after")).toBe("5");
    }
    const write = await fetch(`${site.base}/api/admin/news`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "While down", content: "<p>x</p>", publishedAt: new Date().toISOString() }),
    });
    expect(write.status).toBe(503);
    expect((await login()).status).toBe(503);

    cluster.start();
    await vi.waitFor(async () => expect((await fetch(`${site.base}/api/health`)).status).toBe(200), {
      timeout: 20_000,
      interval: 200,
    });
    expect((await fetch(`${site.base}/api/news`)).status).toBe(200);
    expect((await login()).status).toBe(200);
    // Said once when it went, once when it came back; no stack trace.
    expect(site.output().match(/\[api\] The database cannot be reached/g)).toHaveLength(1);
    expect(site.output()).toContain("[api] The database can be reached again.");
  });

  it("a server that cannot reach the database at start says so in one line", async () => {
    cluster.stop();
    try {
      const { outcome, output } = await startRefused({
        DATABASE_URL: cluster.url(),
        SESSION_SECRET: "outage-test-secret-outage-test-secret-0123",
        DATABASE_CONNECT_TIMEOUT_MS: "2000",
      });
      expect(outcome).toBe(1);
      expect(output.trim()).toMatch(
        new RegExp(`^Cannot use the database at postgres://postgres@127\\.0\\.0\\.1:${cluster.port}/postgres: .+\\.$`),
      );
    } finally {
      cluster.start();
    }
  });
});
