import { UPLOAD_RULES, uploadFailedNotice } from "~/lib/uploads/rules";
import { refusalOfStatus, refusalWords } from "~/lib/uploads/batch";

/**
 * One file of a batch sent to the image upload route with XMLHttpRequest, the one browser
 * call that reports how much of a body has gone (fetch does not): the progress bars of
 * docs/product.md, 'Photos'.
 */

export type Sent = { imageUrl: string } | { error: string };

export function sendFile(file: File, onProgress: (fraction: number) => void): Promise<Sent> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", UPLOAD_RULES.image.endpoint);
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => resolve(answerOf(request.status, request.responseText)));
    request.addEventListener("error", () => resolve({ error: uploadFailedNotice("image").description ?? "" }));
    const body = new FormData();
    body.append("file", file, file.name);
    request.send(body);
  });
}

/** The route's `{ imageUrl }`, or its words (`{ message }`) for a refusal. */
function answerOf(status: number, text: string): Sent {
  let body: { imageUrl?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON: e.g. the sign-in page after the session ended.
  }
  if (status === 200 && typeof body.imageUrl === "string") return { imageUrl: body.imageUrl };
  if (typeof body.message === "string" && body.message) return { error: body.message };
  return { error: refusalWords(refusalOfStatus(status)).description };
}

/** Makes a stored file a gallery image of the batch: its id, or the words why not. */
export async function createImage(
  endpoint: string,
  fields: Record<string, string>,
): Promise<{ id: number } | { error: string }> {
  try {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(fields),
    });
    const body = (await response.json()) as { id?: unknown; message?: unknown };
    if (response.ok && typeof body.id === "number") return { id: body.id };
    return { error: typeof body.message === "string" ? body.message : refusalWords("failed").description };
  } catch {
    return { error: refusalWords("failed").description };
  }
}
