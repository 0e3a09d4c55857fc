import { json, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { CONSENT_TEXT, SUBSCRIBED_MESSAGE, SUBSCRIPTION_TOKEN_PATTERN } from "../../../common/subscriptions";
import { readFormBody } from "../form-body.server";
import { PRIVATE_PAGE_HEADERS, privatePageMeta } from "../private-page.server";
import { siteInfo } from "../site.server";
import { upstreamFetch, UpstreamError } from "../upstream/client.server";
import { fromUpstream } from "../upstream/from-upstream.server";
import { mailOffered } from "./mail-offered.server";
import { publicMeta } from "./meta.server";

/**
 * The public e-mail pages (docs/product.md, 'E-mail'): /subscribe, the confirmation link's
 * page and the manage link's page (/unsubscribe/{token}). Each reads and writes through
 * the /api; a GET never changes anything (mail scanners follow links), only the forms'
 * POSTs do, and the one-click POST a mail provider sends (RFC 8058).
 */

export interface Choices {
  news: boolean;
  events: boolean;
  frequency: "posted" | "weekly";
}

export type ChoiceField = "email" | "news" | "frequency";

/** What a form shows again after a refusal: the words, the field to blame, what was typed. */
export interface FormProblem {
  message: string;
  field: ChoiceField | null;
}

const subscriptionAnswer = z.object({
  email: z.string(),
  news: z.boolean(),
  events: z.boolean(),
  frequency: z.enum(["posted", "weekly"]),
});
const confirmedAnswer = subscriptionAnswer.extend({ manageToken: z.string() });

/** The choices in words: "news and events, as they are posted". */
export function describeChoices(choices: Choices): string {
  const what = choices.news && choices.events ? "news and events" : choices.news ? "news" : "events";
  return `${what}, ${choices.frequency === "weekly" ? "in a weekly digest" : "as they are posted"}`;
}

function choicesFrom(fields: Record<string, string>): Choices {
  return {
    news: fields.news === "on",
    events: fields.events === "on",
    frequency: fields.frequency === "weekly" ? "weekly" : "posted",
  };
}

/** The /api's refusal of a form, in the page's words; anything else is no form's fault and is thrown. */
function problemOf(error: unknown): FormProblem {
  if (!(error instanceof UpstreamError)) throw error;
  if (error.status === 400) {
    if (error.field === "email") {
      const { code } = error.problem;
      return {
        field: "email",
        message:
          code === "required"
            ? "Please enter your e-mail address."
            : code === "too-long"
              ? "An e-mail address is at most 254 characters."
              : "Please enter a whole e-mail address, like name@example.com.",
      };
    }
    if (error.field === "news" || error.field === "events") {
      return { field: "news", message: "Please choose News, Events or both." };
    }
    return { field: null, message: error.jsonMessage ?? "Please check the form and try again." };
  }
  // Too many from this network, the server busy, e-mail no longer set up: the /api's words.
  if (error.status === 429 || error.status === 503) {
    return { field: null, message: error.jsonMessage ?? "Please try again in a few minutes." };
  }
  throw error;
}

/** /subscribe: whether the form is offered, and its consent sentence. */
export function subscribePageData() {
  const site = siteInfo();
  return {
    offered: mailOffered(),
    consentText: CONSENT_TEXT,
    meta: publicMeta(site, {
      title: "Get news and events by e-mail",
      description: `Get ${site.name}'s news and events by e-mail, as they are posted or in a weekly digest.`,
      path: "/subscribe",
    }),
  };
}

export type SubscribeResult =
  { sent: true; message: string } | { sent: false; problem: FormProblem; email: string; choices: Choices };

/**
 * /subscribe's form. A bot that filled the hidden field is answered as if it had
 * worked, and nothing is sent; so is everyone else, whatever the address.
 */
export async function subscribe(request: Request, context: AppLoadContext) {
  const { fields } = await readFormBody(request);
  const email = (fields.email ?? "").trim();
  const choices = choicesFrom(fields);
  const refuse = (problem: FormProblem, status: number) =>
    json<SubscribeResult>({ sent: false, problem, email, choices }, { status });
  if (!mailOffered()) return refuse({ field: null, message: "E-mail updates are not available." }, 503);
  if (fields.leave_empty) return json<SubscribeResult>({ sent: true, message: SUBSCRIBED_MESSAGE });
  if (!email) return refuse({ field: "email", message: "Please enter your e-mail address." }, 400);
  if (!choices.news && !choices.events) {
    return refuse({ field: "news", message: "Please choose News, Events or both." }, 400);
  }
  try {
    await upstreamFetch(context, "/api/subscriptions", { method: "POST", json: { email, ...choices } });
  } catch (error) {
    const problem = problemOf(error);
    return refuse(problem, error instanceof UpstreamError ? error.status : 400);
  }
  return json<SubscribeResult>({ sent: true, message: SUBSCRIBED_MESSAGE });
}

/** A token from the address, or null when it cannot be one (the page then says the link no longer works). */
function tokenOf(raw: string | undefined): string | null {
  return raw && SUBSCRIPTION_TOKEN_PATTERN.test(raw) ? raw : null;
}

/** Reads a token page's subscription; null when the /api does not know the link. */
async function readByToken<T>(load: () => Promise<T>): Promise<T | null> {
  return fromUpstream(async () => {
    try {
      return await load();
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) return null;
      throw error;
    }
  });
}

