import { Hono } from "hono";
import { z } from "zod";
import {
  CONSENT_TEXT,
  CONSENT_VERSION,
  FREQUENCIES,
  SUBSCRIBED_MESSAGE,
  SUBSCRIPTION_TOKEN_PATTERN,
} from "../../../common/subscriptions";
import { coded } from "../../../common/field-problems";
import { queueMail, unsubscribeUrl } from "../../mail/outbox";
import {
  choicesOf,
  claimConfirmationTurn,
  confirmSubscriber,
  deleteSubscriber,
  insertSubscriber,
  subscriberByConfirmHash,
  subscriberByEmail,
  subscriberByManageToken,
  updateChoices,
  type Choices,
  type Subscriber,
} from "../../store/subscribers";
import { serializeOn } from "../../store/dialect";
import { uniqueViolationOf } from "../../store/unique-violation";
import { jsonLimit } from "../lib/body-limits";
import { clientAddress } from "../lib/client-address";
import { countClientUse } from "../lib/client-uses";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError, notFound } from "../lib/errors";
import { generateToken, hashToken } from "../lib/tokens";
import { emailAddress, readJson, validate } from "../lib/validation";

/**
 * Subscriptions per client address in the sign-in throttle's window. The same window as
 * sign-ins: the throttle's table is swept by its window, so a longer one would not hold.
 */
export const MAX_SUBSCRIPTIONS_PER_ADDRESS = 10;
export const NOT_SET_UP_MESSAGE = "E-mail updates are not available.";
export const DEAD_LINK_MESSAGE = "This link no longer works.";
const TOO_MANY = "Too many subscriptions from your network. Please try again in";

const boolean = z.boolean({ error: "must be true or false" });
/** What a subscriber chooses: news, events (one at least) and how often. */
const choiceFields = {
  news: boolean,
  events: boolean,
  frequency: z.enum(FREQUENCIES, { error: 'must be "posted" or "weekly"' }),
};
/** News, events or both: the problem is told on `news`, the first of the two. */
const chosenOne = (choices: { news: boolean; events: boolean }) => choices.news || choices.events;
const noneChosen = () => ({ ...coded("invalid", "choose News, Events or both"), path: ["news"] });
const choicesSchema = z.object(choiceFields).refine(chosenOne, noneChosen());

const subscribeSchema = z
  .object({
    email: emailAddress(),
    ...choiceFields,
  })
  .refine(chosenOne, noneChosen());

function answer(row: Subscriber) {
  return { email: row.email, ...choicesOf(row), confirmed: row.confirmed_at !== null };
}

function describe(choices: Choices): string {
  const what = choices.news && choices.events ? "news and events" : choices.news ? "news" : "events";
  return choices.frequency === "weekly"
    ? `a weekly digest of the club's ${what}`
    : `the club's ${what} as they are posted`;
}

/**
 * Subscribing and unsubscribing (docs/product.md, 'E-mail'): double opt-in with one answer
 * for every address, a confirmation link whose POST alone confirms, and the private
 * manage link (the List-Unsubscribe address of every message) to read, change or stop
 * what one gets.
 */
