import { useEffect, useId, useState } from "react";
import type { FieldOfForm } from "../Field";
import { REPEAT_COUNT_MAX } from "../../../../common/event-repeats";
import { TICKED } from "~/lib/admin/bookings/booking-words";
import {
  ENDS_CHOICES,
  NEVER,
  REPEAT_CHOICES,
  monthWeekdayLabel,
  type EndsChoice,
  type RepeatFormValues,
} from "~/lib/admin/series/series-words";
import { useHydrated } from "~/lib/use-hydrated";

interface Props {
  /** Each repeat field as the form's Conform gives it. */
  field: (name: keyof RepeatFormValues) => FieldOfForm;
  /** The form's id and its date field, whose day names 'the first Saturday' (with JavaScript). */
  formId: string;
  date: FieldOfForm;
}

/** The control's part of a field: its problem linked and, in error, focused after a save without JavaScript. */
function controlOf(field: FieldOfForm, hintId?: string) {
  const describedBy = [hintId, field.error ? field.errorId : undefined].filter(Boolean).join(" ");
  return {
    id: field.id,
    name: field.name,
    "aria-describedby": describedBy || undefined,
    "aria-invalid": field.error ? (true as const) : undefined,
    autoFocus: field.error ? true : undefined,
  };
}

function Problem({ field }: { field: FieldOfForm }) {
  return field.error ? (
    <p id={field.errorId} className="field__error">
      {field.error}
    </p>
  ) : null;
}

/** The event's date as typed, followed while the form is open (with JavaScript). */
function useTypedDate(formId: string, date: FieldOfForm): string {
  const [typed, setTyped] = useState(date.defaultValue);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const read = () => {
      const input = form.elements.namedItem(date.name);
      if (input instanceof HTMLInputElement) setTyped(input.value);
    };
    read();
    form.addEventListener("input", read);
    form.addEventListener("change", read);
    return () => {
      form.removeEventListener("input", read);
      form.removeEventListener("change", read);
    };
  }, [formId, date.name]);
  return typed;
}

/**
 * 'Repeats' (a new event only): never, or a rule; then how it ends, on a last day or after
 * a number of times; and 'Only in term time'. With JavaScript the rest shows only once a
 * rule is chosen, typing in an end's box chooses that end, and the monthly weekday names
 * the day ('Every month on the first Saturday'). Without it every field shows and the
 * server reads only the chosen end.
 */
export function RepeatFields({ field, formId, date }: Props) {
  const hydrated = useHydrated();
  const repeats = field("repeats");
  const ends = field("ends");
  const until = field("until");
  const count = field("count");
  const termTimeOnly = field("termTimeOnly");
  const [rule, setRule] = useState(repeats.defaultValue || NEVER);
  const [end, setEnd] = useState<EndsChoice>(ends.defaultValue === "count" ? "count" : "until");
  const typedDate = useTypedDate(formId, date);
  const termHintId = useId();
  const hidden = hydrated && rule === NEVER;
  const endField = { until, count } as const;
  return (
    <>
      <div className="field">
        <label htmlFor={repeats.id} className="field__label">
          {repeats.label}
        </label>
        <select {...controlOf(repeats)} value={rule} onChange={(event) => setRule(event.target.value)}>
          {REPEAT_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.value === "month-weekday" && hydrated ? monthWeekdayLabel(typedDate) : choice.label}
            </option>
          ))}
        </select>
        <Problem field={repeats} />
      </div>

      <fieldset className="series-repeat" hidden={hidden} disabled={hidden}>
        <fieldset className="field series-ends" aria-describedby={ends.error ? ends.errorId : undefined}>
          <legend className="field__label">{ends.label}</legend>
          {ENDS_CHOICES.map((choice) => {
            const box = endField[choice.value];
            const radioId = `${ends.id}-${choice.value}`;
            return (
              <div key={choice.value} className="series-end">
                <input
                  type="radio"
                  id={radioId}
                  name={ends.name}
                  value={choice.value}
                  checked={end === choice.value}
                  onChange={() => setEnd(choice.value)}
                />
                <label htmlFor={radioId}>{choice.label}</label>
                <label htmlFor={box.id} className="visually-hidden">
                  {box.label}
                </label>
                <input
                  {...controlOf(box)}
                  type={choice.value === "until" ? "date" : "number"}
                  defaultValue={box.defaultValue}
                  onFocus={() => setEnd(choice.value)}
                  {...(choice.value === "count"
                    ? { min: 1, max: REPEAT_COUNT_MAX, step: 1, inputMode: "numeric" as const }
                    : {})}
                />
                {choice.value === "count" ? <span aria-hidden="true">times</span> : null}
                <Problem field={box} />
              </div>
            );
          })}
          <Problem field={ends} />
        </fieldset>

        <div className="field series-check">
          <input
            type="checkbox"
            {...controlOf(termTimeOnly, termHintId)}
            value={TICKED}
            defaultChecked={termTimeOnly.defaultValue === TICKED}
          />
          <label htmlFor={termTimeOnly.id}>{termTimeOnly.label}</label>
          <p id={termHintId} className="field__hint">
            Skips half-terms and holidays: every day outside the term dates.
          </p>
          <Problem field={termTimeOnly} />
        </div>
      </fieldset>
    </>
  );
}
