/**
 * A news item's or event's publishing state (publishing): the words the
 * admin screens show and the ?status= filter of Manage News and Manage Events. Plain data,
 * so the admin pages may import it.
 */
export const PUBLISH_STATES = ["draft", "scheduled", "published"] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

/** What a card says of its item's state. */
export const STATE_WORDS: Record<PublishState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

/** The filter links above a list: the empty value is 'All'. */
export const STATE_FILTERS: ReadonlyArray<{ value: PublishState | ""; label: string }> = [
  { value: "", label: "All" },
  { value: "draft", label: "Drafts" },
  { value: "scheduled", label: "Scheduled" },
  { value: "published", label: "Published" },
];

/** What a filtered list says when nothing is in that state. */
export const EMPTY_STATE_WORDS: Record<PublishState, string> = {
  draft: "No drafts.",
  scheduled: "Nothing is scheduled.",
  published: "Nothing is published yet.",
};

export function isPublishState(value: unknown): value is PublishState {
  return PUBLISH_STATES.some((state) => state === value);
}

/** The ?status= of a list's address; anything else is 'All'. */
export function stateFilterOf(value: string | null | undefined): PublishState | null {
  return isPublishState(value) ? value : null;
}

/** A list's address with its filter and page (page 1 and 'All' left out). */
export function listHref(pathname: string, state: PublishState | null, page = 1): string {
  const query = new URLSearchParams();
  if (state) query.set("status", state);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The labels of the fields a dialog adds for publishing (a problem with one is told with them). */
export const PUBLISH_LABELS = { publishAt: "Publish at" } as const;

/** The words of the buttons beside the product spec's save button. */
export const SAVE_DRAFT = "Save draft";
export const SCHEDULE = "Schedule…";

/** '2 drafts, 1 scheduled'; null when there is neither (the dashboard hides the line). */
export function statesLine(counts: { draft: number; scheduled: number }): string | null {
  if (counts.draft === 0 && counts.scheduled === 0) return null;
  return `${counts.draft} ${counts.draft === 1 ? "draft" : "drafts"}, ${counts.scheduled} scheduled`;
}
