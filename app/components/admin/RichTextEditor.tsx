import { FontFamily, TextStyle } from "@tiptap/extension-text-style";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { FONT_FAMILIES, safeHref, type FontFamily as FontName } from "../../../common/rich-text-policy";

/**
 * The news content editor (SPEC.md §5): headings 1 and 2, font, ordered and bullet
 * lists, bold, italic, underline, link and clean. Loaded only by RichTextField, after
 * hydration, so its code never reaches public pages. The HTML goes into a hidden input
 * of the surrounding form; the /api sanitises it again on write.
 */
export interface RichTextEditorProps {
  name: string;
  /** The id of the visible label, which names the editable area. */
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  value: string;
  onChange: (html: string) => void;
}

const FONT_LABELS: Record<FontName, string> = { "sans-serif": "Sans Serif", serif: "Serif", monospace: "Monospace" };

export default function RichTextEditor({ name, labelId, describedBy, invalid, value, onChange }: RichTextEditorProps) {
  const editor = useEditor({
    immediatelyRender: false,
    // Tiptap would add an inline <style> the CSP refuses; editor.css carries those rules.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2] },
        // Only what the toolbar offers and the /api keeps (DESIGN.md §4's allowlist).
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          // about:blank passes too: it is what an unsafe link was turned into.
          isAllowedUri: (url) => safeHref(url) === url.trim(),
        },
      }),
      TextStyle,
      FontFamily,
    ],
    content: value,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "rich-text__content",
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });

  return (
    <div className="rich-text">
      <input type="hidden" name={name} value={value} />
      {editor ? <Toolbar editor={editor} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h1: current.isActive("heading", { level: 1 }),
      h2: current.isActive("heading", { level: 2 }),
      ordered: current.isActive("orderedList"),
      bullet: current.isActive("bulletList"),
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      underline: current.isActive("underline"),
      link: current.isActive("link"),
      href: String(current.getAttributes("link").href ?? ""),
      font: String(current.getAttributes("textStyle").fontFamily ?? "sans-serif"),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const fontId = useId();
  const chain = () => editor.chain().focus();

  return (
    <>
      <div className="rich-text__toolbar" role="toolbar" aria-label="Formatting">
        <ToggleButton label="Heading 1" pressed={state.h1} onClick={() => chain().toggleHeading({ level: 1 }).run()}>
          H1
        </ToggleButton>
        <ToggleButton label="Heading 2" pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          H2
        </ToggleButton>
        <label htmlFor={fontId} className="visually-hidden">
          Font
        </label>
        <select
          id={fontId}
          className="rich-text__font"
          value={FONT_FAMILIES.includes(state.font as FontName) ? state.font : "sans-serif"}
          onChange={(event) => chain().setFontFamily(event.target.value).run()}
        >
          {FONT_FAMILIES.map((font) => (
            <option key={font} value={font}>
              {FONT_LABELS[font]}
            </option>
          ))}
        </select>
        <ToggleButton label="Ordered list" pressed={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
          1.
        </ToggleButton>
        <ToggleButton label="Bullet list" pressed={state.bullet} onClick={() => chain().toggleBulletList().run()}>
          •
        </ToggleButton>
        <ToggleButton label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
          <strong>B</strong>
        </ToggleButton>
        <ToggleButton label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
          <em>I</em>
        </ToggleButton>
        <ToggleButton label="Underline" pressed={state.underline} onClick={() => chain().toggleUnderline().run()}>
          <u>U</u>
        </ToggleButton>
        <ToggleButton label="Link" pressed={state.link || linkOpen} onClick={() => setLinkOpen((open) => !open)}>
          Link
        </ToggleButton>
        <button
          type="button"
          className="rich-text__button"
          aria-label="Clean formatting"
          title="Clean formatting"
          onClick={() => chain().unsetAllMarks().clearNodes().run()}
        >
          Clean
        </button>
      </div>
      {linkOpen ? (
        <LinkForm
          key={state.href}
          initial={state.href}
          onApply={(raw) => {
            applyLink(editor, raw);
            setLinkOpen(false);
          }}
          onRemove={() => {
            chain().extendMarkRange("link").unsetLink().run();
            setLinkOpen(false);
          }}
          onCancel={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
        />
      ) : null}
    </>
  );
}

function applyLink(editor: Editor, raw: string) {
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
function LinkForm({ initial, onApply, onRemove, onCancel }: LinkFormProps) {
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

interface ToggleButtonProps {
  label: string;
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}

function ToggleButton({ label, pressed, onClick, children }: ToggleButtonProps) {
  return (
    <button
      type="button"
      className="rich-text__button"
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      onClick={onClick}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