export function subscriptionRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();

  /** The manage link's token, or 404 without asking the database when it cannot be one. */
  const manageToken = (raw: string) => {
    if (!SUBSCRIPTION_TOKEN_PATTERN.test(raw)) throw notFound(DEAD_LINK_MESSAGE);
    return raw;
  };

  app.post("/subscriptions", jsonLimit, async (c) => {
    if (!deps.mail.settings.configured) throw new ApiError(503, NOT_SET_UP_MESSAGE);
    const { email, ...choices } = validate(subscribeSchema, await readJson(c));
    await countClientUse(
      deps,
      `subscribe ${clientAddress(c, deps.trustProxy)}`,
      MAX_SUBSCRIPTIONS_PER_ADDRESS,
      TOO_MANY,
    );
    const now = deps.now();
    const consent = { version: CONSENT_VERSION, text: CONSENT_TEXT };
    const { settings } = deps.mail;
    try {
      await db.transaction().execute(async (trx) => {
        await serializeOn(trx, `subscribe:${email.toLowerCase()}`);
        const existing = await subscriberByEmail(trx, email);
        const key = (row: Subscriber) => `confirm:${row.id}:${now.getTime()}`;
        const subscriber = (row: Subscriber) => ({ id: row.id, manageToken: row.manage_token });
        if (existing?.confirmed_at) {
          // Nothing changes; the owner hears that someone tried, with their own link.
          if (!(await claimConfirmationTurn(trx, existing.id, now))) return;
          await queueMail(
            trx,
            deps.mail,
            {
              key: key(existing),
              kind: "confirm",
              to: existing.email,
              subscriber: subscriber(existing),
              content: {
                subject: `You already get e-mail updates from ${settings.siteName}`,
                intro: [
                  `Someone, hopefully you, asked to subscribe this address to e-mail updates from ${settings.siteName}. It is subscribed already (${describe(choicesOf(existing))}), so nothing has changed.`,
                  "If it wasn't you, there is nothing to do.",
                ],
                action: {
                  text: "Change what you get or unsubscribe",
                  href: unsubscribeUrl(settings, existing.manage_token),
                },
              },
            },
            now,
          );
          return;
        }
        const token = generateToken();
        const confirmTokenHash = hashToken(token);
        let row: Subscriber;
        if (existing) {
          if (!(await claimConfirmationTurn(trx, existing.id, now, { choices, confirmTokenHash, consent }))) {
            return;
          }
          row = existing;
        } else {
          row = await insertSubscriber(
            trx,
            { email, choices, manageToken: generateToken(), confirmTokenHash, consent },
            now,
          );
        }
        await queueMail(
          trx,
          deps.mail,
          {
            key: key(row),
            kind: "confirm",
            to: row.email,
            subscriber: subscriber(row),
            content: {
              subject: `Confirm your e-mail updates from ${settings.siteName}`,
              intro: [
                `Someone, hopefully you, asked to get ${describe(choices)} at this address.`,
                "Open the link below and press 'Confirm' to start. If it wasn't you, ignore this e-mail: nothing will be sent, and the address is forgotten in 7 days.",
              ],
              action: { text: "Confirm your subscription", href: `${settings.siteUrl}/subscribe/confirm/${token}` },
            },
          },
          now,
        );
      });
    } catch (err) {
      // The same address subscribed at this very moment by another request: it got the e-mail.
      if (!uniqueViolationOf(err)) throw err;
    }
    return c.json({ message: SUBSCRIBED_MESSAGE }, 202);
  });

  /** The confirmation link's token, or 404 without asking the database when it cannot be one. */
  const hashOfConfirmLink = (raw: string) => {
    if (!SUBSCRIPTION_TOKEN_PATTERN.test(raw)) throw notFound(DEAD_LINK_MESSAGE);
    return hashToken(raw);
  };

  // What the confirmation page shows before its button is pressed: a GET confirms nothing,
  // since mail scanners follow links.
  app.get("/subscriptions/confirm/:token", async (c) => {
    const row = await subscriberByConfirmHash(db, hashOfConfirmLink(c.req.param("token")));
    if (!row) throw notFound(DEAD_LINK_MESSAGE);
    c.header("Cache-Control", "private, no-store");
    return c.json(answer(row));
  });

  app.post("/subscriptions/confirm/:token", async (c) => {
    const row = await confirmSubscriber(db, hashOfConfirmLink(c.req.param("token")), deps.now());
    if (!row) throw notFound(DEAD_LINK_MESSAGE);
    // The manage link too, so the page can offer to change what they get.
    return c.json({ ...answer(row), manageToken: row.manage_token });
  });

  app.get("/subscriptions/:token", async (c) => {
    const row = await subscriberByManageToken(db, manageToken(c.req.param("token")));
    if (!row) throw notFound(DEAD_LINK_MESSAGE);
    c.header("Cache-Control", "private, no-store");
    return c.json(answer(row));
  });

  app.put("/subscriptions/:token", jsonLimit, async (c) => {
    const token = manageToken(c.req.param("token"));
    const choices = validate(choicesSchema, await readJson(c));
    const row = await updateChoices(db, token, choices);
    if (!row) throw notFound(DEAD_LINK_MESSAGE);
    return c.json(answer(row));
  });

  app.delete("/subscriptions/:token", async (c) => {
    if (!(await deleteSubscriber(db, { manageToken: manageToken(c.req.param("token")) })))
      throw notFound(DEAD_LINK_MESSAGE);
    return c.json({ message: "You are unsubscribed." });
  });

  return app;
}
