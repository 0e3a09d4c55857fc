/**
 * The record of changes in words (docs/product.md, 'The committee'): each action code the
 * /api records (`news.update`, `settings.update`, …) as the middle of a sentence that
 * starts with the person's name: 'Sam Patel edited the event "Bonfire night"'.
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

/**
 * What a line says after the person's name: `words`, then the item (the part that
 * links to it), its title in quotes or 'a photo' as it is, then `after`.
 */
export interface Phrase {
  words: string;
  item: string | null;
  quote: boolean;
  after: string;
}

type Target = ActivityLine["target"];

/**
 * A title a person wrote; never a stored image's address, which an uncaptioned photo
 * is recorded by (`/objects/images/…`) and which means nothing to a reader.
 */
export function itemTitle(target: Target): string | null {
  const title = target?.title?.trim();
  if (!title || title.startsWith("/") || /^https?:\/\//i.test(title)) return null;
  return title;
}

const phrase = (words: string, item: string | null = null, after = ""): Phrase => ({
  words,
  item,
  quote: item !== null,
  after,
});

/** 'edited the event "Fair"', or without a title 'edited an event' (still linked: `item` unquoted). */
const about =
  (verb: string, noun: string, article = "a") =>
  (target: Target): Phrase => {
    const title = itemTitle(target);
    return title
      ? phrase(`${verb} the ${noun}`, title)
      : { words: verb, item: `${article} ${noun}`, quote: false, after: "" };
  };

/** A person the line is about, by the name they had then. */
const someone = (target: Target) => target?.title?.trim() || "someone";

const setting = (target: Target): Phrase => {
  if (target?.id === "galleryPassphrase") {
    return phrase(
      target.title === "Gallery passphrase removed"
        ? "removed the gallery passphrase"
        : "changed the gallery passphrase",
    );
  }
  if (target?.id === "requireTwoFactor") {
    return phrase(
      target.title === "Two-factor sign-in optional"
        ? "made two-factor sign-in optional"
        : "made two-factor sign-in required for everyone",
    );
  }
  return phrase("changed a site setting");
};

/** 'added the term dates "Autumn 1"'; a stretch is named by its name at the time. */
const termDates = (verb: string, target: Target): Phrase => {
  const title = itemTitle(target);
  return title ? phrase(`${verb} the term dates`, title) : phrase(`${verb} term dates`);
};

/**
 * Every action the /api records, with its words. tests/unit/activity-words.test.ts reads
 * the /api's source for every action it records and fails for one missing here.
 */
export const ACTION_PHRASES: Readonly<Record<string, (target: Target) => Phrase>> = {
  "news.create": about("added", "news article"),
  "news.update": about("edited", "news article"),
  "news.delete": about("deleted", "news article"),
  "events.create": about("added", "event", "an"),
  "events.update": about("edited", "event", "an"),
  "events.delete": about("deleted", "event", "an"),
  "news.restore": about("restored an earlier version of", "news article"),
  "events.restore": about("restored an earlier version of", "event", "an"),
  "gallery.create": about("added", "photo"),
  "gallery.update": about("edited", "photo"),
  "gallery.delete": about("deleted", "photo"),
  "gallery.blur": (target) => {
    const title = itemTitle(target);
    return title
      ? phrase("blurred faces in the photo", title)
      : { words: "blurred faces in", item: "a photo", quote: false, after: "" };
  },
  "album.create": about("added", "album", "an"),
  "album.update": about("edited", "album", "an"),
  "album.delete": about("deleted", "album", "an"),
  "album.order": (target) => {
    const title = itemTitle(target);
    return title ? phrase("reordered the photos of the album", title) : phrase("reordered the photos of an album");
  },
  "page.update": (target) => phrase("edited the page", itemTitle(target) ?? "a text page"),
  "page.restore": (target) => phrase("restored an earlier version of the page", itemTitle(target) ?? "a text page"),
  "upload.create": () => phrase("uploaded a photo"),
  "auth.sign-in": () => phrase("signed in"),
  "auth.sign-out": () => phrase("signed out"),
  "user.update": (target) => phrase(`changed the role or name of ${someone(target)}`),
  "user.delete": (target) => phrase(`removed ${someone(target)} from the committee`),
  "user.invite": (target) => phrase(`made an invitation for ${someone(target)}`),
  "user.invite-revoke": (target) => phrase(`revoked the invitation for ${someone(target)}`),
  "user.reset-link": (target) => phrase(`made a password-reset link for ${someone(target)}`),
  "user.join": () => phrase("joined the committee"),
  "account.update": (target) => phrase(`changed their name to ${someone(target)}`),
  "account.password": () => phrase("changed their password"),
  "account.reset": () => phrase("chose a new password with a reset link"),
  "session.revoke": (target) => phrase(`signed out a session on ${target?.title?.trim() || "a device"}`),
  "two-factor.enable": () => phrase("turned on two-factor sign-in"),
  "two-factor.disable": () => phrase("turned off two-factor sign-in"),
  "two-factor.recovery-codes": () => phrase("made new recovery codes"),
  "two-factor.locked": (target) =>
    phrase(`typed 10 wrong codes in a row, locking the two-factor sign-in of ${someone(target)}`),
  "settings.update": setting,
  "passkey.add": (target) => phrase("added a passkey", itemTitle(target)),
  "passkey.remove": (target) => phrase("removed a passkey", itemTitle(target)),
  "mail.test": () => phrase("sent a test e-mail"),
  "subscriber.delete": () => phrase("removed a subscriber to the club's e-mails"),
  "booking.create": (target) => phrase("added a booking by hand to the event", itemTitle(target)),
  "booking.cancel": (target) => phrase("cancelled a booking for the event", itemTitle(target)),
  "booking.close": (target) => phrase("closed the bookings for the event", itemTitle(target)),
  "term.create": (target) => termDates("added", target),
  "term.update": (target) => termDates("changed", target),
  "term.delete": (target) => termDates("removed", target),
};

/** A line's words after the person's name; an action this version does not know still reads as a sentence. */
export function describeChange(action: string, target: Target): Phrase {
  return ACTION_PHRASES[action]?.(target) ?? phrase("made a change");
}

/** The whole sentence as text: 'Sam Patel added the event "Bonfire night"'. */
export function sentenceOf(who: string, { words, item, quote, after }: Phrase): string {
  return `${who} ${words}${item ? ` ${quote ? `"${item}"` : item}` : ""}${after}`;
}

/** The two text pages' screens, by the key the record names them with. */
const PAGE_SCREENS: Record<string, string> = {
  whoWeAre: "/admin/who-we-are",
  whatWeDo: "/admin/what-we-do",
};

/**
 * Where each kind of item is seen today: a news article or an event on its own page,
 * an album in its editor, a photo in Manage Gallery's edit dialog.
 */
const ITEM_PLACES: Record<string, (id: string) => string> = {
  news: (id) => `/news/${id}`,
  events: (id) => `/events/${id}`,
  gallery: (id) => `/admin/gallery?edit=${id}`,
  album: (id) => `/admin/gallery/albums/${id}`,
};

/** The types of item that can be deleted, so the screen asks whether they still exist. */
export const DELETABLE_TYPES = Object.keys(ITEM_PLACES);

/** Where a line's item is seen or edited today; null when it is gone or has no place of its own. */
export function targetHref(target: Target, gone: boolean): string | null {
  if (!target || gone) return null;
  if (target.type === "page") return PAGE_SCREENS[target.id] ?? null;
  return ITEM_PLACES[target.type]?.(encodeURIComponent(target.id)) ?? null;
}
