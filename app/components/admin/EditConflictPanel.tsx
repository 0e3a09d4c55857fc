import { useId } from "react";
import type { EditConflict } from "~/lib/admin/publishing/conflict";

/**
 * A save refused because someone else saved the item since the form was opened
 * (publishing, no edit lost): the /api's sentence as the form's error,
 * and their version beside the typed text, read-only. The form now carries their version,
 * so saving again keeps the typed text over it; Cancel keeps theirs.
 */
export function EditConflictPanel({ conflict }: { conflict: EditConflict }) {
  const headingId = useId();
  return (
    <div className="edit-conflict">
      <p className="field__error edit-conflict__message" role="alert">
        {conflict.message}
      </p>
      <p className="field__hint">
        Their version is below. To keep your text instead, save again: it replaces theirs. To keep theirs, Cancel.
      </p>
      <section className="edit-conflict__theirs" aria-labelledby={headingId}>
        <h3 id={headingId}>Their version</h3>
        <dl>
          {conflict.fields.map((field) => (
            <div key={field.label}>
              <dt>{field.label}</dt>
              {field.html !== undefined ? (
                <dd className="rich-text-output" dangerouslySetInnerHTML={{ __html: field.html }} />
              ) : (
                <dd className="preserve-lines">{field.text}</dd>
              )}
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
