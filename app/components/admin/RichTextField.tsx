import { lazy, Suspense, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Field } from "./Field";

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

  return (
    <Field id={name} label={label} hint={hint} error={error} labelId={labelId}>
      {(control) => {
        const textarea = (
          <textarea {...control} name={name} rows={8} value={html} onChange={(event) => setHtml(event.target.value)} />
        );
        return hydrated ? (
          <Suspense fallback={textarea}>
            <RichTextEditor
              name={name}
              labelId={labelId}
              describedBy={control["aria-describedby"]}
              invalid={Boolean(error)}
              value={html}
              onChange={setHtml}
            />
          </Suspense>
        ) : (
          textarea
        );
      }}
    </Field>
  );
}
