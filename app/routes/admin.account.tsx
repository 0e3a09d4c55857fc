import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { CardSection } from "~/components/admin/CardSection";
import { AdminPage, adminLinks } from "~/components/admin/AdminPage";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { PasskeysSection, RemovePasskey, REMOVE_PASSKEY_PARAM } from "~/components/admin/committee/PasskeysSection";
import { SessionsTable } from "~/components/admin/committee/SessionsTable";
import { TwoFactorSummary } from "~/components/admin/committee/TwoFactorSummary";
import { NewPasswordFields } from "~/components/admin/committee/NewPasswordFields";
import { TextField } from "~/components/admin/Field";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { RouteErrorBoundary } from "~/components/RouteError";
import { adminUpstream } from "~/lib/admin/client.server";
import { passwordMismatch, sessionsSchema, whoAmI } from "~/lib/admin/committee/committee.server";
import { readIntent } from "~/lib/admin/forms/intent.server";
import { formFailure, runMutation, replyWith } from "~/lib/admin/forms/mutation.server";
import { shownForm, type FormFailure } from "~/lib/admin/forms/form-failure";
import { passkeysSchema, removePasskey } from "~/lib/admin/account/passkeys.server";
import { env } from "~/lib/config.server";
import { ROLE_LABELS } from "../../common/roles";

export const links = adminLinks;
export const meta: MetaFunction = () => [{ title: "Your account" }, { name: "robots", content: "noindex" }];

const LABELS = {
  name: "Your name",
  currentPassword: "Current password",
  newPassword: "New password",
  confirmPassword: "New password again",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const me = await whoAmI(admin);
  if (!me) throw redirect("/admin/dashboard");
  const sessions = await admin.getJson("/api/admin/me/sessions", sessionsSchema);
  const passkeys = await admin.getJson("/api/admin/passkeys", passkeysSchema);
  return json({ me, sessions, passkeys, timeZone: env().SITE_TIME_ZONE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const { intent, fields } = await readIntent(request, [
    "name",
    "password",
    "sign-out-session",
    "remove-passkey",
  ] as const);
  if (intent === "remove-passkey") return removePasskey(request, admin, fields);
  const common = { labels: LABELS, redirectTo: "/admin/account", values: { intent } };
  if (intent === "name") {
    return runMutation(request, {
      ...common,
      values: { intent, name: fields.name ?? "" },
      call: () => admin.send("/api/admin/me", { method: "PUT", json: { name: fields.name ?? "" } }),
      success: { kind: "success", title: "Name saved", description: "Your name is shown as you wrote it." },
      failure: (error) => ({ kind: "error", title: "Failed to save your name", description: error }),
    });
  }
  if (intent === "password") {
    const problem = passwordMismatch(fields, "newPassword", LABELS.newPassword);
    if (problem) {
      const notice = { kind: "error", title: "Failed to change your password", description: problem } as const;
      return formFailure(notice, replyWith({ intent }, { confirmPassword: problem }));
    }
    return runMutation(request, {
      ...common,
      call: () =>
        admin.send("/api/admin/me/password", {
          method: "PUT",
          json: { currentPassword: fields.currentPassword ?? "", newPassword: fields.newPassword ?? "" },
        }),
      success: { kind: "success", title: "Password changed", description: "Your other sessions were signed out." },
      failure: (error) => ({ kind: "error", title: "Failed to change your password", description: error }),
    });
  }
  const session = encodeURIComponent(fields.session ?? "");
  return runMutation(request, {
    ...common,
    call: () => admin.send(`/api/admin/me/sessions/${session}`, { method: "DELETE" }),
    success: { kind: "success", title: "Session signed out", description: "That device must sign in again." },
    failure: (error) => ({ kind: "error", title: "Failed to sign the session out", description: error }),
  });
}

export default function YourAccount() {
  const { me, sessions, passkeys, timeZone } = useLoaderData<typeof loader>();
  const failed = useActionData<FormFailure>();
  const named = shownForm(failed, "name", { name: me.name });
  const password = shownForm(failed, "password", {});
  const [params] = useSearchParams();
  const removing = passkeys.find((passkey) => passkey.id === params.get(REMOVE_PASSKEY_PARAM));
  return (
    <AdminPage title="Your account">
      <AdminNotification notice={failed?.notice ?? undefined} />
      {removing ? (
        <RemovePasskey
          passkey={removing}
          codes={me.twoFactor.totp}
          errors={shownForm(failed, "remove-passkey", {}).errors}
        />
      ) : null}
      <p>{`Signed in as ${me.username}, ${ROLE_LABELS[me.role]}.`}</p>

      <CardSection id="account-name" title="Your name" className="account-section">
        <Form method="post">
          <input type="hidden" name="intent" value="name" />
          <TextField
            name="name"
            label={LABELS.name}
            hint="How the committee and the record of changes show you."
            defaultValue={named.values.name}
            error={named.errors.name}
            autoComplete="name"
            required
          />
          <SubmitButton intent="name" pendingLabel="Saving...">
            Save name
          </SubmitButton>
        </Form>
      </CardSection>

      <CardSection id="account-password" title="Password" className="account-section">
        <Form method="post">
          <input type="hidden" name="intent" value="password" />
          <input type="hidden" name="username" value={me.username} autoComplete="username" />
          <TextField
            name="currentPassword"
            label={LABELS.currentPassword}
            type="password"
            autoComplete="current-password"
            error={password.errors.currentPassword}
            required
          />
          <NewPasswordFields
            name="newPassword"
            label={LABELS.newPassword}
            hint="Your other sessions will be signed out."
            errors={password.errors}
          />
          <SubmitButton intent="password" pendingLabel="Changing...">
            Change password
          </SubmitButton>
        </Form>
      </CardSection>

      <TwoFactorSummary twoFactor={me.twoFactor} timeZone={timeZone} />

      <PasskeysSection passkeys={passkeys} timeZone={timeZone} codes={me.twoFactor.totp} />

      <CardSection id="account-sessions" title="Sessions" className="account-section">
        <SessionsTable sessions={sessions} timeZone={timeZone} />
      </CardSection>
    </AdminPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
