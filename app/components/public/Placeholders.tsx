import type { ReactNode } from "react";
import { usePendingPath } from "~/lib/public/pending";

function Bars({ lines = 3 }: { lines?: number }) {
  return (
    <div className="loading-bars" aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="loading-bar" />
      ))}
    </div>
  );
}

function Loading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-busy="true" aria-label={`${title}, loading`}>
      <h1 className="page-title">{title}</h1>
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      {children}
    </section>
  );
}

/** Cards standing in for news or events while they load (3 of each, SPEC.md §9). */
export function CardPlaceholders({ title, count = 3 }: { title: string; count?: number }) {
  return (
    <Loading title={title}>
      <div className={title === "Events" ? "grid" : "news-list"}>
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className="card placeholder-card" data-placeholder="card">
            <div className="placeholder-block placeholder-card__image" />
            <div className="card__body">
              <Bars />
            </div>
          </div>
        ))}
      </div>
    </Loading>
  );
}

/** Eight image tiles while the gallery loads. */
export function GalleryPlaceholders() {
  return (
    <Loading title="Image Gallery">
      <div className="gallery-grid">
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className="placeholder-block gallery-placeholder" data-placeholder="image" />
        ))}
      </div>
    </Loading>
  );
}

/** The three text cards of Who We Are / What We Do, with loading bars in each. */
export function TextCardPlaceholders({ title, cards }: { title: string; cards: string[] }) {
  return (
    <Loading title={title}>
      <div className="text-cards">
        {cards.map((card) => (
          <div key={card} className="card" data-placeholder="text">
            <div className="card__body">
              <h2 className="card__title">{card}</h2>
              <Bars lines={4} />
            </div>
          </div>
        ))}
      </div>
    </Loading>
  );
}

const PLACEHOLDERS: Record<string, () => ReactNode> = {
  "/news": () => <CardPlaceholders title="Latest News" />,
  "/events": () => <CardPlaceholders title="Events" />,
  "/gallery": () => <GalleryPlaceholders />,
  "/who-we-are": () => <TextCardPlaceholders title="Who We Are" cards={["About Us", "Who Are We?", "Contact Us"]} />,
  "/what-we-do": () => <TextCardPlaceholders title="What We Do" cards={["Our Mission", "Activities", "Our Impact"]} />,
};

/**
 * A public page's content, or, while the browser fetches another public page, that
 * page's placeholders: Remix keeps the old page until the new one's data arrives,
 * so the page being left is where the loading state can show.
 */
export function PublicPage({ children }: { children: ReactNode }) {
  const pending = usePendingPath();
  const placeholder = pending ? PLACEHOLDERS[pending] : undefined;
  return <>{placeholder ? placeholder() : children}</>;
}
