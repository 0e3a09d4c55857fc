import type { ActionFunctionArgs } from "@remix-run/node";
import { adminUpstream } from "~/lib/admin/client.server";
import { blurFaces } from "~/lib/admin/gallery/blur.server";

/** 'Blur faces' in the Edit Gallery Image dialog (components/admin/BlurEditor.tsx); it returns to the dialog. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return blurFaces(request, await adminUpstream(request, context), params.id ?? "");
}
