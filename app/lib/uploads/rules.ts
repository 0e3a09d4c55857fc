import { IMAGE_CONTENT_TYPES, IMAGE_FILE_NAME, NOT_AN_IMAGE_MESSAGE } from "../../../common/image-types";
import { UPLOAD_LIMITS, type UploadFlow } from "../../../common/upload-limits";
import type { Notice } from "../notifications";

/**
 * The two image-upload flows of docs/product.md, 'The calls it makes' and their limits
 * ('Validation rules', 'Business constants and limits'), and their words. The browser
 * checks a picked file before sending a byte; the server does not check again, it hands
 * the file on and the /api decides (upload.server.ts words its refusals the same). The
 * limits, types and their words are the /api's own (common/upload-limits.ts,
 * common/image-types.ts).
 */
export type { UploadFlow };

interface UploadRule {
  maxBytes: number;
  tooLarge: string;
  /** The resource route the browser posts a chosen file to. */
  endpoint: string;
  /** The file picker's `accept`: a hint only, the checks below are what count. */
  accept: string;
  /** docs/product.md, 'The error catalogue': what 'Upload failed' says when the server gave no words of its own. */
  failed: string;
}

export const UPLOAD_RULES: Record<UploadFlow, UploadRule> = {
  image: {
    ...UPLOAD_LIMITS.image,
    endpoint: "/admin/uploads/image",
    accept: "image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif",
    failed: "Failed to upload image",
  },
  news: {
    ...UPLOAD_LIMITS.news,
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

type PickedFile = { size: number; type: string; name: string };

/** The browser's check of a picked file, before it is sent anywhere: the notice, or null when it may go. */
export function checkUpload(flow: UploadFlow, file: PickedFile): Notice | null {
  return checkUploadType(flow, file) ?? (file.size > UPLOAD_RULES[flow].maxBytes ? tooLargeNotice(flow) : null);
}

/** The type half of checkUpload, made before a photo is shrunk (photo-to-send.ts): shrinking cannot mend it. */
export function checkUploadType(flow: UploadFlow, file: Omit<PickedFile, "size">): Notice | null {
  return flow === "image" && !isAcceptedImage(file) ? invalidFileNotice() : null;
}

/** docs/product.md, 'Validation rules': a file of the events and gallery flow that is no jpg, png or gif. */
export function invalidFileNotice(): Notice {
  return { kind: "error", title: "Invalid file", description: NOT_AN_IMAGE_MESSAGE };
}

export function tooLargeNotice(flow: UploadFlow): Notice {
  return { kind: "error", title: "File too large", description: UPLOAD_RULES[flow].tooLarge };
}

/**
 * 'Upload failed': the event/gallery flow passes on the server's words (docs/product.md, 'The error catalogue');
 * the news flow always says its one sentence.
 */
export function uploadFailedNotice(flow: UploadFlow, serverMessage?: string): Notice {
  const description = flow === "image" && serverMessage ? serverMessage : UPLOAD_RULES[flow].failed;
  return { kind: "error", title: "Upload failed", description };
}

function isAcceptedImage(file: { type: string; name: string }): boolean {
  // Some systems send no type for a picked file; the name's extension decides then.
  return file.type ? IMAGE_CONTENT_TYPES.has(file.type.toLowerCase()) : IMAGE_FILE_NAME.test(file.name);
}
