import { useEffect, useRef, useState } from "react";
import { notify } from "~/lib/notifications";
import {
  checkUpload,
  tooLargeNotice,
  uploadFailedNotice,
  UPLOAD_NETWORK_ERROR,
  UPLOAD_RULES,
  UPLOAD_SUCCESS,
  type UploadFlow,
} from "~/lib/uploads/rules";
import { useHydrated } from "~/lib/use-hydrated";
import { Field, frameOf, type FieldInputProps } from "./Field";

/** `name` is the URL input's; the file input is always `imageFile`. */
interface Props extends FieldInputProps {
  /** "image": events and gallery (5 MB, jpg/png/gif); "news": the three-step news flow (10 MB). */
  flow: UploadFlow;
  onChange?: (url: string) => void;
}

type Status = "idle" | "uploading" | "uploaded";

const UPLOADED_FOR_MS = 2000;
const BUTTON_TEXT: Record<Status, string> = { idle: "Upload Image", uploading: "Uploading...", uploaded: "Uploaded!" };

/**
 * An image field: an address to type or paste, and a file to upload. With JavaScript
 * the chosen file is uploaded at once ('States and transitions' in docs/product.md idle → uploading → uploaded) and
 * its address fills the input; without it the file input travels with the multipart
 * form and the action uploads it before saving.
 */
export function ImageUploadField({ defaultValue = "", flow, onChange, ...field }: Props) {
  const { name } = field;
  const hydrated = useHydrated();
  const [url, setUrl] = useState(defaultValue);
  const [status, setStatus] = useState<Status>("idle");
  const fileInput = useRef<HTMLInputElement>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>();
  const rule = UPLOAD_RULES[flow];
  const fileId = `${name}-file`;

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const changeUrl = (next: string) => {
    setUrl(next);
    onChange?.(next);
  };

  const upload = async (file: File) => {
    const problem = checkUpload(flow, file);
    if (problem) {
      notify(problem);
      return;
    }
    setStatus("uploading");
    const body = new FormData();
    body.append("file", file);
    let response: Response;
    try {
      response = await fetch(rule.endpoint, { method: "POST", body, headers: { Accept: "application/json" } });
    } catch {
      setStatus("idle");
      notify(flow === "image" ? UPLOAD_NETWORK_ERROR : uploadFailedNotice(flow));
      return;
    }
    // A signed-out administrator's upload was answered by the login page.
    if (response.redirected) {
      window.location.assign(response.url);
      return;
    }
    const answer = (await response.json().catch(() => null)) as { imageUrl?: unknown; message?: unknown } | null;
    if (!response.ok || typeof answer?.imageUrl !== "string") {
      setStatus("idle");
      // A file the server found too big is the same 'File too large' the browser's check says.
      const serverMessage = typeof answer?.message === "string" ? answer.message : undefined;
      notify(response.status === 413 ? tooLargeNotice(flow) : uploadFailedNotice(flow, serverMessage));
      return;
    }
    changeUrl(answer.imageUrl);
    setStatus("uploaded");
    notify(UPLOAD_SUCCESS);
    resetTimer.current = setTimeout(() => setStatus("idle"), UPLOADED_FOR_MS);
  };

  const onFileChosen = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // The file was sent on its own; the form must not carry it (and store it) again.
    input.value = "";
    if (file) void upload(file);
  };

  return (
    <div className="image-upload">
      <Field {...frameOf(field)} hint="An image address, or upload a file.">
        {(control) => (
          <input
            type="text"
            inputMode="url"
            name={name}
            value={url}
            placeholder="https://"
            onChange={(event) => changeUrl(event.target.value)}
            {...control}
          />
        )}
      </Field>
      <div className="image-upload__file">
        <label htmlFor={fileId} className={hydrated ? "visually-hidden" : "field__label"}>
          Upload an image file
        </label>
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          name="imageFile"
          accept={rule.accept}
          className={hydrated ? "visually-hidden" : undefined}
          tabIndex={hydrated ? -1 : undefined}
          aria-hidden={hydrated ? true : undefined}
          onChange={hydrated ? (event) => onFileChosen(event.currentTarget) : undefined}
        />
        {hydrated ? (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={status === "uploading"}
            onClick={() => fileInput.current?.click()}
          >
            {BUTTON_TEXT[status]}
          </button>
        ) : (
          <p className="field__hint">{rule.tooLarge}. It is uploaded when you save.</p>
        )}
        <span className="visually-hidden" aria-live="polite">
          {status === "idle" ? "" : BUTTON_TEXT[status]}
        </span>
      </div>
      {isPreviewable(url) ? (
        <img
          className="image-upload__preview"
          src={url.startsWith("/objects/") ? `${url}?w=480` : url}
          alt="Preview of the chosen image"
          width={240}
          height={135}
        />
      ) : null}
    </div>
  );
}

function isPreviewable(url: string): boolean {
  return url.startsWith("/objects/") || /^https?:\/\/\S+$/i.test(url);
}
