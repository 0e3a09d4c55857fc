import type { Readable } from "node:stream";
import { json } from "@remix-run/node";
import busboy from "busboy";
import { MAX_FORM_BYTES, MAX_UPLOAD_FORM_BYTES } from "./request-limits";

/**
 * The one reader of what the admin forms post, urlencoded or multipart
 * (docs/decisions/own-multipart-reader.md). A multipart body streams through busboy
 * (Remix's own parser refuses a file name with "=" in it, and any photo may be named
 * so), every text field capped, the whole body counted as it arrives (a body without
 * Content-Length too). Each file is handed over as it arrives, one at a time, in the
 * order the browser sent them; the body is read further only as fast as the file is
 * taken, so the server holds at most a piece of a file at a time however large the form.
 * Two ways to use it:
 *
 * - `readFormBody`: the text fields, and one file kept whole (the admin forms posted
 *   without JavaScript: the file is stored only once the text is checked);
 * - `readFormFiles`: each file handed to `onFile` as a stream of its bytes, to send on
 *   as they come (the upload routes, and the batch of photos).
 *
 * A body that is no form, or a broken one, is the sender's mistake: a 400 with words,
 * never a 500.
 */

export interface FormBody {
  /** The first value of each text field, line breaks as LF. */
  fields: Record<string, string>;
  /** The file posted in the requested field, if one came and fit. */
  file: File | null;
  /** A file came in that field but was longer than the bytes kept (read and dropped). */
  fileTooLarge: boolean;
}

/** One file of a form, as it arrives. */
export interface FormFile {
  /** The form field it came in. */
  field: string;
  /** Its name on the sender's computer ('' for none). */
  name: string;
  /** The type the browser declared for it. */
  type: string;
  /**
   * Its bytes, read from the body as they are taken. Whatever is left untaken when the
   * handler is done is read and dropped, so the form reads on.
   */
  body: ReadableStream<Uint8Array>;
}

/** A thrown answer: Remix sends it as it is (an error page for a form posted without JavaScript). */
export function badForm(message: string, status: 400 | 413 = 400): Response {
  return json({ message }, { status });
}

const NOT_A_FORM = "This request must be sent as a form.";
const BROKEN_FORM = "The form could not be read. Please try again.";
const TOO_LARGE = "Request body is too large";

interface KeptFile {
  /** The one file input to keep; files in other fields are read and dropped. */
  field: string;
  /** The most of it kept in memory: a longer file is dropped and reported. */
  maxBytes: number;
}

/** The text fields, and the first file of `file.field` held whole (up to `file.maxBytes`). */
export async function readFormBody(request: Request, file?: KeptFile): Promise<FormBody> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!isMultipart(contentType))
    return { fields: await readUrlencoded(request, contentType), file: null, fileTooLarge: false };
  let kept: File | null = null;
  let fileTooLarge = false;
  const fields = await readMultipart(request, contentType, {
    maxBytes: MAX_UPLOAD_FORM_BYTES,
    maxFiles: 5,
    async onFile(part) {
      if (!file || part.field !== file.field || kept || fileTooLarge) return;
      const bytes = await readUpTo(part.body, file.maxBytes);
      if (bytes) kept = new File(bytes as BlobPart[], part.name, { type: part.type });
      else fileTooLarge = true;
    },
  });
  return { fields, file: kept, fileTooLarge };
}

interface StreamedForm {
  /** The whole body's cap (the request's own is checked before a byte is read). */
  maxBytes: number;
  /**
   * Called for each file in turn, with the text fields that came before it (the forms
   * put them first); the next file waits until it is done. A throw stops the reading.
   */
  onFile(file: FormFile, fields: Readonly<Record<string, string>>): Promise<void>;
}

/** Hands each file of a multipart form to `onFile` as it arrives; resolves with the text fields once all are handled. */
export async function readFormFiles(request: Request, options: StreamedForm): Promise<Record<string, string>> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!isMultipart(contentType)) throw badForm(BROKEN_FORM);
  return readMultipart(request, contentType, { ...options, maxFiles: Infinity });
}

function isMultipart(contentType: string): boolean {
  return mediaType(contentType) === "multipart/form-data";
}

function mediaType(contentType: string): string {
  return contentType.split(";")[0].trim().toLowerCase();
}

function declaredLength(request: Request): number {
  return Number(request.headers.get("Content-Length") ?? "0");
}

async function readUrlencoded(request: Request, contentType: string): Promise<Record<string, string>> {
  if (mediaType(contentType) !== "application/x-www-form-urlencoded") throw badForm(NOT_A_FORM);
  if (declaredLength(request) > MAX_FORM_BYTES) throw badForm(TOO_LARGE, 413);
  const form = await request.formData().catch(() => {
    throw badForm(BROKEN_FORM);
  });
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string") keepFirst(fields, name, value);
  }
  return fields;
}

