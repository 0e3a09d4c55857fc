import { z } from "zod";
import type { AdminUpstream } from "../client.server";

const settingSchema = z.object({ set: z.boolean() });

/** Whether a gallery passphrase is set (docs/product.md, 'Photos'): for the committee screen's form. */
export async function readGalleryPassphraseSet(admin: AdminUpstream): Promise<boolean> {
  return (await admin.getJson("/api/admin/settings/gallery-passphrase", settingSchema)).set;
}
