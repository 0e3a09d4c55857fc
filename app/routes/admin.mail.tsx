import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { AdminPage, adminLinks } from "~/components/admin/AdminPage";
import { CardSection } from "~/components/admin/CardSection";
import { ConfirmCard } from "~/components/admin/ConfirmCard";
import { TextField } from "~/components/admin/Field";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { MailStatusCard } from "~/components/admin/mail/MailStatusCard";
import { OutboxSection } from "~/components/admin/mail/OutboxSection";
import { SubscribersSection } from "~/components/admin/mail/SubscribersSection";
import { RouteErrorBoundary } from "~/components/RouteError";
import { adminUpstream } from "~/lib/admin/client.server";
import { requireAdministrator } from "~/lib/admin/committee/committee-actions.server";
import { problemsOf, typedOf, type FormFailure } from "~/lib/admin/forms/form-failure";
import { readIntent } from "~/lib/admin/forms/intent.server";
import { runMutation } from "~/lib/admin/forms/mutation.server";
import { mailViewOf, readMailScreen } from "~/lib/admin/mail/mail.server";
import { mailHref } from "~/lib/admin/mail/mail-words";
import { env } from "~/lib/config.server";
import mailStyles from "~/styles/admin-mail.css";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: mailStyles }];
export const meta: MetaFunction = () => [{ title: "Mail" }, { name: "robots", content: "noindex" }];

const LABELS = { to: "Send it to" };

/** The admin's Mail screen (docs/product.md, 'E-mail'), for Administrators; an Editor gets the 403 page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  await requireAdministrator(admin);
  const view = mailViewOf(request);
  const screen = await readMailScreen(admin, view);
  return json({ ...screen, view, timeZone: env().SITE_TIME_ZONE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const { intent, fields } = await readIntent(request, ["test", "remove"] as const);
  const view = mailViewOf(request);
  if (intent === "test") {
    const to = fields.to ?? "";
    return runMutation(request, {
      labels: LABELS,
      values: { to },
      // To the outbox's first page, unfiltered, where the new message is.
      redirectTo: mailHref({ ...view, page: 1, state: null }),
      call: () => admin.send("/api/admin/mail/test", { method: "POST", json: { to } }),
      success: {
        kind: "success",
        title: "Test e-mail queued",
        description: "It is at the top of the outbox below.",
      },
      failure: (error) => ({ kind: "error", title: "Failed to queue the test e-mail", description: error }),
    });
  }
  const id = /^\d{1,12}$/.test(fields.subscriber ?? "") ? fields.subscriber : "0";
  return runMutation(request, {
    labels: {},
    redirectTo: mailHref({ ...view, subscribersPage: 1 }),
    call: () => admin.send(`/api/admin/subscribers/${id}`, { method: "DELETE" }),
    success: { kind: "success", title: "Subscriber removed", description: "They get no more e-mail from the club." },
    failure: (error) => ({ kind: "error", title: "Failed to remove the subscriber", description: error }),
  });
}

export default function Mail() {
  const { summary, outbox, subscribers, view, timeZone } = useLoaderData<typeof loader>();
  const failed = useActionData<FormFailure>();
  const typed = typedOf(failed);
  const errors = problemsOf(failed);
  const [params] = useSearchParams();
  const removing = subscribers.items.find((subscriber) => String(subscriber.id) === params.get("remove"));
  const here = mailHref(view);

  return (
    <AdminPage title="Mail">
      <AdminNotification notice={failed?.notice ?? undefined} />
      {removing ? (
        <ConfirmCard
          titleId="remove-subscriber-title"
          title={`Remove ${removing.email}?`}
          intent="remove"
          about={["subscriber", removing.id]}
          action={here}
          confirmLabel="Remove"
          pendingLabel="Removing..."
          cancelTo={here}
        >
          <p>
            Their address, their choices and their consent record are deleted, with any message to them not yet sent.
            They get no more e-mail from the club.
          </p>
        </ConfirmCard>
      ) : null}

      <MailStatusCard summary={summary} timeZone={timeZone} />

      <CardSection id="mail-test-title" title="Send a test e-mail" className="mail-section">
        <p>It goes through the outbox like every other message, so you can see that e-mail reaches people.</p>
        <Form method="post" action={here} key={failed ? "failed" : "test"}>
          <input type="hidden" name="intent" value="test" />
          <TextField
            name="to"
            label="Send it to"
            type="email"
            autoComplete="email"
            defaultValue={typed.to}
            error={errors.to}
            required
          />
          <SubmitButton intent="test" pendingLabel="Sending...">
            Send a test e-mail
          </SubmitButton>
        </Form>
      </CardSection>

      <OutboxSection
        outbox={outbox}
        queued={summary.queued}
        failed={summary.failed}
        configured={summary.configured}
        view={view}
        timeZone={timeZone}
      />

      <SubscribersSection counts={summary.subscribers} subscribers={subscribers} view={view} timeZone={timeZone} />
    </AdminPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
