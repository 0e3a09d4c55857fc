import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteError";
import { DeadLink } from "~/components/public/SubscriptionChoices";
import {
  confirmPageData,
  confirmSubscription,
  PRIVATE_PAGE_HEADERS,
  type ConfirmResult,
} from "~/lib/public/loaders.server";
import { loaderMeta } from "~/lib/public/meta";
import subscribeStyles from "~/styles/subscribe.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: subscribeStyles }];
export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/**
 * The confirmation e-mail's link (docs/product.md, 'E-mail'). Mail scanners open links, so
 * the page itself changes nothing: only its 'Confirm' button's POST confirms.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  return confirmPageData(context, params.token);
}

export async function action({ context, params }: ActionFunctionArgs) {
  return confirmSubscription(context, params.token);
}

export const meta = loaderMeta("Confirm your e-mail updates");
export const ErrorBoundary = RouteErrorBoundary;

export default function ConfirmSubscription() {
  const { pending } = useLoaderData<typeof loader>();
  const result = useActionData<ConfirmResult>();
  const busy = useNavigation().state === "submitting";

  if (result?.confirmed) {
    return (
      <section className="subscribe-page">
        <h1 className="page-title">You're subscribed</h1>
        <p className="subscribe-notice" role="status">
          Thank you: {result.confirmed.email} will get the club's {result.confirmed.what}.
        </p>
        <p>
          Every e-mail has a link to change what you get or unsubscribe. You can also{" "}
          <a href={result.confirmed.manageHref}>change what you get or unsubscribe</a> now.
        </p>
      </section>
    );
  }
  if (!pending || result) return <DeadLink />;
  return (
    <section className="subscribe-page">
      <h1 className="page-title">Confirm your e-mail updates</h1>
      <p>
        Press 'Confirm' to start getting the club's {pending.what} at {pending.email}.
      </p>
      <Form method="post" className="subscribe-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Confirming..." : "Confirm"}
        </button>
      </Form>
    </section>
  );
}
