import type { AppLoadContext } from "@remix-run/node";
import type { UpstreamSender } from "../upstream.server";
import { BATCH_FILE_FIELD, MAX_BATCH_FILES, type RefusedFile } from "./batch";
import { readBatchForm } from "./batch-body.server";
import { addBatchFile, batchOptionsOf } from "./batch-store.server";
import { UPLOAD_RULES } from "./rules";

/**
 * The batch form posted without JavaScript (docs/product.md, 'Photos'): every file in turn is
 * checked, stored and added as it streams in; a refused one is named and the rest go on.
 * The ids come back in the order the files were picked, which is the album's order.
 */
export async function addPostedBatch(
  request: Request,
  context: AppLoadContext,
  admin: UpstreamSender,
): Promise<{ ids: number[]; refused: RefusedFile[] }> {
  const ids: number[] = [];
  const refused: RefusedFile[] = [];
  let seen = 0;
  await readBatchForm(request, {
    field: BATCH_FILE_FIELD,
    maxBytes: UPLOAD_RULES.image.maxBytes,
    async onFile(part, fields) {
      seen += 1;
      if (seen > MAX_BATCH_FILES) refused.push({ name: part.name, why: "too-many" });
      else if ("tooLarge" in part) refused.push({ name: part.name, why: "too-large" });
      else {
        const added = await addBatchFile(context, admin, part.file, batchOptionsOf(fields));
        if ("id" in added) ids.push(added.id);
        else refused.push(added.refused);
      }
    },
  });
  return { ids, refused };
}
