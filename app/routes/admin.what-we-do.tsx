import { Link } from "@remix-run/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { adminLinks } from "~/components/admin/AdminPage";
import { PageTextScreen, type PageTextField } from "~/components/admin/PageTextEditor";
import { whatWeDoSchema } from "~/lib/upstream/answers.server";
import { labelsOf } from "~/lib/admin/forms/messages";
import { loadPageTexts, savePageTexts } from "~/lib/admin/page-texts.server";
import { RouteErrorBoundary } from "~/components/RouteError";

export const links = adminLinks;
export const meta: MetaFunction = () => [{ title: "Edit What We Do Content" }, { name: "robots", content: "noindex" }];

const FIELDS: readonly PageTextField[] = [
  { name: "mission", label: "Mission Statement", rows: 6 },
  { name: "activities", label: "Club Activities", rows: 8 },
  { name: "impact", label: "Impact Description", rows: 6 },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadPageTexts(request, context, "/api/what-we-do", whatWeDoSchema);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return savePageTexts(request, context, {
    apiPath: "/api/admin/what-we-do",
    labels: labelsOf(FIELDS),
    contentName: "What We Do",
    redirectTo: "/admin/what-we-do",
  });
}

export default function EditWhatWeDo() {
  return (
    <>
      <PageTextScreen title="Edit What We Do Content" fields={FIELDS} />
      <p className="admin-page__history">
        <Link to="/admin/what-we-do/history">
          History<span className="visually-hidden"> of the What We Do text</span>
        </Link>
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
