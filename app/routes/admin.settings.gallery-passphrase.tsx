import type { ActionFunctionArgs } from "@remix-run/node";
import { GALLERY_PASSPHRASE_LABEL } from "~/components/admin/GalleryPassphraseForm";
import { changeSetting, SETTINGS_PATH } from "~/lib/admin/committee/setting-action.server";
import { screenLoader } from "~/lib/admin/resource-route.server";

/** Nothing to show here: the forms live on the committee screen. */
export const loader = screenLoader(SETTINGS_PATH);

/** GalleryPassphraseForm's action: PUT /api/admin/settings/gallery-passphrase (an Administrator's; an Editor is refused). */
export async function action({ request, context }: ActionFunctionArgs) {
  return changeSetting(request, context, (fields) => {
    const passphrase = fields.remove === "1" ? null : (fields.passphrase ?? "");
    return {
      path: "/api/admin/settings/gallery-passphrase",
      json: { passphrase },
      done: passphrase ? "The gallery passphrase is changed" : "The gallery passphrase is removed",
      failed: "Could not change the gallery passphrase",
      labels: { passphrase: GALLERY_PASSPHRASE_LABEL },
    };
  });
}
