import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminLinks } from "~/components/admin/AdminPage";
import { FollowUpScreen } from "~/components/admin/FollowUpScreen";
import { RouteErrorBoundary } from "~/components/RouteError";
import { adminUpstream } from "~/lib/admin/client.server";
import { fieldOf, FOLLOW_UP_PATHS, followUpName } from "~/lib/admin/gallery/follow-up";
import { readFollowUpPage, recordConsent } from "~/lib/admin/gallery/follow-up.server";
import { CONSENT_CONFIRMATION } from "~/lib/admin/photo-texts";
import { readFormBody } from "~/lib/form-body.server";
import photoStyles from "~/styles/admin-photos.css";
import { problemsOf, typedOf, type FormFailure } from "~/lib/admin/forms/form-failure";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: photoStyles }];
export const meta: MetaFunction = () => [
  { title: "Images without a consent record" },
  { name: "robots", content: "noindex" },
];

/**
 * docs/product.md, 'Photos': the gallery images whose photo consent was never recorded, a page
 * at a time; the administrator ticks those it holds for, confirms, and the /api records
 * who and when.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  return json(await readFollowUpPage(request, admin, "consent"));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const { fields } = await readFormBody(request);
  return recordConsent(request, admin, fields);
}

/** The one confirmation a save needs (docs/product.md, 'Photos'); the browser asks for it first, the action too. */
function ConfirmConsent({ error }: { error: string | undefined }) {
  return (
    <div className="field">
      <p className="follow-up-check">
        <input
          type="checkbox"
          id="confirm"
          name="confirm"
          value="yes"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "confirm-error" : undefined}
          autoFocus={error ? true : undefined}
        />
        <label htmlFor="confirm">{CONSENT_CONFIRMATION}</label>
      </p>
      {error ? (
        <p id="confirm-error" className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function GalleryConsent() {
  const { images, paging } = useLoaderData<typeof loader>();
  const failed = useActionData<FormFailure>();
  const typed = typedOf(failed);
  // After a refused save the boxes show what was sent; at first every image is ticked.
  const ticked = (name: string) => (failed ? typed[name] === "yes" : true);
  return (
    <FollowUpScreen
      title="Images without a consent record"
      path={FOLLOW_UP_PATHS.consent}
      images={images}
      paging={paging}
      failed={failed}
      empty="Consent is recorded for every image."
      row={(image) => {
        const name = fieldOf("consent", image.id);
        return (
          <p className="follow-up-check">
            <input type="checkbox" id={name} name={name} value="yes" defaultChecked={ticked(name)} />
            <label htmlFor={name}>{followUpName(image)}</label>
          </p>
        );
      }}
      footer={<ConfirmConsent error={problemsOf(failed).confirm} />}
      submitLabel="Record consent"
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
