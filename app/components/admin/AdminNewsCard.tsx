import { Link } from "@remix-run/react";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { formatDate } from "~/lib/dates";
import { ItemActions } from "./ItemActions";
import { newsPagePath } from "~/lib/public/urls";

export interface AdminNewsItem {
  id: string;
  title: string;
  publishedAt: string;
  imageUrl: string | null;
  /** The content, sanitised by the loader (docs/product.md §5: sanitised before display). */
  html: string;
}

/** One news item on Manage News: its card as the list shows it, with Edit and Delete. */
export function AdminNewsCard({ item, timeZone }: { item: AdminNewsItem; timeZone: string }) {
  return (
    <article className="card admin-item" id={`admin-news-${item.id}`} aria-labelledby={`admin-news-${item.id}-title`}>
      {item.imageUrl ? (
        <ResponsiveImage className="admin-item__image" src={item.imageUrl} alt="" width={480} height={270} />
      ) : null}
      <div className="card__body">
        <h2 className="card__title" id={`admin-news-${item.id}-title`}>
          {/* The public page, as visitors see it. */}
          <Link to={newsPagePath(item.id)}>{item.title}</Link>
        </h2>
        <p className="meta">
          <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, timeZone)}</time>
        </p>
        <div className="rich-text-output" dangerouslySetInnerHTML={{ __html: item.html }} />
        <ItemActions id={item.id} name={item.title} />
      </div>
    </article>
  );
}
