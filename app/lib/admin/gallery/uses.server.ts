import { z } from "zod";
import { UpstreamError } from "../../upstream/client.server";
import type { AdminUpstream } from "../client.server";

/** A news item, event or other gallery image showing the same stored image (docs/product.md, 'Takedown'). */
export interface ImageUse {
  type: "news" | "event" | "gallery";
  id: number;
  title: string;
}

/**
 * What else loses the image when gallery image `id` is deleted, for the delete
 * confirmation. An upstream that speaks docs/product.md, 'The calls it makes' alone has no such call (404):
 * there is nothing to name then.
 */
export async function galleryImageUses(admin: AdminUpstream, id: string): Promise<ImageUse[]> {
  const schema = z.array(z.object({ type: z.enum(["news", "event", "gallery"]), id: z.number(), title: z.string() }));
  try {
    return await admin.getJson(`/api/admin/gallery/${encodeURIComponent(id)}/uses`, schema);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return [];
    throw error;
  }
}
