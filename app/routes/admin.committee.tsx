import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { CardSection } from "~/components/admin/CardSection";
import { AdminPage, adminLinks } from "~/components/admin/AdminPage";
import { AccountLinkCard, type MadeLink } from "~/components/admin/committee/AccountLinkCard";
import { PeopleTable } from "~/components/admin/committee/PeopleTable";
import { GalleryPassphraseForm } from "~/components/admin/GalleryPassphraseForm";
import { RequireTwoFactorForm } from "~/components/admin/RequireTwoFactorForm";
import { TextField } from "~/components/admin/Field";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { RouteErrorBoundary } from "~/components/RouteError";
import { adminUpstream } from "~/lib/admin/client.server";
import { requireAdministrator, runPersonChange, makeLink } from "~/lib/admin/committee/committee-actions.server";
import { peopleSchema } from "~/lib/admin/committee/committee.server";
import { readGalleryPassphraseSet } from "~/lib/admin/gallery/passphrase.server";
import { readIntent } from "~/lib/admin/forms/intent.server";
import { readRequireTwoFactor } from "~/lib/admin/account/two-factor.server";
import { problemsOf, typedOf, type FormFailure } from "~/lib/admin/forms/form-failure";
import { env } from "~/lib/config.server";
import { ROLE_LABELS, ROLES } from "../../common/roles";

export const links = adminLinks;
export const meta: MetaFunction = () => [{ title: "Committee" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  await requireAdministrator(admin);
  const [people, requireTwoFactor, galleryPassphraseSet] = await Promise.all([
    admin.getJson("/api/admin/users", peopleSchema),
    readRequireTwoFactor(admin),
    readGalleryPassphraseSet(admin),
  ]);
  return json({ people, requireTwoFactor, galleryPassphraseSet, timeZone: env().SITE_TIME_ZONE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const { intent, fields } = await readIntent(request, ["invite", "reset-link", "role", "remove"] as const);
  if (intent === "invite" || intent === "reset-link") return makeLink(request, admin, intent, fields);
  return runPersonChange(request, admin, intent, fields);
}

type ActionData = FormFailure | { link: MadeLink };

export default function Committee() {
  const { people, requireTwoFactor, galleryPassphraseSet, timeZone } = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const failed = result && "result" in result ? result : undefined;
  const typed = typedOf(failed);
  const errors = problemsOf(failed);
  const [params] = useSearchParams();
  const removing = people.find((person) => String(person.id) === params.get("remove"));

  return (
    <AdminPage title="Committee">
      <AdminNotification notice={failed?.notice ?? undefined} />
      {result && "link" in result ? <AccountLinkCard link={result.link} timeZone={timeZone} /> : null}
      {removing ? (
        <section className="card confirm-card" aria-labelledby="remove-title" role="alertdialog">
          <h2 id="remove-title">{`Remove ${removing.name}?`}</h2>
          <p>They can no longer sign in, and any session they have open ends at once. What they wrote stays.</p>
          <div className="admin-item__actions">
            <Form method="post" action="/admin/committee">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="person" value={removing.id} />
              <SubmitButton className="button button--danger" intent="remove" pendingLabel="Removing...">
                Remove
              </SubmitButton>
            </Form>
            <Link to="/admin/committee" className="button button--secondary">
              Cancel
            </Link>
          </div>
        </section>
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
        <Form method="post">
          <input type="hidden" name="intent" value="invite" />
          <TextField name="name" label="Their name" defaultValue={typed.name} error={errors.name} required />
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
    </AdminPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
