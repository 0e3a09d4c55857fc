import type { ActionFunctionArgs, LinksFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteError";
import { EmailField } from "~/components/public/EmailField";
import { SubscriptionChoices } from "~/components/public/SubscriptionChoices";
import { subscribe, subscribePageData, type SubscribeResult } from "~/lib/public/loaders.server";
import { loaderMeta } from "~/lib/public/meta";
import subscribeStyles from "~/styles/subscribe.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: subscribeStyles }];

/**
 * /subscribe (docs/product.md, 'E-mail'): an address, what to receive and how often. Every
 * address gets the same answer; the e-mail's link confirms. Not offered when e-mail is
 * not set up: the site promises nothing it cannot keep.
 */
export function loader() {
  return subscribePageData();
}

export async function action({ request, context }: ActionFunctionArgs) {
  return subscribe(request, context);
}

export const meta = loaderMeta("Get news and events by e-mail");
export const ErrorBoundary = RouteErrorBoundary;

export default function Subscribe() {
  const { offered, consentText } = useLoaderData<typeof loader>();
  const result = useActionData<SubscribeResult>();
  const busy = useNavigation().state === "submitting";
  const refused = result && !result.sent ? result : null;
  const problem = refused?.problem;

  return (
    <section className="subscribe-page">
      <h1 className="page-title">Get news and events by e-mail</h1>
      {!offered ? (
        <p>
          E-mail updates are not available. The latest is always on the <a href="/news">News</a> and{" "}
          <a href="/events">Events</a> pages.
        </p>
      ) : result?.sent ? (
        <>
          <p className="subscribe-notice" role="status">
            {result.message}
          </p>
          <p>The link works for 7 days. If nothing arrives, look in your spam folder.</p>
        </>
      ) : (
        <Form method="post" className="subscribe-form">
          {problem && problem.field === null ? (
            <p className="subscribe-form__problem" role="alert">
              {problem.message}
            </p>
          ) : null}
          <EmailField
            id="subscribe-email"
            block="subscribe-form"
            label="Your e-mail address"
            problem={problem?.field === "email" ? problem.message : null}
            defaultValue={refused?.email}
          />
          <SubscriptionChoices
            values={refused?.choices ?? { news: true, events: true, frequency: "posted" }}
            problem={problem?.field === "news" ? problem.message : undefined}
          />
          <p className="subscribe-form__consent">{consentText}</p>
          <div className="subscribe-form__trap">
            <label htmlFor="subscribe-leave-empty">Leave this empty</label>
            <input id="subscribe-leave-empty" name="leave_empty" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <div className="subscribe-form__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? "Subscribing..." : "Subscribe"}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
