import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteError";
import { DeadLink, SubscriptionChoices } from "~/components/public/SubscriptionChoices";
import {
  changeSubscription,
  managePageData,
  PRIVATE_PAGE_HEADERS,
  type ManageResult,
} from "~/lib/public/loaders.server";
import { loaderMeta } from "~/lib/public/meta";
import subscribeStyles from "~/styles/subscribe.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: subscribeStyles }];
export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/**
 * The manage link of every e-mail to a subscriber (docs/product.md, 'E-mail'): the page
 * shows the choices, with a form to change them and an 'Unsubscribe' button, and changes
 * nothing by itself. Its POSTs change or unsubscribe; so does the one-click POST
 * (`List-Unsubscribe=One-Click`, RFC 8058) a mail provider sends from its own servers,
 * which server.ts lets through its same-site check for this address alone.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  return managePageData(context, params.token);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return changeSubscription(request, context, params.token);
}

export const meta = loaderMeta("Your e-mail updates");
export const ErrorBoundary = RouteErrorBoundary;

export default function ManageSubscription() {
  const { subscription } = useLoaderData<typeof loader>();
  const result = useActionData<ManageResult>();
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  if (result?.outcome === "unsubscribed") {
    return (
      <section className="subscribe-page">
        <h1 className="page-title">You're unsubscribed</h1>
        <p className="subscribe-notice" role="status">
          You won't get any more e-mail from us, and your address has been deleted.
        </p>
        <p>
          Changed your mind? <a href="/subscribe">Subscribe again</a>.
        </p>
      </section>
    );
  }
  if (!subscription || result?.outcome === "dead") return <DeadLink />;
  const refused = result?.outcome === "refused" ? result : null;
  return (
    <section className="subscribe-page">
      <h1 className="page-title">Your e-mail updates</h1>
      {result?.outcome === "saved" ? (
        <p className="subscribe-notice" role="status">
          Your changes are saved: you'll get the club's {result.what}.
        </p>
      ) : (
        <p>
          {subscription.email} gets the club's {subscription.what}.
        </p>
      )}
      {refused && refused.problem.field !== "news" ? (
        <p className="subscribe-form__problem" role="alert">
          {refused.problem.message}
        </p>
      ) : null}
      {/* Drawn anew when the stored choices change: a box keeps its state, not its default. */}
      <Form method="post" className="subscribe-form" key={subscription.what}>
        <SubscriptionChoices
          values={refused?.choices ?? subscription}
          problem={refused?.problem.field === "news" ? refused.problem.message : undefined}
        />
        <div className="subscribe-form__actions">
          <button type="submit" name="intent" value="save" className="button" disabled={intent === "save"}>
            {intent === "save" ? "Saving..." : "Save changes"}
          </button>
        </div>
      </Form>
      <Form method="post" className="subscribe-unsubscribe">
        <p>Unsubscribing stops every e-mail from us and deletes your address.</p>
        <button
          type="submit"
          name="intent"
          value="unsubscribe"
          className="button button--danger"
          disabled={intent === "unsubscribe"}
        >
          {intent === "unsubscribe" ? "Unsubscribing..." : "Unsubscribe"}
        </button>
      </Form>
    </section>
  );
}
