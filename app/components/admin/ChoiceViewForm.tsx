import { Form } from "@remix-run/react";

interface Props {
  /** Where the form goes (with the section's #anchor), from the screen's own href. */
  action: string;
  className: string;
  /** The select's id and name, and what it shows first. */
  id: string;
  name: string;
  label: string;
  value: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
  /** The button's words. */
  submit: string;
  /** What else the view keeps (e.g. a search), sent along unseen. */
  keep?: Readonly<Record<string, string | null | undefined>>;
}

/**
 * One choice of how a list is shown (a state to filter by, an order to sort by) as a plain
 * GET form with its own button, so it works without JavaScript: the outbox's and the door
 * list's.
 */
export function ChoiceViewForm({ action, className, id, name, label, value, choices, submit, keep = {} }: Props) {
  return (
    <Form method="get" action={action} className={className}>
      {Object.entries(keep).map(([key, kept]) =>
        kept ? <input key={key} type="hidden" name={key} value={kept} /> : null,
      )}
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        {submit}
      </button>
    </Form>
  );
}
