import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { adminLinks } from "~/components/admin/AdminPage";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { NewPasswordFields } from "~/components/admin/committee/NewPasswordFields";
import { TextField } from "~/components/admin/Field";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { RouteErrorBoundary } from "~/components/RouteError";
import { joinLinkSchema, passwordMismatch } from "~/lib/admin/committee/committee.server";
import { describeProblem } from "~/lib/admin/forms/messages";
import { formFailure, replyWith } from "~/lib/admin/forms/mutation.server";
import { problemsOf, typedOf, type FormFailure } from "~/lib/admin/forms/form-failure";
import { readFormBody } from "~/lib/form-body.server";
import { loginResponseSchema } from "~/lib/upstream/answers.server";
import { ownOrigins } from "~/lib/security/origin.server";
import { isCrossSiteRequest } from "~/lib/security/headers.server";
import { redirectWithNotice } from "~/lib/security/session.server";
import { upstreamFetch, UpstreamError } from "~/lib/upstream/client.server";

export const links = adminLinks;
export const meta: MetaFunction = () => [
  { title: "Join the committee" },
  { name: "robots", content: "noindex" },
  // The link's token must not travel on to another site in a Referer header. (Not
  // no-referrer: that makes the browser send `Origin: null` with the form, which the
  // cross-site check rightly refuses.)
  { name: "referrer", content: "same-origin" },
];

/** `name` is no field here: the invitation's name, which someone may have taken since (docs/product.md, 'The committee'). */
const LABELS = {
  username: "Username",
  password: "Password",
  confirmPassword: "Password again",
  name: "The name on this invitation",
};
const DEAD_LINK = "This link is not valid. It may have been used already, or it may have expired.";

function joinPath(token: string | undefined): string {
  return `/api/admin/join/${encodeURIComponent(token ?? "")}`;
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  try {
    const response = await upstreamFetch(context, joinPath(params.token));
    return json({ link: joinLinkSchema.parse(await response.json()) });
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return json({ link: null }, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (isCrossSiteRequest(request, ownOrigins(request))) {
    throw json({ message: "Cross-site request refused" }, { status: 403 });
  }
  const { fields } = await readFormBody(request);
  const values = { username: fields.username ?? "" };
  const fail = (text: string, field?: string) =>
    formFailure(
      { kind: "error", title: "Could not finish", description: text },
      replyWith(values, field ? { [field]: text } : {}),
    );
  const mismatch = passwordMismatch(fields, "password", LABELS.password);
  if (mismatch) return fail(mismatch, "confirmPassword");
  let signedIn: { token: string };
  try {
    const body = { username: fields.username, password: fields.password ?? "" };
    const response = await upstreamFetch(context, joinPath(params.token), { method: "POST", json: body });
    signedIn = loginResponseSchema.parse(await response.json());
  } catch (error) {
    const upstream = error instanceof UpstreamError ? error : undefined;
    if (upstream?.status === 404) return fail(DEAD_LINK);
    const problem = describeProblem(upstream, LABELS);
    return fail(problem.text, problem.field);
  }
  const welcome = {
    kind: "success",
    title: "Login Successful",
    description: "Welcome to the admin dashboard",
  } as const;
  return redirectWithNotice(request, "/admin/dashboard", welcome, (session) => session.set("token", signedIn.token));
}

export default function Join() {
  const { link } = useLoaderData<typeof loader>();
  const failed = useActionData<FormFailure>();
  if (!link) {
    return (
      <section className="card login-card" aria-labelledby="join-title">
        <h1 id="join-title" className="page-title">
          Link not valid
        </h1>
        <p>{DEAD_LINK}</p>
        <p>Ask an Administrator of the committee for a new one.</p>
      </section>
    );
  }
  const invitation = link.kind === "invitation";
  const errors = problemsOf(failed);
  return (
    <section className="card login-card" aria-labelledby="join-title">
      <h1 id="join-title" className="page-title">
        {invitation ? `Welcome, ${link.name}` : `New password for ${link.name}`}
      </h1>
      <p>
        {invitation
          ? `You are invited to help run the site as ${link.role === "editor" ? "an Editor" : "an Administrator"}. Choose the username and password you will sign in with.`
          : `Choose a new password for ${link.username}. Every session signed in with the old one is signed out.`}
      </p>
      <AdminNotification notice={failed?.notice ?? undefined} />
      <Form method="post">
        {invitation ? (
          <TextField
            name="username"
            label={LABELS.username}
            autoComplete="username"
            hint="Letters, digits, dots, dashes or underscores."
            defaultValue={typedOf(failed).username}
            error={errors.username}
            required
          />
        ) : (
          <input type="hidden" name="username" value={link.username} autoComplete="username" />
        )}
        <NewPasswordFields name="password" label={LABELS.password} errors={errors} />
        <SubmitButton pendingLabel="Signing in...">{invitation ? "Join and sign in" : "Save and sign in"}</SubmitButton>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
