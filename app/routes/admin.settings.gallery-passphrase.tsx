import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { GALLERY_PASSPHRASE_LABEL } from "~/components/admin/GalleryPassphraseForm";
import { adminUpstream } from "~/lib/admin/client.server";
import { describeProblem } from "~/lib/admin/messages";
import { readFormBody } from "~/lib/form-body.server";
import { redirectWithNotice } from "~/lib/security/session.server";
import { UpstreamError } from "~/lib/upstream.server";

/** Where the setting's forms sit; the answer goes back there either way. */
const COMMITTEE_PATH = "/admin/committee";

/** Nothing to show here: the forms live on the committee screen. */
export function loader() {
  return redirect(COMMITTEE_PATH);
}

/** GalleryPassphraseForm's action: PUT /api/admin/settings/gallery-passphrase (an Administrator's; an Editor is refused). */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const { fields } = await readFormBody(request);
  const passphrase = fields.remove === "1" ? null : (fields.passphrase ?? "");
  try {
    await admin.send("/api/admin/settings/gallery-passphrase", { method: "PUT", json: { passphrase } });
  } catch (error) {
    if (error instanceof Response) throw error;
    const problem = describeProblem(error instanceof UpstreamError ? error : undefined, {
      passphrase: GALLERY_PASSPHRASE_LABEL,
    });
    return redirectWithNotice(request, COMMITTEE_PATH, {
      kind: "error",
      title: "Could not change the gallery passphrase",
      description: problem.text,
    });
  }
  return redirectWithNotice(request, COMMITTEE_PATH, {
    kind: "success",
    title: passphrase ? "The gallery passphrase is changed" : "The gallery passphrase is removed",
  });
}