/** /subscribe/confirm/{token}, read: what is to be confirmed; nothing changes. */
export async function confirmPageData(context: AppLoadContext, rawToken: string | undefined) {
  const token = tokenOf(rawToken);
  const found = token
    ? await readByToken(async () =>
        subscriptionAnswer.parse(await (await upstreamFetch(context, `/api/subscriptions/confirm/${token}`)).json()),
      )
    : null;
  const data = found ? { pending: { email: found.email, what: describeChoices(found) } } : { pending: null };
  // One title whatever the page then says: the action's answer is not the meta's to read.
  return json(
    { ...data, meta: privatePageMeta("Confirm your e-mail updates") },
    { status: found ? 200 : 404, headers: PRIVATE_PAGE_HEADERS },
  );
}

export type ConfirmResult = { confirmed: { email: string; what: string; manageHref: string } } | { confirmed: null };

/** /subscribe/confirm/{token}, the 'Confirm' button's POST. */
export async function confirmSubscription(context: AppLoadContext, rawToken: string | undefined) {
  const token = tokenOf(rawToken);
  const done = token
    ? await readByToken(async () =>
        confirmedAnswer.parse(
          await (await upstreamFetch(context, `/api/subscriptions/confirm/${token}`, { method: "POST" })).json(),
        ),
      )
    : null;
  const result: ConfirmResult = done
    ? { confirmed: { email: done.email, what: describeChoices(done), manageHref: `/unsubscribe/${done.manageToken}` } }
    : { confirmed: null };
  return json(result, { status: done ? 200 : 404, headers: PRIVATE_PAGE_HEADERS });
}

/** /unsubscribe/{token}, read: the subscriber's choices; nothing changes. */
export async function managePageData(context: AppLoadContext, rawToken: string | undefined) {
  const token = tokenOf(rawToken);
  const found = token
    ? await readByToken(async () =>
        subscriptionAnswer.parse(await (await upstreamFetch(context, `/api/subscriptions/${token}`)).json()),
      )
    : null;
  const data = found ? { subscription: { ...found, what: describeChoices(found) } } : { subscription: null };
  return json(
    { ...data, meta: privatePageMeta("Your e-mail updates") },
    { status: found ? 200 : 404, headers: PRIVATE_PAGE_HEADERS },
  );
}

export type ManageResult =
  | { outcome: "unsubscribed" }
  | { outcome: "saved"; what: string }
  | { outcome: "refused"; problem: FormProblem; choices: Choices }
  | { outcome: "dead" };

/**
 * /unsubscribe/{token}'s forms: 'Save changes', 'Unsubscribe', and the one-click POST
 * (`List-Unsubscribe=One-Click`, RFC 8058) that mail providers send from their servers.
 */
export async function changeSubscription(request: Request, context: AppLoadContext, rawToken: string | undefined) {
  const { fields } = await readFormBody(request);
  const token = tokenOf(rawToken);
  const answer = (result: ManageResult, status = 200) => json(result, { status, headers: PRIVATE_PAGE_HEADERS });
  if (!token) return answer({ outcome: "dead" }, 404);
  const path = `/api/subscriptions/${token}`;
  const oneClick = fields["List-Unsubscribe"] === "One-Click";
  try {
    if (oneClick || fields.intent === "unsubscribe") {
      await upstreamFetch(context, path, { method: "DELETE" });
      return answer({ outcome: "unsubscribed" });
    }
    const choices = choicesFrom(fields);
    if (!choices.news && !choices.events) {
      return answer(
        {
          outcome: "refused",
          problem: { field: "news", message: "Please choose News, Events or both, or unsubscribe." },
          choices,
        },
        400,
      );
    }
    const saved = subscriptionAnswer.parse(
      await (await upstreamFetch(context, path, { method: "PUT", json: choices })).json(),
    );
    return answer({ outcome: "saved", what: describeChoices(saved) });
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return answer({ outcome: "dead" }, 404);
    return answer({ outcome: "refused", problem: problemOf(error), choices: choicesFrom(fields) }, 400);
  }
}
