import type { Generated } from "kysely";

/**
 * Table types. Timestamps are ISO-8601 UTC strings (toISOString), which sort correctly as
 * text in every dialect; blobs are Buffers (SQLite BLOB, PostgreSQL bytea).
 */
export interface Database {
  users: UsersTable;
  tokens: TokensTable;
  login_failures: LoginFailuresTable;
  news: NewsTable;
  events: EventsTable;
  gallery: GalleryTable;
  site_texts: SiteTextsTable;
  images: ImagesTable;
  image_variants: ImageVariantsTable;
  uploads: UploadsTable;
  meta: MetaTable;
  content_version: ContentVersionTable;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: string;
}

export interface TokensTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  address: string;
  /** When it failed; for a pending attempt, when its check began. */
  failed_at: string;
  /** 1 while the attempt's password is being checked, 0 once it failed. */
  pending: Generated<number>;
}

export interface NewsTable {
  id: Generated<number>;
  title: string;
  content: string;
  published_at: string;
  image_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface EventsTable {
  id: Generated<number>;
  name: string;
  date: string;
  comment: string;
  organiser: string | null;
  location: string | null;
  image_url: string | null;
  booking_url: string;
  created_at: string;
  updated_at: string;
}

export interface GalleryTable {
  id: Generated<number>;
  image_url: string;
  caption: string | null;
  created_at: string;
  updated_at: string;
}

export interface SiteTextsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface ImagesTable {
  id: string;
  content_type: string;
  width: number;
  height: number;
  bytes: Buffer;
  etag: string;
  created_at: string;
}

export interface ImageVariantsTable {
  image_id: string;
  width: number;
  height: number;
  bytes: Buffer;
  etag: string;
}

export interface UploadsTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  image_id: string | null;
  completed_at: string | null;
  /** The sign-in that asked for the URL (its token's hash); null for uploads made before it was kept. */
  token_hash: string | null;
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface ContentVersionTable {
  id: number;
  version: number;
}
