import { FontFamily, TextStyle } from "@tiptap/extension-text-style";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { safeHref } from "../../../common/rich-text-policy";
import { Toolbar } from "./RichTextToolbar";

/**
 * The news content editor (docs/product.md, 'Validation rules'): headings 1 and 2, font, ordered and bullet
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

export default function RichTextEditor({ name, labelId, describedBy, invalid, value, onChange }: RichTextEditorProps) {
  const editor = useEditor({
    immediatelyRender: false,
    // Tiptap would add an inline <style> the CSP refuses; editor.css carries those rules.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2] },
        // Only what the toolbar offers and the /api keeps ('The /api (api/)' in docs/architecture.md allowlist).
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
