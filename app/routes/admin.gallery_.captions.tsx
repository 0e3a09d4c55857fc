import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminLinks, AdminPage } from "~/components/admin/AdminPage";
import { BatchCaptionsForm } from "~/components/admin/batch/BatchCaptionsForm";
import { RouteErrorBoundary } from "~/components/RouteError";
import batchStyles from "~/styles/admin-batch.css";
import { batchImages, readCaptions, saveCaptions } from "~/lib/admin/gallery/batch-captions.server";
import { adminUpstream } from "~/lib/admin/client.server";
import { readFormBody } from "~/lib/form-body.server";
import { redirectWithNotice } from "~/lib/security/session.server";
import { readAddedNames, readCaptionsQuery } from "~/lib/uploads/batch";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: batchStyles }];
export const meta: MetaFunction = () => [
  { title: "Captions and descriptions" },
  { name: "robots", content: "noindex" },
];

/** docs/product.md, 'Photos': the images a batch just added (by id in the address, read in one call), and the files it refused. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const url = new URL(request.url);
  const { ids, refused } = readCaptionsQuery(url);
  const names = readAddedNames(url, ids);
  const images = (await batchImages(admin, ids)).map((image) => ({ ...image, fileName: names.get(image.id) ?? "" }));
  return json({ images, refused });
}

/** Every caption and description of the batch in one form, saved in one call; back to the gallery when saved. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const { fields } = await readFormBody(request);
  const { ids } = readCaptionsQuery(new URL(`?ids=${encodeURIComponent(fields.ids ?? "")}`, request.url));
  const { texts, errors } = readCaptions(fields, ids);
  if (Object.keys(errors).length > 0) return json({ errors, fields }, { status: 400 });
  const refused = await saveCaptions(admin, texts);
  if (refused) return json({ errors: refused, fields }, { status: 400 });
  return redirectWithNotice(request, "/admin/gallery", { kind: "success", title: "Captions saved" });
}

export default function BatchCaptions() {
  const { images, refused } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <AdminPage title="Captions and descriptions">
      <BatchCaptionsForm images={images} refused={refused} errors={failed?.errors} posted={failed?.fields} />
    </AdminPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
