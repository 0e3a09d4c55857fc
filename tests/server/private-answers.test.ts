import { expect, it } from "vitest";
import { servingForTests } from "../fixtures/real-server";

/**
 * docs/architecture.md, 'Security baseline': every private answer of the /api carries
 * `Cache-Control: private, no-store` as it leaves the server, over a real socket, whether
 * or not it is compressed on the way. (In-process, a header set on an answer after it was
 * made was there; on the wire, the compressor's copy of the answer had lost it.)
 */
const PASSWORD = "private-answers-password";
const serving = servingForTests("club-private-answers-", { ADMIN_PASSWORD: PASSWORD, SEED_DEMO: "0" });

const PRIVATE = "private, no-store";
/** As a browser asks, and as a script that takes no compression asks. */
const ENCODINGS = ["gzip, deflate, br", "identity"];

async function send(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const answers: Response[] = [];
  for (const encoding of ENCODINGS) {
    const headers = { "Accept-Encoding": encoding, ...init.headers };
    answers.push(await fetch(`${serving.base}${path}`, { ...init, headers }));
  }
  return answers;
}

async function signIn(): Promise<{ answers: Response[]; token: string }> {
  const answers = await send("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  const { token } = (await answers[0].json()) as { token: string };
  return { answers, token };
}

it("answers an administrator's calls, a booking's private link and a passphrase's gallery with no-store", async () => {
  const { answers: logins, token } = await signIn();
  const admin = { Authorization: `Bearer ${token}` };
  const date = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
  const created = await fetch(`${serving.base}/api/admin/events`, {
    method: "POST",
    headers: { ...admin, "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Bike ride",
      date,
      comment: "Round the park",
      bookingUrl: "https://example.org/book",
      booking: { mode: "site", places: 10 },
    }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const booked = await fetch(`${serving.base}/api/events/${id}/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Sam Taylor", email: "sam@example.org", adults: 1, children: 1 }),
  });
  expect(booked.status).toBe(201);
  const { url } = (await booked.json()) as { url: string };
  const bookingToken = url.slice(url.lastIndexOf("/") + 1);

  const seen: Record<string, Response[]> = {
    "POST /api/admin/login": logins,
    "GET /api/admin/session": await send("/api/admin/session", { headers: admin }),
    "GET /api/admin/news": await send("/api/admin/news", { headers: admin }),
    "GET /api/admin/mail": await send("/api/admin/mail", { headers: admin }),
    "GET /api/admin/subscribers": await send("/api/admin/subscribers", { headers: admin }),
    "GET /api/admin/events/{id}/bookings": await send(`/api/admin/events/${id}/bookings`, { headers: admin }),
    "GET /api/bookings/{token}": await send(`/api/bookings/${bookingToken}`),
    "GET /api/gallery with the passphrase's cookie": await send("/api/gallery", {
      headers: { Cookie: "gallery =anything" },
    }),
  };
  for (const [call, answers] of Object.entries(seen)) {
    for (const [index, answer] of answers.entries()) {
      expect(answer.status, call).toBeLessThan(300);
      expect(answer.headers.get("cache-control"), `${call}, Accept-Encoding: ${ENCODINGS[index]}`).toBe(PRIVATE);
    }
  }
  // The booking's answer holds the family's details, so it is the one that must not be kept.
  expect(await seen["GET /api/bookings/{token}"][0].text()).toContain("Sam Taylor");
});

it("leaves everybody's answers to be kept as before", async () => {
  for (const answer of await send("/api/events")) {
    expect(answer.headers.get("cache-control") ?? "").not.toMatch(/private|no-store/);
  }
});
