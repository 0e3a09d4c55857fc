import busboy from "busboy";
import { badForm, pump } from "../form-body.server";
import { MAX_BATCH_FORM_BYTES, MAX_FORM_BYTES } from "../request-limits";

/**
 * Reads a batch of photos posted in one form (docs/product.md, 'Photos', without JavaScript)
 * as it streams in, one file at a time: each file is handed to `onFile` as soon as its
 * last byte arrives, and the body is not read further until `onFile` is done. So the
 * server holds one photo of the batch at a time, however many the form carries
 * ('Budgets' in docs/architecture.md memory budget), and the files are handled in the order
 * the browser sent them, which is the order they were picked.
 */

/** One part of the file field: its bytes when they fit, or only its name when over the limit. */
export type BatchPart = { name: string; file: File } | { name: string; tooLarge: true };

interface BatchOptions {
  /** The file field; files in other fields are read and dropped. */
  field: string;
  /** A file over this is read to its end and dropped, reported as too large. */
  maxBytes: number;
  /**
   * Called for each file in turn with the text fields that came before it (the form puts
   * them first). Its own failures are its to report; a throw stops the reading.
   */
  onFile(part: BatchPart, fields: Readonly<Record<string, string>>): Promise<void>;
}

const BROKEN_FORM = "The form could not be read. Please try again.";
const TOO_LARGE = "Request body is too large";

/** Resolves with the text fields once every file was handed over and handled. */
export function readBatchForm(request: Request, options: BatchOptions): Promise<Record<string, string>> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) throw badForm(BROKEN_FORM);
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_BATCH_FORM_BYTES) throw badForm(TOO_LARGE, 413);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fieldSize: MAX_FORM_BYTES, fileSize: options.maxBytes + 1, fields: 20 },
    });
  } catch {
    throw badForm(BROKEN_FORM);
  }
  const fields: Record<string, string> = {};
  // The files handed over so far, one after another: each waits for the one before it.
  let handled: Promise<void> = Promise.resolve();
  let pending = false;
  const handOver = (part: BatchPart) => {
    pending = true;
    const snapshot = { ...fields };
    handled = handled.then(() => options.onFile(part, snapshot));
    // Awaited below; until then a failure must not count as unhandled.
    handled.catch(() => undefined);
  };

  parser.on("field", (name, value) => {
    if (!(name in fields)) fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    const wanted = name === options.field && Boolean(info.filename);
    const chunks: Buffer[] = [];
    let tooLarge = false;
    stream.on("data", (chunk: Buffer) => {
      if (wanted && !tooLarge) chunks.push(chunk);
    });
    stream.on("limit", () => {
      tooLarge = true;
      chunks.length = 0;
    });
    stream.on("end", () => {
      if (!wanted) return;
      const fileName = info.filename ?? "";
      handOver(
        tooLarge
          ? { name: fileName, tooLarge: true }
          : { name: fileName, file: new File(chunks as BlobPart[], fileName, { type: info.mimeType }) },
      );
    });
  });

  let broken = false;
  const closed = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", () => {
      broken = true;
      reject(badForm(BROKEN_FORM));
    });
  });
  closed.catch(() => undefined);
  const feed = async () => {
    await pump(request, parser, {
      maxBytes: MAX_BATCH_FORM_BYTES,
      // Hold the body while a finished file is stored: the next one waits in the socket.
      between: async () => {
        if (broken) throw badForm(BROKEN_FORM);
        if (!pending) return;
        pending = false;
        await handled;
      },
    });
    await closed;
    await handled;
  };
  return feed().then(
    () => fields,
    (error: unknown) => {
      parser.destroy();
      throw error instanceof Response ? error : badForm(BROKEN_FORM);
    },
  );
}
