import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, adminLinks } from "~/components/admin/AdminPage";
import { PageTextEditor, type PageTextField } from "~/components/admin/PageTextEditor";
import { requireAdmin } from "~/lib/admin.server";
import { whoWeAreSchema } from "~/lib/models";
import { savePageTexts } from "~/lib/page-texts.server";
import { getJson } from "~/lib/upstream.server";

export const links = adminLinks;
export const meta: MetaFunction = () => [{ title: "Edit Who We Are Content" }, { name: "robots", content: "noindex" }];

const FIELDS: readonly PageTextField[] = [
  { name: "aboutUs", label: "About Us", rows: 8 },
  { name: "whoAreWe", label: "Committee Members / Leadership", rows: 4 },
  { name: "contactEmail", label: "Contact Information", hint: "The e-mail address shown under Contact Us." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ content: await getJson(context, "/api/who-we-are", whoWeAreSchema) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return savePageTexts(request, context, {
    apiPath: "/api/admin/who-we-are",
    fields: FIELDS.map((field) => field.name),
    contentName: "Who We Are",
    redirectTo: "/admin/who-we-are",
  });
}

export default function EditWhoWeAre() {
  const { content } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <AdminPage title="Edit Who We Are Content">
      <PageTextEditor
        fields={FIELDS}
        values={failed?.values ?? content}
        fieldErrors={failed?.fieldErrors}
        notice={failed?.notice}
      />
    </AdminPage>
  );
}
