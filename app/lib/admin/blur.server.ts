import { json } from "@remix-run/node";
import { readFormBody } from "../form-body.server";
import { galleryImageSchema } from "../models.server";
import { UpstreamError } from "../upstream.server";
import type { AdminUpstream } from "./client.server";

/** What the editor hears back (components/admin/BlurEditor.tsx): the new address, or why not. */
export type BlurAnswer = { imageUrl: string } | { message: string };

/**
 * The Edit Gallery Image dialog's 'Blur faces' (docs/product.md §12): the regions the
 * editor drew (a form field of JSON) go to POST /api/admin/gallery/{id}/blur, which
 * checks them; the answer is the image's new address, or the /api's own words.
 */
export async function blurFaces(request: Request, admin: AdminUpstream, id: string | undefined) {
  const { fields } = await readFormBody(request);
  if (!id || !/^\d{1,15}$/.test(id)) return json<BlurAnswer>({ message: "Gallery image not found" }, { status: 404 });
  let regions: unknown;
  try {
    regions = JSON.parse(fields.regions ?? "");
  } catch {
    return json<BlurAnswer>({ message: "regions: must be a list of regions" }, { status: 400 });
  }
  try {
    const response = await admin.send(`/api/admin/gallery/${id}/blur`, { method: "POST", json: { regions } });
    const { imageUrl } = galleryImageSchema.parse(await response.json());
    return json<BlurAnswer>({ imageUrl });
  } catch (error) {
    if (error instanceof UpstreamError) {
      return json<BlurAnswer>({ message: error.detail }, { status: error.status < 500 ? error.status : 502 });
    }
    throw error;
  }
}
