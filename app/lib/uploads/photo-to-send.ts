import type { Notice } from "../notifications";
import { checkUpload, checkUploadType, UPLOAD_RULES, type UploadFlow } from "./rules";

/**
 * What the browser sends for a picked file (docs/product.md, 'Photos'): a file of the wrong
 * type is refused at once; a photo is then shrunk (shrink-photo.client.ts, loaded only now,
 * so only a page where a file was chosen fetches it), and the product's own checks judge the
 * result in their own words, 'File too large' included for what is still too large.
 */
export async function photoToSend(flow: UploadFlow, file: File): Promise<{ file: File } | { problem: Notice }> {
  const wrongType = checkUploadType(flow, file);
  if (wrongType) return { problem: wrongType };
  let photo = file;
  try {
    const { shrinkPhoto } = await import("./shrink-photo.client");
    photo = await shrinkPhoto(file, UPLOAD_RULES[flow].maxBytes);
  } catch {
    // The shrinking code did not load (the connection dropped): the file goes as it is.
  }
  const problem = checkUpload(flow, photo);
  return problem ? { problem } : { file: photo };
}
