import { useEditorState, type Editor } from "@tiptap/react";
import { useId, useState, type ReactNode } from "react";
import { FONT_FAMILIES, type FontFamily as FontName } from "../../../common/rich-text-policy";
import { applyLink, LinkForm } from "./RichTextLink";

const FONT_LABELS: Record<FontName, string> = { "sans-serif": "Sans Serif", serif: "Serif", monospace: "Monospace" };

/** The news editor's toolbar (docs/product.md, 'Validation rules'), and its link box when Link is pressed. */
export function Toolbar({ editor }: { editor: Editor }) {
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
            <Icon name="link" />
          </ToolbarButton>
          <ToolbarButton label="Clean formatting" onClick={() => chain().unsetAllMarks().clearNodes().run()}>
            <Icon name="clean" />
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

/** The icons' strokes (24 x 24). */
const ICONS = {
  link: [
    "M10 14a4.5 4.5 0 0 0 6.4 0l3.2-3.2a4.5 4.5 0 0 0-6.4-6.4L12 5.6",
    "M14 10a4.5 4.5 0 0 0-6.4 0l-3.2 3.2a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2",
  ],
  clean: ["M5 5h11M10.5 5 7 19", "m14 14 6 6M20 14l-6 6"],
} as const;

/** Drawn rather than written: "Link" and "Clean" as words would not fit one row in the dialog. */
function Icon({ name }: { name: keyof typeof ICONS }) {
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
      {ICONS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
