import { BackLink } from "./BackLink";
import { NewsCard, type DisplayNewsItem } from "./NewsCard";

/**
 * A news item's own page below the layout: /news/{id}, and its preview (/preview/{token}),
 * which must look exactly as the page will (docs/product.md, 'Preview links').
 */
export function NewsItemView({ item, origin }: { item: DisplayNewsItem; origin: string }) {
  return (
    <>
      <BackLink to="/news">All news</BackLink>
      <div className="news-list">
        <NewsCard item={item} shareUrl={`${origin}/news#news-${item.id}`} headingLevel={1} />
      </div>
    </>
  );
}
