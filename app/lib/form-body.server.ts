import { json } from "@remix-run/node";
import busboy from "busboy";
import { MAX_FORM_BYTES, MAX_UPLOAD_FORM_BYTES } from "./request-limits";

/**
 * Reads what an admin form posts, urlencoded or multipart, with every part size-capped
 * while it streams. busboy parses multipart: Remix's own parser refuses a file name
 * with "=" in it, and any photo may be named so. A body that is no form, or a broken
 * one, is the sender's mistake: a 400 with words, never a 500.
 */

export interface FormBody {
  /** The first value of each text field, line breaks as LF. */
  fields: Record<string, string>;
  /** The file posted in the requested field, if one came and fit. */
  file: File | null;
  /** A file came in that field but was over its limit (read and dropped). */
  fileTooLarge: boolean;
}

interface FileOptions {
  /** The one file input to keep; files in other fields are read and dropped. */
  field: string;
  maxBytes: number;
}

/** A thrown answer: Remix sends it as it is (an error page for a form posted without JavaScript). */
export function badForm(message: string, status: 400 | 413 = 400): Response {
  return json({ message }, { status });
}

const NOT_A_FORM = "This request must be sent as a form.";
const BROKEN_FORM = "The form could not be read. Please try again.";
const TOO_LARGE = "Request body is too large";

export async function readFormBody(request: Request, file?: FileOptions): Promise<FormBody> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_UPLOAD_FORM_BYTES) throw badForm(TOO_LARGE, 413);

  const contentType = request.headers.get("Content-Type") ?? "";
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type === "multipart/form-data") return readMultipart(request, contentType, file);
  if (type !== "application/x-www-form-urlencoded") throw badForm(NOT_A_FORM);
  if (declared > MAX_FORM_BYTES) throw badForm(TOO_LARGE, 413);
  const form = await request.formData().catch(() => {
    throw badForm(BROKEN_FORM);
  });
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string") keepFirst(fields, name, value);
  }
  return { fields, file: null, fileTooLarge: false };
}

/** Browsers send a textarea's line breaks as CRLF; they are stored as LF. */
function keepFirst(fields: Record<string, string>, name: string, value: string): void {
  if (!(name in fields)) fields[name] = value.replace(/\r\n/g, "\n");
}

function readMultipart(request: Request, contentType: string, wanted?: FileOptions): Promise<FormBody> {
  return new Promise<FormBody>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: File | null = null;
    let fileTooLarge = false;
    let failed = false;
    const fail = (answer: Response) => {
      if (failed) return;
      failed = true;
      reject(answer);
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        // One byte over the file's limit is enough to know it is too large.
        limits: { fieldSize: MAX_FORM_BYTES, fileSize: (wanted?.maxBytes ?? 0) + 1, fields: 100, files: 5 },
      });
    } catch {
      // No boundary, or not multipart after all.
      fail(badForm(BROKEN_FORM));
      return;
    }

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) fail(badForm(TOO_LARGE, 413));
      else keepFirst(fields, name, value);
    });
    parser.on("file", (name, stream, info) => {
      const keep = wanted !== undefined && name === wanted.field && file === null;
      const chunks: Uint8Array[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (keep) chunks.push(chunk);
      });
      stream.on("limit", () => {
        if (keep) fileTooLarge = true;
      });
      stream.on("end", () => {
        if (keep && !fileTooLarge) file = new File(chunks as BlobPart[], info.filename ?? "", { type: info.mimeType });
      });
    });
    parser.on("error", () => fail(badForm(BROKEN_FORM)));
    parser.on("close", () => {
      if (!failed) resolve({ fields, file, fileTooLarge });
    });

    pump(request, parser).catch((answer: unknown) => {
      parser.destroy();
      fail(answer instanceof Response ? answer : badForm(BROKEN_FORM));
    });
  });
}

/**
 * Feeds the body to the parser, counting bytes: a body without Content-Length is capped
 * too. `between` runs after each piece, and the body waits for it (the batch of photos
 * holds the body while it stores a file: uploads/batch-body.server.ts).
 */
export async function pump(
  request: Request,
  parser: busboy.Busboy,
  { maxBytes = MAX_UPLOAD_FORM_BYTES, between }: { maxBytes?: number; between?: () => Promise<unknown> } = {},
): Promise<void> {
  if (!request.body) {
    parser.end();
    return;
  }
  const reader = request.body.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw badForm(TOO_LARGE, 413);
    }
    if (!parser.write(value)) await new Promise((resume) => parser.once("drain", resume));
    await between?.();
  }
  parser.end();
}
