import { EVENT_LABELS, NEWS_LABELS } from "../forms/labels";

/**
 * What keeps a history (docs/product.md, 'History'): news items, events and the two page
 * texts. Each names its /api collection, its editable fields in the order the forms show
 * them, and its screens. One place, read by the History screens and their tests.
 */
export type HistoryCollection = "news" | "events" | "pages";

export interface HistoryField {
  name: string;
  label: string;
  /** Rich text: compared as its plain text, never shown as HTML. */
  rich?: boolean;
  /** An event's booking settings, kept as data: compared as the words a volunteer reads. */
  booking?: boolean;
}

export interface HistorySubject {
  collection: HistoryCollection;
  /** The item's id in the /api: a news or event id, or `who-we-are` / `what-we-do`. */
  id: string;
  fields: readonly HistoryField[];
  /** The screen the item is edited on, which History leads back to. */
  back: { to: string; label: string };
  /** This History screen's own address. */
  path: string;
  /** Whether the item has a public page to preview (news and events). */
  previewable: boolean;
}

const STATE_FIELDS: readonly HistoryField[] = [
  { name: "status", label: "State" },
  { name: "publishAt", label: "Publish at" },
];

/** The fields of `labels` in the order given, with the forms' own labels. */
function fieldsOf<K extends string>(labels: Record<K, string>, order: readonly K[], rich: readonly K[] = []) {
  return order.map((name): HistoryField => ({ name, label: labels[name], rich: rich.includes(name) }));
}

const NEWS_FIELDS: readonly HistoryField[] = [
  ...fieldsOf(NEWS_LABELS, ["title", "content", "publishedAt", "imageUrl", "imageAlt"], ["content"]),
  ...STATE_FIELDS,
];

const EVENT_FIELDS: readonly HistoryField[] = [
  ...fieldsOf(EVENT_LABELS, ["name", "date", "comment", "bookingUrl", "organiser", "location", "imageUrl", "imageAlt"]),
  { name: "booking", label: "Booking", booking: true },
  ...STATE_FIELDS,
];

export function newsHistory(id: string): HistorySubject {
  return {
    collection: "news",
    id,
    fields: NEWS_FIELDS,
    back: { to: "/admin/news", label: "Manage News" },
    path: newsHistoryPath(id),
    previewable: true,
  };
}

export function eventHistory(id: string): HistorySubject {
  return {
    collection: "events",
    id,
    fields: EVENT_FIELDS,
    back: { to: "/admin/events", label: "Manage Events" },
    path: eventHistoryPath(id),
    previewable: true,
  };
}

export const WHO_WE_ARE_HISTORY: HistorySubject = {
  collection: "pages",
  id: "who-we-are",
  fields: [
    { name: "aboutUs", label: "About Us" },
    { name: "whoAreWe", label: "Committee Members / Leadership" },
    { name: "contactEmail", label: "Contact Information" },
  ],
  back: { to: "/admin/who-we-are", label: "Edit Who We Are Content" },
  path: "/admin/who-we-are/history",
  previewable: false,
};

export const WHAT_WE_DO_HISTORY: HistorySubject = {
  collection: "pages",
  id: "what-we-do",
  fields: [
    { name: "mission", label: "Mission Statement" },
    { name: "activities", label: "Club Activities" },
    { name: "impact", label: "Impact Description" },
  ],
  back: { to: "/admin/what-we-do", label: "Edit What We Do Content" },
  path: "/admin/what-we-do/history",
  previewable: false,
};

export function newsHistoryPath(id: string): string {
  return `/admin/news/${encodeURIComponent(id)}/history`;
}

export function eventHistoryPath(id: string): string {
  return `/admin/events/${encodeURIComponent(id)}/history`;
}
