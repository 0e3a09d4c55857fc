import { readFormBody } from "../../form-body.server";
import { pageNumberOf } from "../../paging/page-number";
import { pageHref } from "../../paging/pages";
import { redirectWithNotice } from "../../security/session.server";
import { UpstreamError } from "../../upstream/client.server";
import type { AdminUpstream } from "../client.server";
import { dialogHref } from "../../dialog-state";

const LIST_PATH = "/admin/gallery";

/**
 * The Edit Gallery Image dialog's 'Blur faces' (docs/product.md, 'Photos'): the regions the
 * editor drew (form field `regions`, JSON) go to POST /api/admin/gallery/{id}/blur,
 * which checks them. Either way it returns to the dialog, on the list page it was
 * opened on (`page`), with a notice; the dialog, read again, shows the new image.
 */
export async function blurFaces(request: Request, admin: AdminUpstream, id: string) {
  const { fields } = await readFormBody(request);
  const back = dialogHref(pageHref(LIST_PATH, pageNumberOf(fields.page)), "edit", id);
  const failed = (description: string) =>
    redirectWithNotice(request, back, { kind: "error", title: "Failed to blur faces", description });
  let regions: unknown;
  try {
    regions = JSON.parse(fields.regions ?? "");
  } catch {
    return failed("regions: must be a list of regions");
  }
  try {
    await admin.send(`/api/admin/gallery/${encodeURIComponent(id)}/blur`, { method: "POST", json: { regions } });
  } catch (error) {
    if (error instanceof UpstreamError) return failed(error.detail);
    throw error;
  }
  return redirectWithNotice(request, back, { kind: "success", title: "Faces blurred" });
}
