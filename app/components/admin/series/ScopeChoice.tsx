import { DEFAULT_SCOPE, SCOPE_CHOICES, SCOPE_FIELD, SCOPE_LEGENDS } from "~/lib/admin/series/series-words";

interface Props {
  /** 'Change' in an occurrence's edit form, 'Delete' in its delete confirmation. */
  intent: keyof typeof SCOPE_LEGENDS;
  /** Makes the radios' ids unique on the page (the form's id). */
  idPrefix: string;
  /** The choice to start from: the one sent last time, or 'This event'. */
  defaultValue?: string;
  error?: string;
  /** Said under the choices. */
  hint?: string;
}

/**
 * Which occurrences of a repeating series a change or a delete reaches: 'This event',
 * 'This and following' or 'All events in the series', sent as `scope` with the form, so
 * it is the same question with and without JavaScript.
 */
export function ScopeChoice({ intent, idPrefix, defaultValue, error, hint }: Props) {
  const chosen = SCOPE_CHOICES.some((choice) => choice.value === defaultValue) ? defaultValue : DEFAULT_SCOPE;
  const base = `${idPrefix}-${SCOPE_FIELD}`;
  const describedBy = [hint ? `${base}-hint` : null, error ? `${base}-error` : null].filter(Boolean).join(" ");
  return (
    <fieldset className="field series-choice" aria-describedby={describedBy || undefined}>
      <legend className="field__label">{SCOPE_LEGENDS[intent]}</legend>
      {SCOPE_CHOICES.map((choice) => (
        <div key={choice.value} className="series-check">
          <input
            type="radio"
            id={`${base}-${choice.value}`}
            name={SCOPE_FIELD}
            value={choice.value}
            defaultChecked={chosen === choice.value}
            aria-invalid={error ? true : undefined}
          />
          <label htmlFor={`${base}-${choice.value}`}>{choice.label}</label>
        </div>
      ))}
      {hint ? (
        <p id={`${base}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${base}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
