import type { ReactNode } from "react";
import { usePendingPath } from "~/lib/public/pending";

/** Grey bars standing in for lines of text. */
function Bars({ lines }: { lines: number }) {
  return (
    <div className="loading-bars" aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="loading-bar" />
      ))}
    </div>
  );
}

const card = (index: number) => (
  <div key={index} className="card placeholder-card" data-placeholder="card">
    <div className="placeholder-block placeholder-card__image" />
    <div className="card__body">
      <Bars lines={3} />
    </div>
  </div>
);
const image = (index: number) => (
  <div key={index} className="placeholder-block gallery-placeholder" data-placeholder="image" />
);
const textCard = (title: string) => (
  <div key={title} className="card" data-placeholder="text">
    <div className="card__body">
      <h2 className="card__title">{title}</h2>
      <Bars lines={4} />
    </div>
  </div>
);
const times = (count: number, draw: (index: number) => ReactNode) =>
  Array.from({ length: count }, (_, index) => draw(index));

/**
 * What each page shows while it loads (docs/product.md, 'Business constants and limits'): its title over three cards for news
 * and events, eight tiles for the gallery, the text pages' three titled cards.
 */
const PLACEHOLDERS: Record<string, [title: string, className: string, content: () => ReactNode]> = {
  "/news": ["Latest News", "news-list", () => times(3, card)],
  "/events": ["Events", "grid", () => times(3, card)],
  "/gallery": ["Image Gallery", "gallery-grid", () => times(8, image)],
  "/who-we-are": ["Who We Are", "text-cards", () => ["About Us", "Who Are We?", "Contact Us"].map(textCard)],
  "/what-we-do": ["What We Do", "text-cards", () => ["Our Mission", "Activities", "Our Impact"].map(textCard)],
};

/**
 * A public page's content, or, while the browser fetches another public page, that
 * page's placeholders: Remix keeps the old page until the new one's data arrives,
 * so the page being left is where the loading state can show.
 */
export function PublicPage({ children }: { children: ReactNode }) {
  const pending = usePendingPath();
  const placeholder = pending ? PLACEHOLDERS[pending] : undefined;
  if (!placeholder) return <>{children}</>;
  const [title, className, content] = placeholder;
  return (
    <section aria-busy="true" aria-label={`${title}, loading`}>
      <h1 className="page-title">{title}</h1>
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <div className={className}>{content()}</div>
    </section>
  );
}