/** Browsers send a textarea's line breaks as CRLF; they are stored as LF. */
function keepFirst(fields: Record<string, string>, name: string, value: string): void {
  if (!(name in fields)) fields[name] = value.replace(/\r\n/g, "\n");
}

/** A stream's bytes when they come to at most `maxBytes`; null when there are more (the rest is left). */
async function readUpTo(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array[] | null> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    total += value.byteLength;
    if (total > maxBytes) return null;
    chunks.push(value);
  }
}

interface MultipartOptions {
  maxBytes: number;
  maxFiles: number;
  onFile(file: FormFile, fields: Readonly<Record<string, string>>): Promise<void>;
}

function readMultipart(
  request: Request,
  contentType: string,
  options: MultipartOptions,
): Promise<Record<string, string>> {
  if (declaredLength(request) > options.maxBytes) throw badForm(TOO_LARGE, 413);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fieldSize: MAX_FORM_BYTES, fields: 100, files: options.maxFiles },
    });
  } catch {
    // No boundary, or not multipart after all.
    throw badForm(BROKEN_FORM);
  }

  const fields: Record<string, string> = {};
  let failure: Response | null = null;
  const fail = (answer: Response) => {
    failure ??= answer;
    // Not while busboy is still inside the write that found it.
    process.nextTick(() => parser.destroy());
  };
  // The files handed over so far, one after another: each waits for the one before it.
  let handled: Promise<void> = Promise.resolve();
  let handlerError: { error: unknown } | null = null;
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) fail(badForm(TOO_LARGE, 413));
    else keepFirst(fields, name, value);
  });
  parser.on("file", (field, stream, info) => {
    const part = takenAsItComes(stream);
    // A file input left empty still sends a nameless, empty part; and once the form is
    // refused, no file of it is handed over.
    if (!info.filename || failure) {
      part.release();
      return;
    }
    const file: FormFile = { field, name: info.filename, type: info.mimeType, body: part.body };
    const snapshot = { ...fields };
    handled = handled.then(() => (failure ? undefined : options.onFile(file, snapshot))).finally(part.release);
    // A handler's throw stops the reading at once (the files after it are dropped).
    handled.catch((error: unknown) => {
      handlerError ??= { error };
      parser.destroy();
    });
  });
  const closed = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", () => reject(badForm(BROKEN_FORM)));
  });
  closed.catch(() => undefined);

  const read = async () => {
    await pump(request, parser, options.maxBytes);
    await closed;
    // Every file was handed over before the parser closed.
    await handled;
    if (failure) throw failure;
    return fields;
  };
  return read().catch(async (error: unknown) => {
    // What stopped the reading; what fails after it, because it stopped, is not the cause.
    const cause =
      failure ?? (handlerError ? handlerError.error : error instanceof Response ? error : badForm(BROKEN_FORM));
    parser.destroy();
    // Nothing goes on behind the answer: a file being handed on fails with the form.
    await handled.catch(() => undefined);
    throw cause;
  });
}

/**
 * Feeds the body to the parser, counting bytes: a body without Content-Length is capped
 * too. A file not yet taken holds the parser, and the parser holds the body: the rest
 * of the form waits in the socket. A parser that fails, or is stopped, cancels the body.
 */
async function pump(request: Request, parser: busboy.Busboy, maxBytes: number): Promise<void> {
  if (!request.body) {
    parser.end();
    return;
  }
  const reader = request.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  parser.once("error", stop);
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (parser.destroyed) throw badForm(BROKEN_FORM);
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw badForm(TOO_LARGE, 413);
      if (!parser.write(value)) await drained(parser);
    }
  } catch (error) {
    stop();
    throw error;
  } finally {
    parser.off("error", stop);
  }
  parser.end();
}

/** The parser took what it was given, or failed. */
function drained(parser: busboy.Busboy): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off("drain", done);
      parser.off("close", done);
      resolve();
    };
    parser.on("drain", done);
    parser.on("close", done);
  });
}

/**
 * A file part's bytes as a web stream that reads the part only as it is read itself, and
 * `release`, which reads and drops whatever is left (busboy goes on to the next part only
 * once a file's bytes are all taken).
 */
function takenAsItComes(stream: Readable): { body: ReadableStream<Uint8Array>; release: () => void } {
  let ended = false;
  let failed: unknown = null;
  let released = false;
  let wake: (() => void) | null = null;
  const woken = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  stream.on("readable", woken);
  stream.on("end", () => {
    ended = true;
    woken();
  });
  stream.on("error", (error) => {
    failed = error;
    woken();
  });
  const release = () => {
    if (released) return;
    released = true;
    const drop = () => {
      while (stream.read() !== null);
    };
    stream.on("readable", drop);
    drop();
    woken();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          if (failed) return controller.error(failed);
          if (released) return controller.close();
          const chunk = stream.read() as Buffer | null;
          if (chunk !== null) return controller.enqueue(chunk);
          if (ended) return controller.close();
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
      },
      cancel: release,
    },
    { highWaterMark: 0 },
  );
  return { body, release };
}
