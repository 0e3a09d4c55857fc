import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminLinks } from "~/components/admin/AdminPage";
import { Field } from "~/components/admin/Field";
import { FollowUpScreen } from "~/components/admin/FollowUpScreen";
import { RouteErrorBoundary } from "~/components/RouteError";
import { adminUpstream } from "~/lib/admin/client.server";
import { fieldOf, FOLLOW_UP_PATHS, followUpName } from "~/lib/admin/gallery/follow-up";
import { readFollowUpPage, saveDescriptions } from "~/lib/admin/gallery/follow-up.server";
import { DESCRIPTION_LABEL, NO_NAMES_REMINDER } from "~/lib/admin/photo-texts";
import { readFormBody } from "~/lib/form-body.server";
import photoStyles from "~/styles/admin-photos.css";
import { problemsOf, typedOf, type FormFailure } from "~/lib/admin/forms/form-failure";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: photoStyles }];
export const meta: MetaFunction = () => [
  { title: "Images without a description" },
  { name: "robots", content: "noindex" },
];

/**
 * docs/product.md, 'Photos': the gallery images that have no description, a page at a time,
 * each with a field; the descriptions typed are saved together.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  return json(await readFollowUpPage(request, admin, "description"));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const { fields } = await readFormBody(request);
  return saveDescriptions(request, admin, fields);
}

const REMINDER_ID = "descriptions-reminder";

export default function GalleryDescriptions() {
  const { images, paging } = useLoaderData<typeof loader>();
  const failed = useActionData<FormFailure>();
  const typed = typedOf(failed);
  const errors = problemsOf(failed);
  return (
    <FollowUpScreen
      title="Images without a description"
      path={FOLLOW_UP_PATHS.description}
      images={images}
      paging={paging}
      failed={failed}
      empty="Every image has a description."
      intro={
        <p id={REMINDER_ID} className="field__hint">
          {NO_NAMES_REMINDER}
        </p>
      }
      row={(image) => {
        const name = fieldOf("altText", image.id);
        return (
          <Field id={name} label={`${DESCRIPTION_LABEL} (${followUpName(image)})`} error={errors[name]}>
            {(control) => (
              <textarea
                {...control}
                name={name}
                rows={2}
                defaultValue={typed[name] ?? ""}
                // The reminder above the list is every field's hint.
                aria-describedby={[REMINDER_ID, control["aria-describedby"]].filter(Boolean).join(" ")}
              />
            )}
          </Field>
        );
      }}
      submitLabel="Save descriptions"
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
