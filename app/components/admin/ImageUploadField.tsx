import { useEffect, useRef, useState } from "react";
import { notify } from "~/lib/notifications";
import { photoToSend } from "~/lib/uploads/photo-to-send";
import {
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
/** docs/product.md, 'States and transitions': the upload's states, said beside the button, whose own label stays. */
const STATUS_TEXT: Record<Status, string> = { idle: "", uploading: "Uploading...", uploaded: "Uploaded!" };
const UPLOAD_LABEL = "Upload a photo";
const ADDRESS_LABEL = "or paste an image address";

/**
 * An image field (docs/product.md, 'Photos'): a photo to upload first, or an address to
 * paste, with the current image shown as a thumbnail. With JavaScript the chosen photo is
 * shrunk in the browser (photo-to-send.ts) and uploaded at once (idle → uploading →
 * uploaded), and its address becomes the field's value; an image stored here is then
 * carried by a hidden input and shown only as its thumbnail, the address box left for
 * pasting. Without JavaScript the file input travels with the multipart form and the
 * action uploads it before saving, and the address box holds the field's value as it is.
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
  const groupLabelId = `${name}-group-label`;
  // An image stored by this site is shown, not spelled out, once the page can keep it in a hidden input.
  const storedHere = hydrated && url.startsWith("/objects/");

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const changeUrl = (next: string) => {
    setUrl(next);
    onChange?.(next);
  };

  const upload = async (picked: File) => {
    setStatus("uploading");
    const prepared = await photoToSend(flow, picked);
    if ("problem" in prepared) {
      setStatus("idle");
      notify(prepared.problem);
      return;
    }
    const body = new FormData();
    body.append("file", prepared.file);
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
    <div className="image-upload" role="group" aria-labelledby={groupLabelId}>
      <p id={groupLabelId} className="field__label">
        {field.label}
      </p>
      {isPreviewable(url) ? (
        <img
          className="image-upload__preview"
          src={url.startsWith("/objects/") ? `${url}?w=480` : url}
          alt="The current image"
          width={240}
          height={135}
        />
      ) : null}
      {storedHere ? (
        <button type="button" className="button button--secondary button--small" onClick={() => changeUrl("")}>
          Remove image
        </button>
      ) : null}
      <div className="image-upload__file">
        <label htmlFor={fileId} className={hydrated ? "visually-hidden" : "field__label"}>
          {UPLOAD_LABEL}
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
          <>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={status === "uploading"}
              onClick={() => fileInput.current?.click()}
            >
              {UPLOAD_LABEL}
            </button>
            <span className="field__hint" role="status">
              {STATUS_TEXT[status]}
            </span>
          </>
        ) : (
          <p className="field__hint">{rule.tooLarge}. It is uploaded when you save.</p>
        )}
      </div>
      {storedHere ? <input type="hidden" name={name} value={url} /> : null}
      <Field {...frameOf(field)} label={ADDRESS_LABEL}>
        {(control) => (
          <input
            type="text"
            inputMode="url"
            name={storedHere ? undefined : name}
            value={storedHere ? "" : url}
            placeholder="https://"
            onChange={(event) => changeUrl(event.target.value)}
            {...control}
          />
        )}
      </Field>
    </div>
  );
}

function isPreviewable(url: string): boolean {
  return url.startsWith("/objects/") || /^https?:\/\/\S+$/i.test(url);
}
