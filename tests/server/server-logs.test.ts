import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stackLines, startServing, stop, type Child } from "../fixtures/real-server";

/**
 * A request that was wrong from the start costs the log one short line, never a stack
 * trace, and nothing a request carries can write a line of its own into the log.
 */
let dataDir: string;
let server: Child & { base: string };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "club-logs-"));
  server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: "server-logs-password" });
});

afterAll(async () => {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends a request exactly as written (fetch refuses TRACE), and waits for the whole answer. */
function send(method: string, path: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Origin: server.base };
    if (body !== undefined) headers["Content-Type"] = "application/x-www-form-urlencoded";
    const req = httpRequest(`${server.base}${path}`, { method, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The lines the server logs while `run` runs (after the answers, so they are all in). */
async function logged(run: () => Promise<unknown>): Promise<string[]> {
  const before = server.output().length;
  await run();
  await send("GET", "/api/health");
  return server
    .output()
    .slice(before)
    .split("\n")
    .filter((line) => line.trim() !== "");
}

describe("the log under junk requests", () => {
  it.each([
    ["GET", "/news?_data=anything", undefined, 403],
    ["GET", "/news?_data=routes%2Fevents", undefined, 403],
    ["TRACE", "/events", undefined, 405],
    ["POST", "/", "a=b", 405],
    ["POST", "/news", "a=b", 405],
    ["GET", "/no-such-page", undefined, 404],
  ] as const)(
    "%s %s (body %s): answered %i, at most one short line each, no stack",
    async (method, path, body, status) => {
      const lines = await logged(async () => {
        for (let i = 0; i < 3; i++) expect(await send(method, path, body)).toBe(status);
      });
      expect(stackLines(lines.join("\n"))).toEqual([]);
      expect(lines.length).toBeLessThanOrEqual(3);
      for (const line of lines) expect(line.length).toBeLessThan(300);
    },
  );

  it("writes what a request carries with its line breaks and control characters escaped", async () => {
    const lines = await logged(() =>
      send("GET", "/news?_data=x%0d%0aServing%20on%20http://localhost:1%0aCreated%20the%20administrator%1b[31m"),
    );
    expect(lines, lines.join("\n")).toHaveLength(1);
    expect(lines[0]).toContain("x\\r\\nServing on http://localhost:1\\nCreated the administrator\\u001b[31m");
    expect(server.output()).not.toMatch(/^Serving on http:\/\/localhost:1$/m);
    expect(server.output()).not.toMatch(/^Created the administrator/m);
  });
});

describe("an admin resource route opened by hand in a browser", () => {
  /** A browser's GET of an address: a document it will show. */
  function open(path: string): Promise<{ status: number; location: string | undefined; body: string }> {
    return new Promise((resolve, reject) => {
      const headers = {
        Accept: "text/html,application/xhtml+xml",
        "Sec-Fetch-Dest": "document",
        "Sec-Fetch-Mode": "navigate",
      };
      const req = httpRequest(`${server.base}${path}`, { headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it.each([
    ["/admin/gallery/12/blur", "/admin/gallery?edit=12"],
    ["/admin/gallery/12/uses", "/admin/gallery?delete=12"],
    ["/admin/uploads/image", "/admin/dashboard"],
    ["/admin/account/passkeys", "/admin/account"],
  ])("%s goes to %s, with one plain line in the log and no JSON", async (path, screen) => {
    let answer: Awaited<ReturnType<typeof open>> | undefined;
    const lines = await logged(async () => {
      answer = await open(path);
    });
    expect(answer).toMatchObject({ status: 302, location: screen });
    expect(answer?.body).not.toContain("{");
    expect(stackLines(lines.join("\n"))).toEqual([]);
    expect(lines).toEqual([`${path} answers its screen's forms only; GET sent to ${screen}`]);
  });
});
