import { useId } from "react";
import {
  CONFLICT_BASE,
  CONFLICT_FIELDS,
  keepField,
  theirsField,
  theirsPartField,
  type ConflictField,
  type EditConflict,
  type ShownValue,
} from "~/lib/admin/publishing/conflict";

/** 'Title', 'Title and Content', 'Title, Date and Location'. */
function listOf(labels: readonly string[]): string {
  return labels.length < 2 ? labels.join("") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

function Shown({ value }: { value: ShownValue }) {
  if (value.html !== undefined) {
    return <div className="rich-text-output" dangerouslySetInnerHTML={{ __html: value.html }} />;
  }
  return <p className="preserve-lines">{value.text || "(empty)"}</p>;
}

/** One field both changed: the two values side by side, and the choice that decides it. */
function ConflictChoice({ field }: { field: ConflictField }) {
  const { name, theirsValue } = field;
  return (
    <fieldset className="edit-conflict__field">
      <legend>{field.label}</legend>
      <div className="edit-conflict__sides">
        <div className="edit-conflict__side">
          <p className="edit-conflict__whose">Yours</p>
          <Shown value={field.mine} />
        </div>
        <div className="edit-conflict__side">
          <p className="edit-conflict__whose">Theirs</p>
          <Shown value={field.theirs} />
        </div>
      </div>
      {theirsValue !== undefined ? (
        <div className="edit-conflict__choice">
          <label>
            <input type="radio" name={keepField(name)} value="mine" required /> Keep mine
          </label>
          <label>
            <input type="radio" name={keepField(name)} value="theirs" required /> Keep theirs
          </label>
          {typeof theirsValue === "string" ? (
            <input type="hidden" name={theirsField(name)} value={theirsValue} />
          ) : (
            Object.entries(theirsValue).map(([input, value]) => (
              <input key={input} type="hidden" name={theirsPartField(name, input)} value={value} />
            ))
          )}
        </div>
      ) : (
        <p className="field__hint">
          The button you save with decides: &lsquo;Save draft&rsquo;, &lsquo;Schedule…&rsquo;, or the save button, which
          publishes it (or keeps it published).
        </p>
      )}
    </fieldset>
  );
}

/**
 * A save refused because someone else saved the item since the form was opened and both
 * changed a field (docs/product.md, 'Publishing', 'No edit lost'): the /api's sentence as
 * the form's error; what only they changed, now in the form; and each field both changed
 * side by side with a choice, which the next save makes over their version. Nothing is
 * saved until each is chosen.
 */
export function EditConflictPanel({ conflict }: { conflict: EditConflict }) {
  const headingId = useId();
  const choices = conflict.conflicts.filter((field) => field.theirsValue !== undefined);
  return (
    <div className="edit-conflict">
      <p className="field__error edit-conflict__message" role="alert">
        {conflict.message}
      </p>
      {conflict.kept.length > 0 ? (
        <p className="field__hint">Their changes to {listOf(conflict.kept)} are kept: the form below shows them.</p>
      ) : null}
      <input type="hidden" name={CONFLICT_FIELDS} value={choices.map((field) => field.name).join(" ")} />
      <input type="hidden" name={CONFLICT_BASE} value={conflict.base} />
      <section className="edit-conflict__both" aria-labelledby={headingId}>
        <h3 id={headingId}>Changed by both of you</h3>
        <p className="field__hint">Choose what to keep of each, then save again. Nothing is saved until you do.</p>
        {conflict.conflicts.map((field) => (
          <ConflictChoice key={field.name} field={field} />
        ))}
      </section>
    </div>
  );
}
