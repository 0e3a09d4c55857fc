import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, adminLinks } from "~/components/admin/AdminPage";
import { PageTextEditor, type PageTextField } from "~/components/admin/PageTextEditor";
import { requireAdmin } from "~/lib/admin.server";
import { whatWeDoSchema } from "~/lib/models";
import { savePageTexts } from "~/lib/page-texts.server";
import { getJson } from "~/lib/upstream.server";

export const links = adminLinks;
export const meta: MetaFunction = () => [{ title: "Edit What We Do Content" }, { name: "robots", content: "noindex" }];

const FIELDS: readonly PageTextField[] = [
  { name: "mission", label: "Mission Statement", rows: 6 },
  { name: "activities", label: "Club Activities", rows: 8 },
  { name: "impact", label: "Impact Description", rows: 6 },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ content: await getJson(context, "/api/what-we-do", whatWeDoSchema) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return savePageTexts(request, context, {
    apiPath: "/api/admin/what-we-do",
    fields: FIELDS.map((field) => field.name),
    contentName: "What We Do",
    redirectTo: "/admin/what-we-do",
  });
}

export default function EditWhatWeDo() {
  const { content } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <AdminPage title="Edit What We Do Content">
      <PageTextEditor
        fields={FIELDS}
        values={failed?.values ?? content}
        fieldErrors={failed?.fieldErrors}
        notice={failed?.notice}
      />
    </AdminPage>
  );
}
