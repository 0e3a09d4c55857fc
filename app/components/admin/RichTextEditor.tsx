import { FontFamily, TextStyle } from "@tiptap/extension-text-style";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { FONT_FAMILIES, safeHref, type FontFamily as FontName } from "../../../common/rich-text-policy";

/**
 * The news content editor (docs/product.md §5): headings 1 and 2, font, ordered and bullet
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
        // Only what the toolbar offers and the /api keeps (docs/architecture.md §4's allowlist).
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
      {/* Groups keep related controls together, so the row wraps between them on a phone. */}
      <div className="rich-text__toolbar" role="toolbar" aria-label="Formatting">
        <div className="rich-text__group" role="group" aria-label="Heading and font">
          <ToolbarButton label="Heading 1" pressed={state.h1} onClick={() => chain().toggleHeading({ level: 1 }).run()}>
            H1
          </ToolbarButton>
          <ToolbarButton label="Heading 2" pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
            H2
          </ToolbarButton>
          <label htmlFor={fontId} className="visually-hidden">
            Font
          </label>
          <select
            id={fontId}
            className="rich-text__font"
            title="Font"
            value={FONT_FAMILIES.includes(state.font as FontName) ? state.font : "sans-serif"}
            onChange={(event) => chain().setFontFamily(event.target.value).run()}
          >
            {FONT_FAMILIES.map((font) => (
              <option key={font} value={font}>
                {FONT_LABELS[font]}
              </option>
            ))}
          </select>
        </div>
        <div className="rich-text__group" role="group" aria-label="Lists">
          <ToolbarButton label="Ordered list" pressed={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
            1.
          </ToolbarButton>
          <ToolbarButton label="Bullet list" pressed={state.bullet} onClick={() => chain().toggleBulletList().run()}>
            •
          </ToolbarButton>
        </div>
        <div className="rich-text__group" role="group" aria-label="Text style">
          <ToolbarButton label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
            <strong>B</strong>
          </ToolbarButton>
          <ToolbarButton label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
            <em>I</em>
          </ToolbarButton>
          <ToolbarButton label="Underline" pressed={state.underline} onClick={() => chain().toggleUnderline().run()}>
            <u>U</u>
          </ToolbarButton>
        </div>
        <div className="rich-text__group" role="group" aria-label="Link and clean-up">
          <ToolbarButton label="Link" pressed={state.link || linkOpen} onClick={() => setLinkOpen((open) => !open)}>
            <LinkIcon />
          </ToolbarButton>
          <ToolbarButton label="Clean formatting" onClick={() => chain().unsetAllMarks().clearNodes().run()}>
            <CleanIcon />
          </ToolbarButton>
        </div>
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

interface ToolbarButtonProps {
  label: string;
  /** Set on the toggles (bold, a heading…): whether the selection has that style. */
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/**
 * A press with the mouse leaves the focus (and so the caret and the selection) in the
 * text, so a person can keep typing; from the keyboard the command's focus() takes it back.
 */
function ToolbarButton({ label, pressed, onClick, children }: ToolbarButtonProps) {
  return (
    <button
      type="button"
      className="rich-text__button"
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/** Drawn rather than written: "Link" and "Clean" as words would not fit one row in the dialog. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      focusable="false"
    >
      {children}
    </svg>
  );
}

function LinkIcon() {
  return (
    <Icon>
      <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3.2-3.2a4.5 4.5 0 0 0-6.4-6.4L12 5.6" />
      <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3.2 3.2a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2" />
    </Icon>
  );
}

function CleanIcon() {
  return (
    <Icon>
      <path d="M5 5h11M10.5 5 7 19" />
      <path d="m14 14 6 6M20 14l-6 6" />
    </Icon>
  );
}
