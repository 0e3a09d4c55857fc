import type { ReactNode } from "react";

interface Props {
  /** The heading's id, which names the section for screen readers. */
  id: string;
  /** The section's h2, e.g. 'Your name'. */
  title: string;
  /** A look beside the card's own, e.g. 'account-section'. */
  className?: string;
  children: ReactNode;
}

/**
 * One card of an admin screen of several (your account, the committee, an album): a
 * section named by its own h2, so a screen reader lists each part by its heading.
 */
export function CardSection({ id, title, className, children }: Props) {
  return (
    <section className={className ? `card ${className}` : "card"} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
