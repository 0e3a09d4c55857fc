import { Link } from "@remix-run/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { adminLinks } from "~/components/admin/AdminPage";
import { PageTextScreen, type PageTextField } from "~/components/admin/PageTextEditor";
import { whoWeAreSchema } from "~/lib/upstream/answers.server";
import { labelsOf } from "~/lib/admin/forms/messages";
import { loadPageTexts, savePageTexts } from "~/lib/admin/page-texts.server";
import { RouteErrorBoundary } from "~/components/RouteError";
import { forgetContactEmail } from "~/lib/document/contact-email.server";

export const links = adminLinks;
export const meta: MetaFunction = () => [{ title: "Edit Who We Are Content" }, { name: "robots", content: "noindex" }];

const FIELDS: readonly PageTextField[] = [
  { name: "aboutUs", label: "About Us", rows: 8 },
  { name: "whoAreWe", label: "Committee Members / Leadership", rows: 4 },
  { name: "contactEmail", label: "Contact Information", hint: "The e-mail address shown under Contact Us." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadPageTexts(request, context, "/api/who-we-are", whoWeAreSchema);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const response = await savePageTexts(request, context, {
    apiPath: "/api/admin/who-we-are",
    labels: labelsOf(FIELDS),
    contentName: "Who We Are",
    redirectTo: "/admin/who-we-are",
  });
  // The footer shows this page's contact e-mail: the next page shows the saved one.
  forgetContactEmail();
  return response;
}

export default function EditWhoWeAre() {
  return (
    <>
      <PageTextScreen title="Edit Who We Are Content" fields={FIELDS} />
      <p className="admin-page__history">
        <Link to="/admin/who-we-are/history">
          History<span className="visually-hidden"> of the Who We Are text</span>
        </Link>
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
