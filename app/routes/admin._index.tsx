import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { adminLinks } from "~/components/admin/AdminPage";
import { TextField } from "~/components/admin/Field";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { PasskeySignIn } from "~/components/admin/PasskeySignIn";
import { loginFormSchema } from "~/lib/admin/forms.server";
import { loginResponseSchema } from "~/lib/models.server";
import type { Notice as NoticeData } from "~/lib/notifications";
import { readFormBody } from "~/lib/form-body.server";
import { ownOrigins } from "~/lib/security/origin.server";
import { isCrossSiteRequest } from "~/lib/security/headers.server";
import { getSession, redirectWithNotice } from "~/lib/security/session.server";
import { upstreamFetch, UpstreamError } from "~/lib/upstream.server";
import { RouteErrorBoundary } from "~/components/RouteError";

export const links = adminLinks;
export const meta: MetaFunction = () => [{ title: "Admin login" }, { name: "robots", content: "noindex" }];

const FALLBACK_MESSAGE = "Authentication failed";

interface LoginFailure {
  error: string;
  notice: NoticeData;
  username: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (session.get("token")) throw redirect("/admin/dashboard");
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (isCrossSiteRequest(request, ownOrigins(request))) {
    throw json({ message: "Cross-site request refused" }, { status: 403 });
  }
  const { fields: form } = await readFormBody(request);
  const username = typeof form.username === "string" ? form.username : "";

  const parsed = loginFormSchema.safeParse(form);
  if (!parsed.success) return failure(parsed.error.issues[0].message, username, 400);

  let token: string;
  try {
    const response = await upstreamFetch(context, "/api/admin/login", { method: "POST", json: parsed.data });
    token = loginResponseSchema.parse(await response.json()).token;
  } catch (error) {
    const status = error instanceof UpstreamError && error.status < 500 ? error.status : 502;
    // docs/product.md §8: the server's message when it sent one, else 'Authentication failed'.
    const serverMessage = error instanceof UpstreamError ? error.jsonMessage : undefined;
    return failure(serverMessage || FALLBACK_MESSAGE, username, status);
  }

  const welcome = {
    kind: "success",
    title: "Login Successful",
    description: "Welcome to the admin dashboard",
  } as const;
  return redirectWithNotice(request, "/admin/dashboard", welcome, (session) => session.set("token", token));
}

function failure(error: string, username: string, status: number) {
  return json<LoginFailure>(
    { error, username, notice: { kind: "error", title: "Login Failed", description: error } },
    { status },
  );
}

export default function AdminLogin() {
  const failed = useActionData<typeof action>();
  const form = useRef<HTMLFormElement>(null);

  // After a failed attempt the password is the field to type again: it is emptied and
  // focused (without JavaScript the server's page has it empty, with autofocus).
  useEffect(() => {
    const password = form.current?.elements.namedItem("password");
    if (!failed || !(password instanceof HTMLInputElement)) return;
    password.value = "";
    password.focus();
  }, [failed]);

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
      <PasskeySignIn />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
