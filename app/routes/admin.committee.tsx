import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { CardSection } from "~/components/admin/CardSection";
import { ConfirmCard } from "~/components/admin/ConfirmCard";
import { AdminPage, adminLinks } from "~/components/admin/AdminPage";
import { AccountLinkCard, LINK_FORM_ACTION, type MadeLink } from "~/components/admin/committee/AccountLinkCard";
import { PendingInvitations } from "~/components/admin/committee/PendingInvitations";
import { PeopleTable } from "~/components/admin/committee/PeopleTable";
import { EMAIL_HINT, EMAIL_LABEL, ResetLinkByEmailForm } from "~/components/admin/committee/ResetLinkByEmailForm";
import { GalleryPassphraseForm } from "~/components/admin/GalleryPassphraseForm";
import { RequireTwoFactorForm } from "~/components/admin/RequireTwoFactorForm";
import { TextField } from "~/components/admin/Field";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { RouteErrorBoundary } from "~/components/RouteError";
import { adminUpstream } from "~/lib/admin/client.server";
import { requireAdministrator, runPersonChange, makeLink } from "~/lib/admin/committee/committee-actions.server";
import { peopleSchema } from "~/lib/admin/committee/committee.server";
import { readPendingInvitations, revokeInvitation, revokingOf } from "~/lib/admin/committee/invitations.server";
import { readGalleryPassphraseSet } from "~/lib/admin/gallery/passphrase.server";
import { readIntent } from "~/lib/admin/forms/intent.server";
import { readRequireTwoFactor } from "~/lib/admin/account/two-factor.server";
import { problemsOf, typedOf, type FormFailure } from "~/lib/admin/forms/form-failure";
import { env } from "~/lib/config.server";
import invitationStyles from "~/styles/admin-invitations.css";
import { ROLE_LABELS, ROLES } from "../../common/roles";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: invitationStyles }];
export const meta: MetaFunction = () => [{ title: "Committee" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  await requireAdministrator(admin);
  const [people, invitations, requireTwoFactor, galleryPassphraseSet] = await Promise.all([
    admin.getJson("/api/admin/users", peopleSchema),
    readPendingInvitations(admin),
    readRequireTwoFactor(admin),
    readGalleryPassphraseSet(admin),
  ]);
  return json({
    people,
    invitations,
    revoking: revokingOf(request),
    requireTwoFactor,
    galleryPassphraseSet,
    timeZone: env().SITE_TIME_ZONE,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const { intent, fields } = await readIntent(request, ["invite", "reset-link", "role", "remove", "revoke"] as const);
  if (intent === "invite" || intent === "reset-link") return makeLink(request, admin, intent, fields);
  if (intent === "revoke") return revokeInvitation(request, admin, fields);
  return runPersonChange(request, admin, intent, fields);
}

type ActionData = FormFailure | { link: MadeLink };

export default function Committee() {
  const { people, invitations, revoking, requireTwoFactor, galleryPassphraseSet, timeZone } =
    useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const failed = result && "result" in result ? result : undefined;
  const typed = typedOf(failed);
  const errors = problemsOf(failed);
  const [params] = useSearchParams();
  const removing = people.find((person) => String(person.id) === params.get("remove"));
  const revokingInvitation = invitations.find((invitation) => invitation.id === revoking);
  const made = result && "link" in result ? result.link : undefined;

  return (
    <AdminPage title="Committee">
      <AdminNotification notice={failed?.notice ?? undefined} />
      {made ? <AccountLinkCard key={made.url} link={made} timeZone={timeZone} /> : null}
      {removing ? (
        <ConfirmCard
          titleId="remove-title"
          title={`Remove ${removing.name}?`}
          intent="remove"
          about={["person", removing.id]}
          action="/admin/committee"
          confirmLabel="Remove"
          pendingLabel="Removing..."
          cancelTo="/admin/committee"
        >
          <p>They can no longer sign in, and any session they have open ends at once. What they wrote stays.</p>
        </ConfirmCard>
      ) : null}
      {revokingInvitation ? (
        <ConfirmCard
          titleId="revoke-title"
          title={`Revoke the invitation for ${revokingInvitation.name}?`}
          intent="revoke"
          about={["invitation", revokingInvitation.id]}
          action="/admin/committee"
          confirmLabel="Revoke"
          pendingLabel="Revoking..."
          cancelTo="/admin/committee"
        >
          <p>Its link stops working at once. You can make a new invitation at any time.</p>
        </ConfirmCard>
      ) : null}

      <PeopleTable people={people} timeZone={timeZone} />

      <CardSection id="require-two-factor-title" title="Two-factor sign-in" className="account-section">
        <RequireTwoFactorForm required={requireTwoFactor} />
      </CardSection>

      <CardSection id="gallery-passphrase-title" title="Gallery passphrase" className="account-section">
        <GalleryPassphraseForm set={galleryPassphraseSet} />
      </CardSection>

      <CardSection id="invite-title" title="Invite someone" className="account-section">
        <p>You get a link to send them. They choose their own username and password.</p>
        {/* A new form once a link is made, so the name typed is gone with JavaScript too. */}
        <Form method="post" action={LINK_FORM_ACTION} key={made?.url ?? "invite"}>
          <input type="hidden" name="intent" value="invite" />
          <TextField name="name" label="Their name" defaultValue={typed.name} error={errors.name} required />
          <TextField
            name="email"
            type="email"
            label={EMAIL_LABEL}
            hint={EMAIL_HINT}
            autoComplete="off"
            defaultValue={typed.email}
            error={errors.email}
          />
          <div className="field">
            <label className="field__label" htmlFor="invite-role">
              Role
            </label>
            <select id="invite-role" name="role" defaultValue={typed.role ?? "editor"}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
            <p className="field__hint">
              An Editor manages news, events, the gallery and the two text pages. An Administrator can also manage
              people and site settings.
            </p>
          </div>
          <SubmitButton intent="invite" pendingLabel="Making the link...">
            Make invitation link
          </SubmitButton>
        </Form>
      </CardSection>

      <CardSection id="reset-email-title" title="E-mail a password-reset link" className="account-section">
        <ResetLinkByEmailForm people={people} typed={typed} error={errors.resetEmail} formKey={made?.url ?? "reset"} />
      </CardSection>

      <CardSection id="pending-invitations-title" title="Pending invitations" className="account-section">
        <PendingInvitations invitations={invitations} timeZone={timeZone} />
      </CardSection>
    </AdminPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
