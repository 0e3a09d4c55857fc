import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_BATCH_FORM_BYTES } from "~/lib/request-limits";
import { BODY_BOUNDS } from "~/lib/security/open-bodies.server";
import { ADD_MANY_PATH } from "~/lib/uploads/batch";
import { rawRequest, type RawRequest } from "../fixtures/raw-request";
import { servingForTests } from "../fixtures/real-server";

/**
 * docs/architecture.md, 'Security baseline': what a request may cost the server before
 * it is refused, over real sockets: a declared size over the cap, bodies held open
 * slowly (the rate itself: tests/unit/open-bodies.test.ts), and a form whose Origin
 * names another host than it was sent to.
 */
const serving = servingForTests("club-request-bounds-", { ADMIN_PASSWORD: "request-bounds-password" });
const sockets: Socket[] = [];

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

/** Sends `head` (a request's line and headers, and what follows) on a connection of its own. */
function sending(head: string): RawRequest {
  const request = rawRequest(Number(new URL(serving.base).port), head);
  sockets.push(request.socket);
  return request;
}

function postHead(path: string, length: number, headers = ""): string {
  const host = new URL(serving.base).host;
  return (
    `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\n${headers}` +
    `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`
  );
}

describe("bodies", () => {
  it("refuses a declared size over the cap before a byte of the body is sent", async () => {
    const { answer } = sending(postHead(ADD_MANY_PATH, MAX_BATCH_FORM_BYTES + 1));
    expect(await answer).toBe("HTTP/1.1 413 Payload Too Large");
  });

  it("takes only a few bodies at once from one address, and answers everyone else meanwhile", async () => {
    // Each declares more than it sends, and sends nothing more: held open, as a slow sender would.
    const held = Array.from({ length: BODY_BOUNDS.perAddress }, () => sending(`${postHead("/subscribe", 100)}e`));
    const refused = sending(`${postHead("/api/events/1/bookings", 100)}{`);
    expect(await refused.answer).toBe("HTTP/1.1 429 Too Many Requests");
    for (const path of ["/api/health", "/gallery"]) {
      expect((await fetch(`${serving.base}${path}`)).status, path).toBe(200);
    }
    // One arrives whole (and is answered); then the next is taken.
    held[0].socket.write(`mail=${"x".repeat(94)}`);
    expect(await held[0].answer).not.toBe("HTTP/1.1 429 Too Many Requests");
    const next = await fetch(`${serving.base}/subscribe`, {
      method: "POST",
      headers: { Origin: serving.base, "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=",
    });
    expect(next.status).not.toBe(429);
  });
});

describe("a form whose Origin names another host than it was sent to", () => {
  it("is refused with 403 and one line in the log, not a 500 and a stack trace", async () => {
    const before = serving.server.output().length;
    for (const path of ["/subscribe", "/events/1/book"]) {
      const response = await fetch(`${serving.base}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: serving.base,
          "X-Forwarded-Host": "elsewhere.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "email=sam%40example.org",
      });
      expect(response.status, path).toBe(403);
      expect(await response.text()).toContain("This form was sent from another website");
    }
    const logged = serving.server.output().slice(before);
    expect(logged.match(/Refused POST/g)).toHaveLength(2);
    expect(logged).not.toMatch(/\n\s+at /);
  });
});
