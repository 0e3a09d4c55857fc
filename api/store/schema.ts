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
  event_series: EventSeriesTable;
  event_series_skips: EventSeriesSkipsTable;
  revisions: RevisionsTable;
  preview_links: PreviewLinksTable;
  gallery: GalleryTable;
  site_texts: SiteTextsTable;
  images: ImagesTable;
  image_variants: ImageVariantsTable;
  uploads: UploadsTable;
  meta: MetaTable;
  content_version: ContentVersionTable;
  account_links: AccountLinksTable;
  activity: ActivityTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  auth_challenges: AuthChallengesTable;
  albums: AlbumsTable;
  subscribers: SubscribersTable;
  mail_outbox: MailOutboxTable;
  mail_fan_outs: MailFanOutsTable;
  event_bookings: EventBookingsTable;
  bookings: BookingsTable;
  search_words: SearchWordsTable;
  /** SQLite only: an FTS5 trigram table over search_words.word. */
  search_word_trigrams: SearchWordTrigramsTable;
  term_stretches: TermStretchesTable;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: string;
  name: Generated<string>;
  /** 'administrator' or 'editor' (common/roles.ts). */
  role: Generated<string>;
  last_sign_in_at: string | null;
  /** The authenticator's shared secret (base32) once set up and confirmed. */
  totp_secret: string | null;
  /** The last 30 s step whose code was accepted: a code works once. */
  totp_last_step: number | null;
  /** lookalikeKey(username) (lookalikes.ts), unique: no second 'Admin' beside 'admin'. */
  username_key: string;
  /** lookalikeKey(name, or the username while the name is empty), unique: a shown name is one person's. */
  name_key: string;
  /** Wrong second-step codes in a row; the tenth locks the second step for everyone. */
  second_factor_failures: Generated<number>;
  /** Until when the second step refuses every code (ISO), after too many wrong ones. */
  second_factor_locked_until: string | null;
}

export interface TokensTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  user_agent: string | null;
  last_used_at: string | null;
}

