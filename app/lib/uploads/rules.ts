import type { Notice } from "../notifications";
import { MB } from "../request-limits";

/**
 * The two image-upload flows of docs/product.md §7 and their limits (§5, §9). Shared by the
 * browser (checks before sending a byte) and the server (the same checks for forms
 * posted without JavaScript), so both say the same words.
 */
export type UploadFlow = "image" | "news";

/** Events and gallery accept only these (docs/product.md §5: jpg, jpeg, png, gif). */
const IMAGE_TYPES = new Set(["image/jpeg", "image/jpg", "image/pjpeg", "image/png", "image/gif"]);
const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif)$/i;

interface UploadRule {
  maxBytes: number;
  tooLarge: string;
  /** The resource route the browser posts a chosen file to. */
  endpoint: string;
  /** The file picker's `accept`: a hint only, the checks below are what count. */
  accept: string;
  /** docs/product.md §8: what 'Upload failed' says when the server gave no words of its own. */
  failed: string;
}

export const UPLOAD_RULES: Record<UploadFlow, UploadRule> = {
  image: {
    maxBytes: 5 * MB,
    tooLarge: "Image must be less than 5MB",
    endpoint: "/admin/uploads/image",
    accept: "image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif",
    failed: "Failed to upload image",
  },
  news: {
    maxBytes: 10 * MB,
    tooLarge: "File size must be less than 10MB",
    endpoint: "/admin/uploads/news-image",
    accept: "image/*",
    failed: "Failed to upload file. Please try again.",
  },
};

export const UPLOAD_SUCCESS: Notice = { kind: "success", title: "Upload successful" };
export const UPLOAD_NETWORK_ERROR: Notice = {
  kind: "error",
  title: "Upload error",
  description: "An error occurred while uploading the image",
};

/** Size and type problems, found before the file is sent anywhere; null when it may go. */
export function checkUpload(flow: UploadFlow, file: { size: number; type: string; name: string }): Notice | null {
  const rule = UPLOAD_RULES[flow];
  if (flow === "image" && !isAcceptedImage(file)) {
    return { kind: "error", title: "Invalid file", description: "Please upload an image file (jpg, jpeg, png, gif)" };
  }
  if (file.size > rule.maxBytes) return tooLargeNotice(flow);
  return null;
}

export function tooLargeNotice(flow: UploadFlow): Notice {
  return { kind: "error", title: "File too large", description: UPLOAD_RULES[flow].tooLarge };
}

/**
 * 'Upload failed': the event/gallery flow passes on the server's words (docs/product.md §8);
 * the news flow always says its one sentence.
 */
export function uploadFailedNotice(flow: UploadFlow, serverMessage?: string): Notice {
  const description = flow === "image" && serverMessage ? serverMessage : UPLOAD_RULES[flow].failed;
  return { kind: "error", title: "Upload failed", description };
}

function isAcceptedImage(file: { type: string; name: string }): boolean {
  // Some systems send no type for a picked file; the name's extension decides then.
  return file.type ? IMAGE_TYPES.has(file.type.toLowerCase()) : IMAGE_EXTENSIONS.test(file.name);
}
