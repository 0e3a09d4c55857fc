import { useId, type ReactNode } from "react";

/** One titled card of the Who We Are / What We Do pages. */
export function TextCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card text-card" aria-labelledby={titleId}>
      <div className="card__body">
        <h2 id={titleId} className="card__title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
