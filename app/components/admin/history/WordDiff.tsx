import type { FieldChange } from "~/lib/admin/history/word-diff.server";

/**
 * One field's word-level difference: added words in <ins>, removed ones in <del>, each
 * also named in words for screen readers, which do not announce the two elements. The
 * words are text, never HTML: rich text was compared as its plain text.
 */
export function WordDiff({ change }: { change: FieldChange }) {
  return (
    <div className="history-change">
      <h3 className="history-change__field">{change.label}</h3>
      <p className="history-change__words">
        {change.parts.map((part, index) =>
          part.change === "added" ? (
            <ins key={index}>
              <span className="visually-hidden">[added: </span>
              {part.text}
              <span className="visually-hidden">]</span>
            </ins>
          ) : part.change === "removed" ? (
            <del key={index}>
              <span className="visually-hidden">[removed: </span>
              {part.text}
              <span className="visually-hidden">]</span>
            </del>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
    </div>
  );
}
