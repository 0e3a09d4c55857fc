import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

interface Props {
  /** What the page's action is asked to do, e.g. `sign-out-session`. */
  intent: string;
  /** The field naming what it is done to, and its id, e.g. `["session", id]`. */
  about: readonly [name: string, id: string | number];
  className?: string;
  /** Where it posts, when not the page itself (e.g. with an anchor the answer lands on). */
  action?: string;
  /** The form's own fields and its submit button. */
  children: ReactNode;
}

/**
 * A form that posts one intent about one thing to the page's action (a table row's
 * Save, Reset link or Sign out): the action tells what to do, and to what, by the two
 * hidden fields every such form carries.
 */
export function IntentForm({ intent, about: [name, id], className, action, children }: Props) {
  return (
    <Form method="post" className={className} action={action}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={id} />
      {children}
    </Form>
  );
}
