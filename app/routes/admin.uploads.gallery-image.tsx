import type { ActionFunctionArgs } from "@remix-run/node";
import { adminCaller } from "~/lib/admin/client.server";
import { answerGalleryImage } from "~/lib/uploads/gallery-image.server";
import { screenLoader } from "~/lib/admin/resource-route.server";

/** Opened by hand: Add Images, whose script posts here. */
export const loader = screenLoader("/admin/gallery/add");

/**
 * Many photos at once with JavaScript (docs/product.md, 'Photos'): the page stores each file
 * through /admin/uploads/image, then makes it a gallery image here, in file order.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return answerGalleryImage(request, await adminCaller(request, context));
}
