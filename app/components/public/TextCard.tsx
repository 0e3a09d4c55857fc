import { useId, type ReactNode } from "react";
import { Paragraphs } from "~/components/Paragraphs";

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

const NOT_AVAILABLE = "Information not available";

/** A Who We Are / What We Do page: its title over its cards. */
export function TextPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h1 className="page-title">{title}</h1>
      <div className="text-cards">{children}</div>
    </>
  );
}

/** A card of an editable text, or "Information not available" while it is empty. */
export function TextCardOf({ title, text }: { title: string; text: string }) {
  return (
    <TextCard title={title}>
      <Paragraphs text={text} fallback={NOT_AVAILABLE} />
    </TextCard>
  );
}
