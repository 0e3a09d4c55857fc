import { RICH_TEXT_MAX_LENGTH } from "../../common/html-bounds";
import { htmlExcerpt } from "../../common/html-excerpt";
import type { SearchType } from "../../common/search";
import { eventPagePath } from "../../common/web-paths";

/**
 * What each public thing gives the search: a title and a text,
 * plain (news HTML is read as its text, so its markup is neither found nor shown), the
 * page that shows it, its date, and the moment it is public from. The marks the snippets
 * use (search-marks.ts) are taken out of the text here, so no content can forge one.
 */
export interface SearchDocument {
  kind: SearchType;
  itemId: number;
  title: string;
  body: string;
  url: string;
  date: string;
  publishAt: string;
}

const KIND_NUMBER: Record<SearchType, number> = { news: 0, event: 1, album: 2, image: 3 };

/** One number for an item and its kind: the index's key (rowid in FTS5). */
export const searchKey = (kind: SearchType, id: number): number => id * 4 + KIND_NUMBER[kind];

const UNMARKED = /[\uE000\uE001]/g;
const plain = (text: string | null | undefined): string => (text ?? "").replace(UNMARKED, "");

export function newsDocument(row: {
  id: number;
  title: string;
  content: string;
  published_at: string;
  publish_at: string;
}): SearchDocument {
  return {
    kind: "news",
    itemId: row.id,
    title: plain(row.title),
    body: plain(htmlExcerpt(row.content, RICH_TEXT_MAX_LENGTH)),
    url: `/news/${row.id}`,
    date: row.published_at,
    publishAt: row.publish_at,
  };
}

export function eventDocument(row: {
  id: number;
  name: string;
  comment: string;
  location: string | null;
  organiser: string | null;
  date: string;
  publish_at: string;
}): SearchDocument {
  const parts = [row.comment, row.location, row.organiser].filter((part): part is string => Boolean(part));
  return {
    kind: "event",
    itemId: row.id,
    title: plain(row.name),
    body: plain(parts.join("\n")),
    url: eventPagePath(row.id),
    date: row.date,
    publishAt: row.publish_at,
  };
}

export function albumDocument(row: { id: number; title: string; date: string; created_at: string }): SearchDocument {
  return {
    kind: "album",
    itemId: row.id,
    title: plain(row.title),
    body: "",
    url: `/gallery/albums/${row.id}`,
    date: row.date,
    publishAt: row.created_at,
  };
}

/** A photo opens in its album's lightbox, or the gallery's when it is in no album. */
export function imageDocument(row: {
  id: number;
  caption: string | null;
  alt_text: string | null;
  album_id: number | null;
  created_at: string;
}): SearchDocument {
  const page = row.album_id === null ? "/gallery" : `/gallery/albums/${row.album_id}`;
  return {
    kind: "image",
    itemId: row.id,
    title: plain(row.caption) || "Photo",
    body: plain(row.alt_text),
    url: `${page}?image=${row.id}`,
    date: row.created_at,
    publishAt: row.created_at,
  };
}
