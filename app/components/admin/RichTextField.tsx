import { lazy, Suspense, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { AutosaveOfferCard } from "./autosave/AutosaveOfferCard";
import { fillForm, useAutosave } from "./autosave/use-autosave";
import { Field, frameOf, type FieldInputProps } from "./Field";

/** The editor's code is its own chunk, fetched only when an admin news form is shown. */
const RichTextEditor = lazy(() => import("./RichTextEditor.client"));

interface Props extends FieldInputProps {
  hint?: string;
}

/** Without JavaScript: most people type plain text, which the action makes paragraphs of. */
const TEXTAREA_HINT =
  'Type your text. Leave an empty line between paragraphs; no HTML is needed. (If you know HTML, tags such as <strong> or <a href="…"> work too.)';

/**
 * The news content field. In the server's HTML (and so without JavaScript) it is a
 * textarea; once the page is hydrated the Tiptap editor replaces it and writes its HTML
 * into a hidden input of the same name, so the same form posts it. Plain text typed in
 * the textarea becomes paragraphs when saved (common/plain-text-to-html.ts).
 */
export function RichTextField({ defaultValue = "", hint: givenHint, ...field }: Props) {
  const { name, error } = field;
  const hydrated = useHydrated();
  const hint = givenHint ?? (hydrated ? undefined : TEXTAREA_HINT);
  const [html, setHtml] = useState(defaultValue);
  // A restored autosave redraws the editor with its text.
  const [drawn, setDrawn] = useState(0);
  const labelId = `${name}-label`;
  const anchor = useRef<HTMLDivElement>(null);
  const autosave = useAutosave(anchor);
  const restore = () => {
    const { waiting } = autosave;
    const form = anchor.current?.closest("form");
    if (!waiting || !form) return;
    fillForm(form, waiting.fields, name);
    setHtml(waiting.fields[name] ?? html);
    setDrawn((count) => count + 1);
    autosave.discard();
  };

  return (
    <div ref={anchor} className="rich-text-field">
      {autosave.waiting ? (
        <AutosaveOfferCard waiting={autosave.waiting} onRestore={restore} onDiscard={autosave.discard} />
      ) : null}
      <Field {...frameOf(field)} hint={hint} labelId={labelId}>
        {(control) => {
          const textarea = (
            <textarea
              {...control}
              name={name}
              rows={8}
              value={html}
              onChange={(event) => setHtml(event.target.value)}
            />
          );
          return hydrated ? (
            <Suspense fallback={textarea}>
              <RichTextEditor
                key={drawn}
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
      <p className="field__hint autosave-status" role="status">
        {autosave.status}
      </p>
    </div>
  );
}
