import type { ActivityLine } from "./activity-words";

/**
 * One batch of photos as one line of Recent changes (docs/product.md, 'The committee'):
 * Add Images records an upload and a gallery image per photo, so 12 photos would be 24
 * lines. Lines next to each other on a page (the page is the bounded window; paging
 * is the /api's and stays as it is) by the same person, of the same kind, each within
 * BATCH_GAP of the one before, are one group.
 */
export interface LineGroup {
  /** The group's lines, newest first; the first stands for the group. */
  lines: ActivityLine[];
  /** What a group of several photos says: the photos' action and how many; null for a line on its own. */
  batch: { action: BatchAction; count: number } | null;
}

export type BatchAction = "gallery.create" | "gallery.update" | "gallery.delete" | "upload.create";

/** What each photo action counts as: an upload is part of adding a photo. */
const KINDS: Readonly<Record<string, BatchAction>> = {
  "gallery.create": "gallery.create",
  "upload.create": "gallery.create",
  "gallery.update": "gallery.update",
  "gallery.delete": "gallery.delete",
};

/** Lines further apart than this are two things a person did, not one batch. */
export const BATCH_GAP_MS = 10 * 60 * 1000;

function joins(group: ActivityLine[], line: ActivityLine): boolean {
  const previous = group[group.length - 1];
  const kind = KINDS[line.action];
  return (
    kind !== undefined &&
    kind === KINDS[previous.action] &&
    line.user !== null &&
    line.user.id === previous.user?.id &&
    Math.abs(Date.parse(previous.at) - Date.parse(line.at)) <= BATCH_GAP_MS
  );
}

function close(lines: ActivityLine[]): LineGroup {
  const kind = KINDS[lines[0].action];
  if (!kind) return { lines, batch: null };
  const photos = lines.filter((line) => line.action === kind);
  // Uploads alone (no gallery image made of them yet) are counted as uploads.
  const batch =
    photos.length > 0
      ? { action: kind, count: photos.length }
      : { action: "upload.create" as const, count: lines.length };
  if (batch.count < 2) {
    // One photo added is its gallery line; its upload says nothing more.
    return { lines: photos.length === 1 ? [photos[0]] : lines, batch: null };
  }
  return { lines: photos.length > 0 ? photos : lines, batch };
}

/** A page's lines, newest first, grouped: each photo batch one group, every other line its own. */
export function groupBatches(lines: readonly ActivityLine[]): LineGroup[] {
  const groups: LineGroup[] = [];
  let current: ActivityLine[] = [];
  for (const line of lines) {
    if (current.length > 0 && joins(current, line)) {
      current.push(line);
      continue;
    }
    if (current.length > 0) groups.push(close(current));
    current = [line];
  }
  if (current.length > 0) groups.push(close(current));
  return groups;
}
