import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { adminLinks } from "~/components/admin/AdminPage";
import { TextField } from "~/components/admin/Field";
import { SecondStepForm } from "~/components/admin/SecondStepForm";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { PasskeySignIn } from "~/components/admin/PasskeySignIn";
import {
  cancelCodeStep,
  codeStep,
  loginStepOf,
  passwordStep,
  type LoginFailure,
} from "~/lib/admin/account/sign-in.server";
import { readFormBody } from "~/lib/form-body.server";
import { ownOrigins } from "~/lib/security/origin.server";
import { isCrossSiteRequest } from "~/lib/security/headers.server";
import { getSession } from "~/lib/security/session.server";
import { RouteErrorBoundary } from "~/components/RouteError";

export const links = adminLinks;
export const meta: MetaFunction = () => [{ title: "Admin login" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (session.get("token")) throw redirect("/admin/dashboard");
  return json({ step: await loginStepOf(request) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (isCrossSiteRequest(request, ownOrigins(request))) {
    throw json({ message: "Cross-site request refused" }, { status: 403 });
  }
  const { fields: form } = await readFormBody(request);
  if (form.intent === "code") return codeStep(request, context, form);
  if (form.intent === "cancel") return cancelCodeStep(request);
  return passwordStep(request, context, form);
}

export default function AdminLogin() {
  const { step } = useLoaderData<typeof loader>();
  const failed = useActionData<LoginFailure>();
  const form = useRef<HTMLFormElement>(null);
  // A failed code keeps the code step; any other failure goes back to the password.
  const showCode = failed ? failed.step === "code" : step === "code";

  // After a failed attempt the password is the field to type again: it is emptied and
  // focused (without JavaScript the server's page has it empty, with autofocus).
  useEffect(() => {
    const password = form.current?.elements.namedItem("password");
    if (!failed || showCode || !(password instanceof HTMLInputElement)) return;
    password.value = "";
    password.focus();
  }, [failed, showCode]);

  return (
    <section className="card login-card" aria-labelledby="login-title">
      <h1 id="login-title" className="page-title">
        Admin Login
      </h1>
      <AdminNotification notice={failed?.notice} />
      {failed ? (
        <div className="error-box" role="alert" id="login-error">
          <p>{failed.error}</p>
        </div>
      ) : null}
      {showCode ? (
        <SecondStepForm />
      ) : (
        <Form method="post" ref={form}>
          <TextField
            name="username"
            label="Username"
            placeholder="admin"
            autoComplete="username"
            defaultValue={failed?.username}
            required
          />
          <TextField
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus={failed !== undefined}
            required
          />
          <SubmitButton pendingLabel="Logging in...">Log in</SubmitButton>
        </Form>
      )}
      {showCode ? null : <PasskeySignIn />}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
