import { z } from "zod";
import { formatDateTime } from "../../date-time";
import { UpstreamError, type UpstreamSender } from "../../upstream/client.server";
import { latestLines } from "./activity.server";
import { groupBatches, type LineGroup } from "./activity-batches";
import {
  DELETABLE_TYPES,
  describeChange,
  sentenceOf,
  targetHref,
  type ActivityLine,
  type Phrase,
} from "./activity-words";

/** A line of Recent changes as the screen shows it, every word made here on the server. */
export interface ShownLine {
  key: string;
  at: string;
  when: string;
  /** The person's name, then the words after it; `item` is the part that links to `href`. */
  who: string;
  /** Beside the name, for telling two similar names apart; null when it is the name or unknown. */
  username: string | null;
  what: string;
  item: string | null;
  quote: boolean;
  after: string;
  /** Where the item is seen or edited today; null when it is gone or has no screen. */
  href: string | null;
  /** The whole sentence: 'Sam Patel added 12 photos to "Bonfire night"'. */
  sentence: string;
}

/**
 * The items of the page that no longer exist: those whose latest line, asked of the
 * record once per type (at most four calls), is their deletion.
 */
async function goneItems(admin: UpstreamSender, lines: ActivityLine[]): Promise<Set<string>> {
  const gone = new Set<string>();
  await Promise.all(
    DELETABLE_TYPES.map(async (type) => {
      const ids = lines.flatMap(({ target }) => (target?.type === type ? [target.id] : []));
      for (const latest of await latestLines(admin, type, ids)) {
        if (latest.target && latest.action === `${type}.delete`) gone.add(`${type}/${latest.target.id}`);
      }
    }),
  );
  return gone;
}

const photoAlbumSchema = z.object({ albumId: z.number().nullable().optional() });
const albumSchema = z.object({ album: z.object({ id: z.number(), title: z.string() }) });

/**
 * The album a batch's photos went into, by its newest photo (each read by id, one
 * batch at a time, at most a page's worth); null when it has none, or is gone.
 */
async function albumOf(admin: UpstreamSender, photoId: string): Promise<{ id: number; title: string } | null> {
  try {
    const photo = photoAlbumSchema.parse(
      await (await admin.send(`/api/gallery/${encodeURIComponent(photoId)}`)).json(),
    );
    if (typeof photo.albumId !== "number") return null;
    return albumSchema.parse(await (await admin.send(`/api/albums/${photo.albumId}`)).json()).album;
  } catch (error) {
    if (error instanceof UpstreamError || error instanceof z.ZodError) return null;
    throw error;
  }
}

/** A batch's words and where they link: 'added 12 photos to "Bonfire night"', the album. */
async function describeBatch(
  admin: UpstreamSender,
  group: LineGroup & { batch: NonNullable<LineGroup["batch"]> },
): Promise<{ phrase: Phrase; href: string | null }> {
  const { action, count } = group.batch;
  const photos = `${count} photos`;
  if (action === "gallery.create") {
    const newest = group.lines[0].target;
    const album = newest ? await albumOf(admin, newest.id) : null;
    return album
      ? {
          phrase: { words: `added ${photos} to`, item: album.title, quote: true, after: "" },
          href: `/admin/gallery/albums/${album.id}`,
        }
      : { phrase: { words: `added ${photos}`, item: null, quote: false, after: "" }, href: null };
  }
  const words = { "gallery.update": "edited", "gallery.delete": "deleted", "upload.create": "uploaded" }[action];
  return { phrase: { words: `${words} ${photos}`, item: null, quote: false, after: "" }, href: null };
}

export async function describeLines(
  admin: UpstreamSender,
  lines: ActivityLine[],
  timeZone: string,
): Promise<ShownLine[]> {
  const gone = await goneItems(admin, lines);
  return Promise.all(
    groupBatches(lines).map(async (group, index) => {
      const line = group.lines[0];
      const { phrase, href } = group.batch
        ? await describeBatch(admin, { ...group, batch: group.batch })
        : {
            phrase: describeChange(line.action, line.target),
            href: targetHref(line.target, line.target ? gone.has(`${line.target.type}/${line.target.id}`) : false),
          };
      // The sentence starts with the person's name; names are one person's each (docs/product.md, 'The committee', Names and usernames).
      const who = line.user ? line.user.name || line.user.username || "Someone" : "Someone not signed in";
      return {
        key: `${line.at}/${index}`,
        at: line.at,
        when: formatDateTime(line.at, timeZone),
        who,
        username: line.user?.username && line.user.username !== who ? line.user.username : null,
        what: phrase.words,
        item: phrase.item,
        quote: phrase.quote,
        after: phrase.after,
        href: phrase.item ? href : null,
        sentence: sentenceOf(who, phrase),
      };
    }),
  );
}
