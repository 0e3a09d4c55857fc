import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { IntentForm } from "./IntentForm";
import { SubmitButton } from "./SubmitButton";

interface Props {
  /** The heading's id, which the card is labelled by. */
  titleId: string;
  /** The question, e.g. 'Remove Sam Patel?'. */
  title: string;
  /** What doing it means, in a sentence or two. */
  children: ReactNode;
  /** The intent and the thing it is about, as IntentForm posts them. */
  intent: string;
  about: readonly [name: string, id: string | number];
  /** Where it posts, when not the page itself. */
  action?: string;
  confirmLabel: string;
  pendingLabel: string;
  /** The screen without the question: Cancel goes there. */
  cancelTo: string;
}

/**
 * A destructive step asked first, on the page itself (`?remove=…` and the like), so it
 * works without JavaScript: the question, what it means, the red button and Cancel.
 */
export function ConfirmCard({
  titleId,
  title,
  children,
  intent,
  about,
  action,
  confirmLabel,
  pendingLabel,
  cancelTo,
}: Props) {
  return (
    <section className="card confirm-card" aria-labelledby={titleId} role="alertdialog">
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="admin-item__actions">
        <IntentForm intent={intent} about={about} action={action}>
          <SubmitButton className="button button--danger" intent={intent} pendingLabel={pendingLabel}>
            {confirmLabel}
          </SubmitButton>
        </IntentForm>
        <Link to={cancelTo} className="button button--secondary">
          Cancel
        </Link>
      </div>
    </section>
  );
}
