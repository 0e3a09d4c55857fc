import { lazy, Suspense, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/** The editor's code is its own chunk, fetched only when an admin news form is shown. */
const RichTextEditor = lazy(() => import("./RichTextEditor"));

interface Props {
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
}

/**
 * The news content field. In the server's HTML (and so without JavaScript) it is a
 * textarea for HTML; once the page is hydrated the Tiptap editor replaces it and
 * writes its HTML into a hidden input of the same name, so the same form posts it.
 */
const HTML_HINT = "Without the editor, write HTML: <p>, <h1>, <h2>, <strong>, <em>, <u>, <ol>, <ul>, <li>, <a href=\"…\">.";

export function RichTextField({ name, label, defaultValue = "", error, hint: givenHint }: Props) {
  const hydrated = useHydrated();
  const hint = givenHint ?? (hydrated ? undefined : HTML_HINT);
  const [html, setHtml] = useState(defaultValue);
  const labelId = `${name}-label`;
  const hintId = hint ? `${name}-hint` : undefined;
  const errorId = error ? `${name}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;

  const textarea = (
    <textarea
      id={name}
      name={name}
      rows={8}
      value={html}
      onChange={(event) => setHtml(event.target.value)}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    />
  );

  return (
    <div className="field">
      <label id={labelId} htmlFor={name} className="field__label">
        {label}
      </label>
      {hydrated ? (
        <Suspense fallback={textarea}>
          <RichTextEditor
            name={name}
            labelId={labelId}
            describedBy={describedBy}
            invalid={Boolean(error)}
            value={html}
            onChange={setHtml}
          />
        </Suspense>
      ) : (
        textarea
      )}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
