import type { AppLoadContext } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Api } from "../../api";
import { forgetEnv } from "../../common/config";
import { layoutData } from "~/lib/document/layout.server";
import { action as subscribeAction, loader as subscribeLoader } from "~/routes/subscribe";
import { mailSettings } from "../api/subscription-helpers";
import { settle } from "./admin-test-helpers";
import { harnessApi, post } from "./harness";

/**
 * /subscribe's form as it is posted without JavaScript (docs/product.md, 'E-mail'), on an
 * /api with e-mail set up: the app offers the form when SMTP_URL is set.
 */
let api: Api;
let context: AppLoadContext;

beforeAll(async () => {
  api = await harnessApi({ mail: mailSettings(true) });
  context = { apiFetch: (request) => api.fetch(request), cspNonce: "test-nonce" };
});
afterAll(() => api.close());
afterEach(() => {
  vi.unstubAllEnvs();
  forgetEnv();
});

/** E-mail set up for the pages, as SMTP_URL in the environment sets it up at start. */
const setUp = () => {
  vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:2525");
  forgetEnv();
};

function submit(fields: Record<string, string>) {
  return settle(() => subscribeAction({ request: post("/subscribe", fields), context, params: {} }));
}

function outboxTo(email: string) {
  return api.store.db
    .selectFrom("mail_outbox")
    .select(["to_address", "subject"])
    .where("to_address", "=", email)
    .execute();
}

describe("/subscribe", () => {
  it("offers the form, the footer link and the consent sentence only when e-mail is set up", async () => {
    expect(subscribeLoader()).toMatchObject({ offered: false });
    expect((await layoutData(context)).footer).toMatchObject({ subscribe: false });
    setUp();
    expect(subscribeLoader()).toMatchObject({
      offered: true,
      consentText:
        "We use your e-mail address only to send you the club news and events you choose here; every e-mail has a link to change what you get or unsubscribe.",
    });
    expect((await layoutData(context)).footer).toMatchObject({ subscribe: true });
  });

  it("answers 'Check your inbox' and queues the confirmation", async () => {
    setUp();
    const res = await submit({ email: "form@example.org", news: "on", frequency: "weekly", leave_empty: "" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: true, message: "Check your inbox: we've sent you a link to confirm." });
    expect(await outboxTo("form@example.org")).toEqual([
      { to_address: "form@example.org", subject: "Confirm your e-mail updates from Oakfield Primary Dads' Club" },
    ]);
  });

  it("answers a bot that filled the hidden field the same, and sends nothing", async () => {
    setUp();
    const res = await submit({
      email: "bot@example.org",
      news: "on",
      frequency: "posted",
      leave_empty: "http://spam.example",
    });
    expect(await res.json()).toEqual({ sent: true, message: "Check your inbox: we've sent you a link to confirm." });
    expect(await outboxTo("bot@example.org")).toEqual([]);
  });

  it("says what is wrong in plain words and keeps what was typed", async () => {
    setUp();
    const cases: [Record<string, string>, { message: string; field: string }][] = [
      [
        { email: "", news: "on" },
        { field: "email", message: "Please enter your e-mail address." },
      ],
      [
        { email: "someone", news: "on" },
        { field: "email", message: "Please enter a whole e-mail address, like name@example.com." },
      ],
      [
        { email: "a@example.org", frequency: "weekly" },
        { field: "news", message: "Please choose News, Events or both." },
      ],
    ];
    for (const [fields, problem] of cases) {
      const res = await submit(fields);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ sent: false, problem, email: fields.email });
    }
  });

  it("does not take the form when e-mail is not set up", async () => {
    const res = await submit({ email: "off@example.org", news: "on" });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ sent: false, problem: { message: "E-mail updates are not available." } });
    expect(await outboxTo("off@example.org")).toEqual([]);
  });
});
