import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { usesSentence } from "~/components/admin/GalleryUses";
import { adminUpstream } from "~/lib/admin/client.server";
import { galleryImageUses } from "~/lib/admin/gallery/uses.server";
import { openedByHand, toScreen } from "~/lib/admin/resource-route.server";
import { ITEM_ID } from "~/lib/item-id";

/**
 * The line the gallery's browser confirm adds beneath its question when the image is
 * also used elsewhere (docs/product.md, 'Takedown'), for Delete with JavaScript; without
 * JavaScript the ?delete=ID dialog shows the same line. `{ note: null }` when there is none.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  // Opened by hand: the question it answers is asked by Manage Gallery's Delete.
  if (openedByHand(request))
    return toScreen(request, ITEM_ID.test(id) ? `/admin/gallery?delete=${id}` : "/admin/gallery");
  const admin = await adminUpstream(request, context);
  const uses = ITEM_ID.test(id) ? await galleryImageUses(admin, id) : [];
  return json({ note: uses.length > 0 ? usesSentence(uses) : null }, { headers: { "Cache-Control": "no-store" } });
}