/** An invitation (a new person) or a password-reset link (an existing one); only the hash of its token is kept. */
export interface AccountLinksTable {
  token_hash: string;
  kind: "invitation" | "reset";
  user_id: number | null;
  name: string | null;
  role: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The Administrator who made it (null: the operator's command line); it dies with their right. */
  created_by: number | null;
}

/** Who changed what: one row per write through the /api. The name is kept as it was then. */
export interface ActivityTable {
  id: Generated<number>;
  at: string;
  user_id: number | null;
  user_name: string;
  /** The username as it was then: shown beside the name, which anyone may choose. */
  user_username: string | null;
  /** e.g. news.update, user.invite, auth.sign-in */
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_title: string | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface PasskeysTable {
  /** The credential's id, base64url. */
  id: string;
  user_id: number;
  public_key: Buffer;
  counter: number;
  /** JSON array of the authenticator's transports, as the browser told them. */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A step of a sign-in or set-up handed to the client, kept by the hash of its id. */
export interface AuthChallengesTable {
  id_hash: string;
  purpose: string;
  user_id: number | null;
  /** What the step needs later: a WebAuthn challenge, a TOTP secret being set up. */
  value: string | null;
  attempts: Generated<number>;
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
  /** The image's description (alt text); null: decorative. */
  image_alt: string | null;
  created_at: string;
  updated_at: string;
  /** When it is public from (ISO, UTC); null: a draft (docs/product.md, 'Publishing'). */
  publish_at: string | null;
  /** When what follows its publication was done; null until then. */
  announced_at: string | null;
  /** Raised by every save. */
  version: Generated<number>;
}

export interface EventsTable {
  id: Generated<number>;
  name: string;
  date: string;
  comment: string;
  organiser: string | null;
  location: string | null;
  image_url: string | null;
  image_alt: string | null;
  booking_url: string;
  created_at: string;
  updated_at: string;
  /** When it is public from (ISO, UTC); null: a draft (docs/product.md, 'Publishing'). */
  publish_at: string | null;
  /** When what follows its publication was done; null until then. */
  announced_at: string | null;
  /** Raised by every save. */
  version: Generated<number>;
  /** The repeating series it is one date of (docs/product.md, 'Repeating events'); null: a single event. */
  series_id: Generated<number | null>;
  /** Its original local date in the series (YYYY-MM-DD), kept when its date is changed. */
  series_date: Generated<string | null>;
  /** 1: edited alone, an exception of its series. */
  series_changed: Generated<number>;
}

/** A repeating event's rule (docs/product.md, 'Repeating events'); its dates are `events` rows. */
export interface EventSeriesTable {
  id: Generated<number>;
  /** 'week', '2weeks', 'month-weekday' or 'month-date'. */
  every: string;
  /** YYYY-MM-DD, the last date it may be held (included); null with a count. */
  until_date: string | null;
  count: number | null;
  term_time_only: number;
  /** 'HH:MM' on the site's clocks. */
  time_of_day: string;
  /** YYYY-MM-DD, local. */
  first_date: string;
  /** YYYY-MM-DD: its dates exist as events up to here. */
  made_until: string;
  created_at: string;
  updated_at: string;
  /** When what a calendar writes of it last changed (null: as updated_at, for series made before). */
  changed_at: string | null;
}

/** A date of a series deleted alone: never made again (the calendar's EXDATE). */
export interface EventSeriesSkipsTable {
  series_id: number;
  date: string;
}

export interface GalleryTable {
  id: Generated<number>;
  image_url: string;
  caption: string | null;
  created_at: string;
  updated_at: string;
  album_id: number | null;
  /** Its place in its album (ascending, then id); null outside an album. */
  position: number | null;
  /** The image's description (alt text); null: the caption stands in for it. */
  alt_text: string | null;
  /** Who confirmed photo consent for the batch this image came in (their name then), and when. */
  consent_by: string | null;
  consent_at: string | null;
  /** The stored image behind image_url when it is one of ours (/objects/images/{id}). */
  image_id: string | null;
}

/** A gallery album (docs/product.md, 'Photos'). */
export interface AlbumsTable {
  id: Generated<number>;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  event_id: number | null;
  /** A gallery id; null: the album's first image. */
  cover_image_id: number | null;
  /** 'public' or 'parents' (common/albums.ts). */
  visibility: Generated<string>;
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

/** A parent's e-mail subscription and its consent record (docs/product.md, 'E-mail'). */
export interface SubscribersTable {
  id: Generated<number>;
  /** As typed (trimmed); `email_key` is it lower-cased, unique: one row per address. */
  email: string;
  email_key: string;
  /** 1: wants it; 0: does not. */
  news: number;
  events: number;
  /** 'posted' (each item as it is posted) or 'weekly' (the Monday digest). */
  frequency: string;
  /**
   * The private link's token (/unsubscribe/{token}), kept as it is: every message to the
   * subscriber is written with it, and all it opens is this row's own choices.
   */
  manage_token: string;
  /** The hash of the confirmation link's token while unconfirmed; null once confirmed. */
  confirm_token_hash: string | null;
  /** The wording shown when they subscribed: its version and its text. */
  consent_version: string;
  consent_text: string;
  created_at: string;
  confirmed_at: string | null;
  /** When the last confirmation e-mail was queued: one per address per 10 minutes. */
  confirmation_sent_at: string | null;
  /** Permanent failures (5xx) delivering to the address; the second stops all mail to it. */
  hard_bounces: Generated<number>;
  stopped_at: string | null;
}

/** 'queued' (waiting, or to be retried at due_at), 'sending' (claimed), 'sent', 'failed', 'cancelled'. */
export type MailState = "queued" | "sending" | "sent" | "failed" | "cancelled";

/** One e-mail the site sends: written whole when queued, so sending needs nothing else. */
export interface MailOutboxTable {
  id: Generated<number>;
  /** Unique: e.g. post:news:42:subscriber:17, digest:2026-W48:subscriber:17, confirm:17:{time}. */
  key: string;
  /** 'confirm', 'post', 'digest', 'test', 'account-link', 'booking'. */
  kind: string;
  to_address: string;
  /** The subscriber it goes to (null: not to a subscriber); unsubscribing deletes their messages. */
  subscriber_id: number | null;
  subject: string;
  text_body: string;
  html_body: string;
  /** The one-click unsubscribe address (RFC 8058) for a message to a subscriber. */
  list_unsubscribe: string | null;
  /** Made when queued, so a message sent again after a crash keeps it. */
  message_id: string;
  state: MailState;
  /** When it may be sent (first try, or the next after a temporary failure). */
  due_at: string;
  attempts: Generated<number>;
  last_error: string | null;
  /** A claim's lease: past it, a 'sending' row whose sender died is claimed again. */
  claimed_until: string | null;
  claimed_by: string | null;
  sent_at: string | null;
  created_at: string;
  /** A calendar file (text/calendar) sent with it, e.g. a booking's event; null: none. */
  calendar: Generated<string | null>;
  /** The booking it is about (null: none): emptied and deleted with it. */
  booking_id: Generated<number | null>;
}

/** A message to many, made into outbox rows a page of subscribers at a time once due. */
export interface MailFanOutsTable {
  /** e.g. post:news:42, digest:2026-W48 */
  key: string;
  /** 'post-news', 'post-event' or 'digest'. */
  kind: string;
  /** The news item or event of a post; null for a digest. */
  item_id: number | null;
  due_at: string;
  /** The subscribers up to this id have their row: the next page starts after it. */
  last_subscriber_id: Generated<number>;
  done_at: string | null;
  created_at: string;
}

/** An event booked on this site: its settings (docs/product.md, 'Bookings'). */
export interface EventBookingsTable {
  event_id: number;
  /** 1–1,000: adults and children together. */
  places: number;
  max_per_booking: number;
  /** 1: each booking names a child and their class. */
  ask_child: number;
  /** Null: bookings close when the event starts. */
  closes_at: string | null;
  /** 1: a booking that does not fit waits for places to come free. */
  waiting_list: number;
  /** When the reminders two days before were queued. */
  reminded_at: string | null;
  /** When its bookings' names and addresses were emptied, some days after the event. */
  emptied_at: string | null;
}

export type BookingStatus = "confirmed" | "waiting" | "cancelled";

export interface BookingsTable {
  id: Generated<number>;
  event_id: number;
  /** sha256 of the private link's token; null once the booking is emptied. */
  token_hash: string | null;
  /** What the private link is made from, with the signing secret (api/http/lib/booking-links.ts); null: none to tell again. */
  link_seed: Generated<string | null>;
  /** When an e-mail with the link was last queued: one per address per event per 10 minutes. */
  link_sent_at: Generated<string | null>;
  /** Null once emptied (docs/product.md, 'Bookings': personal data kept only as long as needed). */
  name: string | null;
  email: string | null;
  /** The address lower-cased: one live booking per address per event. */
  email_key: string | null;
  adults: number;
  children: number;
  child_name: string | null;
  child_class: string | null;
  status: BookingStatus;
  /** 1: added by the organiser (a phone booking). */
  by_hand: Generated<number>;
  created_at: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
}

export type RevisionKind = "save" | "autosave" | "restore";

/** One save of a news item, an event or a page text, whole (docs/product.md, 'Publishing'). */
export interface RevisionsTable {
  id: Generated<number>;
  /** 'news', 'events' or 'pages'. */
  item_type: string;
  /** The item's id, or the page's ('who-we-are', 'what-we-do'). */
  item_key: string;
  kind: RevisionKind;
  /** The item's version this save made (an autosave: the version it was typed over). */
  version: number;
  at: string;
  by_user_id: number | null;
  /** Who, as they were named then: the name outlives the account. */
  by_name: string | null;
  /** The editable fields, as JSON. */
  fields: string;
}

export interface PreviewLinksTable {
  /** sha256 of the link's token. */
  token_hash: string;
  /** 'news' or 'events'. */
  item_type: string;
  item_id: number;
  expires_at: string;
  created_at: string;
}

/**
 * The words of the public texts, for 'Did you mean …?' (search-words.ts). The searchable
 * documents themselves are an FTS5 table on SQLite and a table with a tsvector on
 * PostgreSQL, read and written with SQL of their own (search-index.ts, search.ts).
 */
export interface SearchWordsTable {
  /** Lower case. */
  word: string;
  /** As first seen: 'Halloween'. */
  spelling: string;
}

export interface SearchWordTrigramsTable {
  word: string;
}

/** A stretch of the school's term time (docs/product.md, 'Term dates'); days are YYYY-MM-DD. */
export interface TermStretchesTable {
  id: Generated<number>;
  name: string;
  start_date: string;
  end_date: string;
  created_at: string;
  updated_at: string;
}
