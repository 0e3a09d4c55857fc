/**
 * The Mail screen's words for what the /api answers (docs/product.md, 'E-mail'), and the
 * addresses of its lists, apart from the route so its tests read them too.
 */

/** The states the outbox can be filtered by, as the /api names them. */
export const OUTBOX_STATES = ["queued", "sending", "sent", "failed", "cancelled"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

const STATE_WORDS: Record<string, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** The filter's choices: every state, by its word. */
export const STATE_CHOICES = OUTBOX_STATES.map((state) => ({ value: state, label: STATE_WORDS[state] }));

export const NOT_SET_UP_STATE = "Not sent: e-mail is not set up";

/** A message's state in words: one waiting while e-mail is not set up will not go until it is. */
export function stateWords(state: string, configured: boolean): string {
  if (state === "queued" && !configured) return NOT_SET_UP_STATE;
  return STATE_WORDS[state] ?? state;
}

export interface MailAddress {
  page: number;
  state: string | null;
  subscribersPage: number;
  q: string;
}

/** The screen's address with these lists' pages, filter and search; the defaults are left out. */
export function mailHref({ page, state, subscribersPage, q }: MailAddress, anchor = ""): string {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  if (state) params.set("state", state);
  if (q) params.set("q", q);
  if (subscribersPage > 1) params.set("subscribers", String(subscribersPage));
  const query = params.toString();
  return `/admin/mail${query ? `?${query}` : ""}${anchor}`;
}

/** 'Yes'/'No' pairs in words: 'News and events', 'News', 'Events', 'Nothing'. */
export function choiceWords(news: boolean, events: boolean): string {
  if (news && events) return "News and events";
  if (news) return "News";
  if (events) return "Events";
  return "Nothing";
}

export function frequencyWords(frequency: string): string {
  return frequency === "weekly" ? "A weekly digest" : "As they are posted";
}
