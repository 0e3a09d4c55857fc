interface Props {
  /** The input's id; its problem line's is `{id}-problem`. */
  id: string;
  label: string;
  /** The form's class block: the field is `{block}__field`, its problem line `{block}__problem`. */
  block: "subscribe-form" | "booking-form";
  /** What is wrong with the address, shown at the field and read with it; none when nothing is. */
  problem: string | null | undefined;
  defaultValue: string | undefined;
}

/**
 * The e-mail address a parent types (subscribing, booking, 'E-mail me my link'): its label,
 * its problem line above the input, which then says it is wrong and points at that line.
 */
export function EmailField({ id, label, block, problem, defaultValue }: Props) {
  const problemId = `${id}-problem`;
  return (
    <div className={`${block}__field`}>
      <label htmlFor={id}>{label}</label>
      {problem ? (
        <p id={problemId} className={`${block}__problem`} role="alert">
          {problem}
        </p>
      ) : null}
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={defaultValue}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
      />
    </div>
  );
}
