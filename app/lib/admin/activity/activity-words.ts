/**
 * The record of changes in words (docs/product.md, 'The committee'): what an action code such as
 * `news.update` says ('edited the news article') and where its item is edited.
 */
export interface ActivityLine {
  at: string;
  /** By the name and username they had then; username null when the upstream did not keep it. */
  user: { id: number; name: string; username: string | null } | null;
  action: string;
  target: { type: string; id: string; title: string | null } | null;
}

export interface Person {
  id: number;
  name: string;
  username: string | null;
}

/**
 * A person as the record shows them: their name and, beside it, their username, which
 * nobody else can have, so two people with similar names are told apart: 'Jane Doe
 * (jdoe)'; just 'admin' for someone shown by their username.
 */
export function personLabel({ name, username }: { name: string; username: string | null }): string {
  return username && username !== name ? `${name} (${username})` : name;
}

/** What each type of item is called in a sentence. */
const NOUNS: Record<string, string> = {
  news: "news article",
  events: "event",
  gallery: "gallery image",
  page: "page",
  image: "image",
  album: "album",
};

const VERBS: Record<string, string> = {
  create: "added",
  update: "edited",
  delete: "deleted",
  blur: "blurred faces in",
};

/** Actions that are not an item's create, update or delete. */
const WHOLE: Record<string, string> = {
  "upload.create": "uploaded an image",
  "auth.sign-in": "signed in",
  "auth.sign-out": "signed out",
  "user.update": "changed the role or name of",
  "user.delete": "removed from the committee",
  "user.invite": "made an invitation for",
  "user.invite-revoke": "withdrew the invitation for",
  "user.reset-link": "made a password-reset link for",
  "user.join": "joined the committee as",
  "account.update": "changed their name to",
  "account.password": "changed their password",
  "account.reset": "chose a new password with a reset link",
  "session.revoke": "signed out a session on",
  "two-factor.locked": "typed 10 wrong codes in a row, locking the two-factor sign-in of",
  "album.order": "reordered the images of the album",
};

/** 'news.update' → 'edited the news article'; an action this version does not know keeps its code. */
export function describeAction(action: string): string {
  if (WHOLE[action]) return WHOLE[action];
  const [type, change] = action.split(".");
  const noun = NOUNS[type];
  const verb = change ? VERBS[change] : undefined;
  return noun && verb ? `${verb} the ${noun}` : action;
}

/** The two text pages' screens, by the key the record names them with. */
const PAGE_SCREENS: Record<string, string> = {
  whoWeAre: "/admin/who-we-are",
  whatWeDo: "/admin/what-we-do",
};

/** The list screens whose edit dialog a line's item opens in. */
const LIST_SCREENS: Record<string, string> = {
  news: "/admin/news",
  events: "/admin/events",
  gallery: "/admin/gallery",
};

/** The types of item that can be deleted, so the screen asks whether they still exist. */
export const DELETABLE_TYPES = [...Object.keys(LIST_SCREENS), "album"];

/** Where a line's item is seen or edited today; null when it is gone or has no place of its own. */
export function targetHref(target: ActivityLine["target"], gone: boolean): string | null {
  if (!target || gone) return null;
  if (target.type === "page") return PAGE_SCREENS[target.id] ?? null;
  if (target.type === "image") return `/objects/images/${encodeURIComponent(target.id)}`;
  if (target.type === "album") return `/admin/gallery/albums/${encodeURIComponent(target.id)}`;
  const list = LIST_SCREENS[target.type];
  return list ? `${list}?edit=${encodeURIComponent(target.id)}` : null;
}

/** A line's item as the screen names it: its title at the time, else its type and id. */
export function targetName(target: ActivityLine["target"]): string {
  if (!target) return "";
  if (target.type === "sign-in") return "";
  return target.title || `${NOUNS[target.type] ?? target.type} ${target.id}`;
}
