import { Link } from "@remix-run/react";
import { newsHistoryPath } from "~/lib/admin/history/subjects";
import { AdminItemCard } from "./AdminItemCard";
import { StateLine } from "./StateLine";
import type { PublishState } from "~/lib/admin/publishing/states";

export interface AdminNewsItem {
  id: string;
  title: string;
  publishedAt: string;
  imageUrl: string | null;
  /** The content, sanitised by the loader (docs/product.md, 'Validation rules': sanitised before display). */
  html: string;
  /** publishing: its state; no line for a published one. */
  status?: PublishState;
  publishAt?: string | null;
}

/** One news item on Manage News: its card as the list shows it, with Edit and Delete. */
export function AdminNewsCard({ item, timeZone }: { item: AdminNewsItem; timeZone: string }) {
  const card = { id: item.id, title: item.title, date: item.publishedAt, imageUrl: item.imageUrl };
  return (
    <AdminItemCard kind="news" item={card} timeZone={timeZone}>
      <StateLine item={item} timeZone={timeZone} />
      <div className="rich-text-output" dangerouslySetInnerHTML={{ __html: item.html }} />
      <p className="admin-item__history">
        <Link to={newsHistoryPath(item.id)}>
          History<span className="visually-hidden"> of {item.title}</span>
        </Link>
      </p>
    </AdminItemCard>
  );
}
