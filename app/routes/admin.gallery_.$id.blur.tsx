import type { ActionFunctionArgs } from "@remix-run/node";
import { adminUpstream } from "~/lib/admin/client.server";
import { blurFaces } from "~/lib/admin/gallery/blur.server";
import { screenLoader } from "~/lib/admin/resource-route.server";
import { ITEM_ID } from "~/lib/item-id";

/** Opened by hand: the image's edit dialog in Manage Gallery, where 'Blur faces' is. */
export const loader = screenLoader(({ id = "" }) =>
  ITEM_ID.test(id) ? `/admin/gallery?edit=${id}` : "/admin/gallery",
);

/** 'Blur faces' in the Edit Gallery Image dialog (components/admin/BlurEditor.tsx); it returns to the dialog. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return blurFaces(request, await adminUpstream(request, context), params.id ?? "");
}
