import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminLinks, AdminPage } from "~/components/admin/AdminPage";
import { BatchUploadForm } from "~/components/admin/batch/BatchUploadForm";
import { RouteErrorBoundary } from "~/components/RouteError";
import batchStyles from "~/styles/admin-batch.css";
import { albumChoices } from "~/lib/admin/gallery/album-choices.server";
import { adminUpstream } from "~/lib/admin/client.server";
import { captionsPath } from "~/lib/uploads/batch";
import { addPostedBatch } from "~/lib/uploads/batch-form.server";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: batchStyles }];
export const meta: MetaFunction = () => [{ title: "Add Images" }, { name: "robots", content: "noindex" }];

/** docs/product.md, 'Photos': many photos at once, into an album or none. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  return json({ albums: await albumChoices(admin) });
}

/** The form posted without JavaScript: every file added in turn, then the captions screen. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const { ids, names, refused } = await addPostedBatch(request, context, admin);
  if (ids.length === 0 && refused.length === 0) return json({ error: "Choose at least one photo." }, { status: 400 });
  return redirect(captionsPath(ids, refused, names));
}

export default function AddImages() {
  const { albums } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <AdminPage title="Add Images">
      <BatchUploadForm albums={albums} error={failed?.error} />
    </AdminPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
