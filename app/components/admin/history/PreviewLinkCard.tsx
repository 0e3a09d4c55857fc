import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

export interface MadePreviewLink {
  url: string;
  expiresText: string;
}

type CopyState = "idle" | "copied" | "failed";

/**
 * The preview link just made ('Copy preview link'), shown as text to select; with
 * JavaScript (and a browser that can) a Copy button beside it, and the link selected.
 */
export function PreviewLinkCard({ link }: { link: MadePreviewLink }) {
  const field = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const canCopy = hydrated && typeof navigator.clipboard?.writeText === "function";
  const [copy, setCopy] = useState<CopyState>("idle");

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [link.url]);

  const copyLink = () => {
    navigator.clipboard.writeText(link.url).then(
      () => setCopy("copied"),
      () => setCopy("failed"),
    );
  };

  return (
    <section className="card preview-link" aria-labelledby="preview-link-title" role="status">
      <h2 id="preview-link-title">Preview link</h2>
      <p>
        {`Anyone with this link can see the item before it is published, without signing in, until ${link.expiresText}, until it is published, or until you stop preview links.`}
      </p>
      <label className="field__label" htmlFor="preview-link-url">
        Link to send
      </label>
      <input
        ref={field}
        id="preview-link-url"
        className="preview-link__url"
        type="text"
        readOnly
        value={link.url}
        onFocus={(event) => event.currentTarget.select()}
      />
      {canCopy ? (
        <div className="preview-link__actions">
          <button type="button" className="button" onClick={copyLink}>
            Copy
          </button>
          <span aria-live="polite">
            {copy === "copied" ? "Copied" : copy === "failed" ? "Could not copy: select the link and copy it" : ""}
          </span>
        </div>
      ) : null}
    </section>
  );
}
