import { describe, expect, it } from "vitest";
import { json } from "./helpers";
import { apiWithSmtp, SITE } from "./mail-sender-helpers";

const MINUTE = 60_000;

/** The link a message carries to `path`, read from its plain-text part as a parent's mail program shows it. */
function linkIn(text: string | undefined, path: string): string {
  const found = new RegExp(`${SITE}${path}/([A-Za-z0-9_-]+)`).exec(text ?? "");
  if (!found) throw new Error(`no ${path} link in:\n${text}`);
  return found[1];
}

/**
 * E-mail from end to end (docs/product.md, 'E-mail'), through the /api and a real SMTP
 * server on loopback, the clock moved by the test: subscribe, the confirmation arrives,
 * reading the link changes nothing and only its POST confirms; a news item made through the
 * product spec's own call reaches the confirmed news subscriber once, after the delay, and
 * nobody else; unsubscribing stops it.
 */
describe("a parent's e-mail, from subscribing to unsubscribing", () => {
  it("confirms by POST only, delivers a news item once after the delay to who chose it, and stops on unsubscribing", async () => {
    const { t, smtp } = await apiWithSmtp();
    const subscribe = (email: string, news: boolean, events: boolean) =>
      t.request("/api/subscriptions", { method: "POST", json: { email, news, events, frequency: "posted" } });
    expect((await subscribe("news.dad@parents.example", true, false)).status).toBe(202);
    expect((await subscribe("events.dad@parents.example", false, true)).status).toBe(202);
    expect((await subscribe("never.confirms@parents.example", true, true)).status).toBe(202);
    await t.api.mailSender.runRound();
    const confirmations = await smtp.waitFor(3);
    const confirmationTo = (to: string) => {
      const mail = confirmations.find((message) => message.to.includes(to));
      if (!mail) throw new Error(`no confirmation to ${to}`);
      return mail;
    };

    for (const to of ["news.dad@parents.example", "events.dad@parents.example"]) {
      const token = linkIn(confirmationTo(to).parsed.text, "/subscribe/confirm");
      // A mail scanner reading the link changes nothing…
      const read = await t.request(`/api/subscriptions/confirm/${token}`);
      expect(await json(read)).toMatchObject({ email: to, confirmed: false });
      // …the button's POST confirms.
      const confirmed = await t.request(`/api/subscriptions/confirm/${token}`, { method: "POST" });
      expect(await json(confirmed)).toMatchObject({ email: to, confirmed: true });
    }

    const token = await t.login();
    const made = await t.request("/api/admin/news", {
      method: "POST",
      token,
      json: {
        title: "Sports day\nmoves to Friday",
        content: "<p>Bring a water bottle.</p>",
        publishedAt: "2026-03-01",
      },
    });
    expect(made.status).toBe(201);
    const { id } = await json<{ id: number }>(made);
    t.clock.advance(9 * MINUTE);
    await t.api.mailSender.runRound();
    expect(smtp.messages).toHaveLength(3);

    t.clock.advance(MINUTE);
    await t.api.mailSender.runRound();
    const [post] = (await smtp.waitFor(4)).slice(3);
    expect(post.to).toEqual(["news.dad@parents.example"]);
    // A title used as a subject loses its line break.
    expect(post.parsed.subject).toBe("Sports day moves to Friday");
    expect(post.parsed.text).toContain(`${SITE}/news/${id}`);
    const raw = post.raw.toString("utf8").replace(/\r\n[ \t]+/g, " ");
    expect(raw).toMatch(new RegExp(`List-Unsubscribe: <${SITE}/unsubscribe/[A-Za-z0-9_-]+>`));
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // Nothing more: later rounds send it to nobody else, and not twice.
    t.clock.advance(60 * MINUTE);
    await t.api.mailSender.runRound();
    expect(smtp.messages).toHaveLength(4);

    const unsubscribe = linkIn(post.parsed.text, "/unsubscribe");
    expect((await t.request(`/api/subscriptions/${unsubscribe}`, { method: "DELETE" })).status).toBe(200);
    expect((await t.request(`/api/subscriptions/${unsubscribe}`)).status).toBe(404);
    expect(
      (
        await t.request("/api/admin/news", {
          method: "POST",
          token,
          json: { title: "Quiz night", content: "<p>Teams of four.</p>", publishedAt: "2026-03-02" },
        })
      ).status,
    ).toBe(201);
    t.clock.advance(11 * MINUTE);
    await t.api.mailSender.runRound();
    expect(smtp.messages).toHaveLength(4);
  });
});
