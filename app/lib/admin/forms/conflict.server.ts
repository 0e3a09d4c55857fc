import { z } from "zod";
import { formatDate, formatEventWhen } from "../../dates";
import { sanitizeRichText } from "../../sanitize.server";
import { UpstreamError } from "../../upstream/client.server";
import { adminEventSchema, adminNewsSchema, type AdminEvent, type AdminNews } from "../publishing/admin-items.server";
import type { EditConflict, ShownField } from "../publishing/conflict";
import { STATE_WORDS } from "../publishing/states";
import type { Publishing } from "../publishing/admin-items.server";
import { EVENT_LABELS, NEWS_LABELS } from "./labels";

/** How one kind of item reads the 409's `current` and shows it beside the form. */
interface ConflictView<T extends Publishing> {
  schema: z.ZodType<T>;
  show: (item: T, timeZone: string) => ShownField[];
}

const optional = (label: string, value: string | null | undefined): ShownField[] =>
  value ? [{ label, text: value }] : [];

function stateField(item: Publishing, timeZone: string): ShownField {
  const when = item.status === "scheduled" && item.publishAt ? ` ${formatEventWhen(item.publishAt, timeZone)}` : "";
  return { label: "State", text: `${STATE_WORDS[item.status]}${when}` };
}

const NEWS_VIEW: ConflictView<AdminNews> = {
  schema: adminNewsSchema,
  show: (item, timeZone) => [
    { label: NEWS_LABELS.title, text: item.title },
    { label: NEWS_LABELS.publishedAt, text: formatDate(item.publishedAt, timeZone) },
    { label: NEWS_LABELS.content, html: sanitizeRichText(item.content) },
    ...optional(NEWS_LABELS.imageUrl, item.imageUrl),
    ...optional(NEWS_LABELS.imageAlt, item.imageAlt),
    stateField(item, timeZone),
  ],
};

const EVENT_VIEW: ConflictView<AdminEvent> = {
  schema: adminEventSchema,
  show: (item, timeZone) => [
    { label: EVENT_LABELS.name, text: item.name },
    { label: EVENT_LABELS.date, text: formatEventWhen(item.date, timeZone) },
    { label: EVENT_LABELS.bookingUrl, text: item.bookingUrl },
    { label: EVENT_LABELS.comment, text: item.comment },
    ...optional(EVENT_LABELS.location, item.location),
    ...optional(EVENT_LABELS.organiser, item.organiser),
    ...optional(EVENT_LABELS.imageUrl, item.imageUrl),
    ...optional(EVENT_LABELS.imageAlt, item.imageAlt),
    stateField(item, timeZone),
  ],
};

const conflictBody = z.object({ message: z.string().min(1), current: z.unknown() });

/** Reads the /api's 409 to a stale version for the dialog; null for any other refusal. */
export type ConflictReader = (error: unknown, timeZone: string) => EditConflict | null;

function readConflict<T extends Publishing>(
  error: unknown,
  view: ConflictView<T>,
  timeZone: string,
): EditConflict | null {
  if (!(error instanceof UpstreamError) || error.status !== 409) return null;
  let body: unknown;
  try {
    body = JSON.parse(error.body);
  } catch {
    return null;
  }
  const parsed = conflictBody.safeParse(body);
  const current = parsed.success ? view.schema.safeParse(parsed.data.current) : null;
  if (!parsed.success || !current?.success) return null;
  const item = current.data;
  return {
    message: parsed.data.message,
    fields: view.show(item, timeZone),
    version: item.version,
    status: item.status,
  };
}

export const NEWS_CONFLICT: ConflictReader = (error, timeZone) => readConflict(error, NEWS_VIEW, timeZone);
export const EVENT_CONFLICT: ConflictReader = (error, timeZone) => readConflict(error, EVENT_VIEW, timeZone);
