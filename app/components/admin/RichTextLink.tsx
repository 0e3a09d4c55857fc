import type { Editor } from "@tiptap/react";
import { useId, useState, type KeyboardEvent } from "react";
import { safeHref } from "../../../common/rich-text-policy";

/** Links the selection (or, with none, inserts the address as linked text); an empty address unlinks. */
export function applyLink(editor: Editor, raw: string) {
  const text = raw.trim();
  if (!text) {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    return;
  }
  const href = safeHref(text);
  if (editor.state.selection.empty && !editor.isActive("link")) {
    // Nothing selected: the address itself becomes the linked text.
    editor
      .chain()
      .focus()
      .insertContent({ type: "text", text, marks: [{ type: "link", attrs: { href } }] })
      .run();
    return;
  }
  editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
}

interface LinkFormProps {
  initial: string;
  onApply: (url: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}

/** Not a <form>: it sits inside the news form, so Enter must apply the link, not submit. */
export function LinkForm({ initial, onApply, onRemove, onCancel }: LinkFormProps) {
  const [url, setUrl] = useState(initial);
  const inputId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      onApply(url);
    } else if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <div className="rich-text__link" role="group" aria-label="Link">
      <label htmlFor={inputId}>Link URL</label>
      {/* No name: the address is applied to the text, never posted on its own. */}
      <input
        id={inputId}
        type="text"
        inputMode="url"
        placeholder="https://"
        value={url}
        autoFocus
        onChange={(event) => setUrl(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="button" className="button button--small" onClick={() => onApply(url)}>
        Apply link
      </button>
      {initial ? (
        <button type="button" className="button button--small button--secondary" onClick={onRemove}>
          Remove link
        </button>
      ) : null}
    </div>
  );
}
