import { Link } from "@remix-run/react";
import { useId } from "react";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { ShareButton } from "./ShareButton";

export interface DisplayNewsItem {
  id: string;
  title: string;
  publishedAt: string;
  /** The date as the loader formatted it in the site's zone. */
  dateText: string;
  imageUrl: string | null;
  /** Its description (docs/product.md, 'Photos'); none: the image is decorative. */
  imageAlt?: string | null;
  /** Sanitised in the loader (server only); the one string rendered as HTML. */
  html: string;
  shareText: string;
}

interface Props {
  item: DisplayNewsItem;
  shareUrl: string;
  /** h1 on the item's own page, h2 in the list. */
  headingLevel?: 1 | 2;
  /** The item's own page, which the title links to (absent on that page itself). */
  titleHref?: string;
}

/** One news item in full, with its anchor and share button (docs/product.md, 'News (/news)'). */
export function NewsCard({ item, shareUrl, headingLevel = 2, titleHref }: Props) {
  const titleId = useId();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <article id={`news-${item.id}`} className="card news-card" aria-labelledby={titleId}>
      {item.imageUrl ? (
        <ResponsiveImage
          className="card__image news-card__image"
          src={item.imageUrl}
          alt={item.imageAlt || ""}
          width={960}
          height={600}
          sizes="(max-width: 48rem) 100vw, 48rem"
        />
      ) : null}
      <div className="card__body">
        <Heading id={titleId} className="card__title">
          {titleHref ? <Link to={titleHref}>{item.title}</Link> : item.title}
        </Heading>
        <p className="meta">
          <time dateTime={item.publishedAt}>{item.dateText}</time>
        </p>
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.html }} />
        <div className="card__actions">
          <ShareButton
            path={`/news#news-${item.id}`}
            url={shareUrl}
            title={item.title}
            text={item.shareText}
            itemName={item.title}
          />
        </div>
      </div>
    </article>
  );
}
