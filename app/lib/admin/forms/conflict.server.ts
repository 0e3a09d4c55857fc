import { z } from "zod";
import { sameValue as same } from "../../../../common/same-value";
import { formatDate, formatEventWhen } from "../../dates";
import { sanitizeRichText } from "../../sanitize.server";
import { UpstreamError } from "../../upstream/client.server";
import { adminNewsSchema, type AdminNews } from "../publishing/admin-items.server";
import type { ConflictField, EditConflict, ShownValue } from "../publishing/conflict";
import { newsFormValues } from "../publishing/form-values";
import { STATE_WORDS } from "../publishing/states";
import type { Publishing } from "../publishing/admin-items.server";
import { NEWS_LABELS } from "./labels";

/**
 * How one kind of item reads the /api's 409 to a save typed over an older version
 * (docs/product.md, 'Publishing', 'No edit lost'): each field the /api merges, with its
 * label and how its value is shown, and the item's fields as the form holds them. News
 * is here; events are in events/event-conflict.server.ts, beside their booking settings.
 */
export interface ConflictView<T extends Publishing> {
  schema: z.ZodType<T>;
  fields: Record<string, ConflictViewField<T>>;
  formValues: (item: T, timeZone: string) => Record<string, string>;
}

interface ConflictViewField<T> {
  label: string;
  show: (item: T, timeZone: string) => ShownValue;
  /** The form's inputs that hold it, when it is not one input of its own name (an event's booking: its mode, places…). */
  inputs?: readonly string[];
}

/** The state is merged as one more field, by this name; the button a form is saved with chooses it. */
const STATE = "status";

function stateShown(item: Publishing, timeZone: string): ShownValue {
  const when = item.status === "scheduled" && item.publishAt ? ` ${formatEventWhen(item.publishAt, timeZone)}` : "";
  return { text: `${STATE_WORDS[item.status]}${when}` };
}

export const text = (value: string | null | undefined): ShownValue => ({ text: value ?? "" });

const NEWS_VIEW: ConflictView<AdminNews> = {
  schema: adminNewsSchema,
  fields: {
    title: { label: NEWS_LABELS.title, show: (item) => text(item.title) },
    publishedAt: { label: NEWS_LABELS.publishedAt, show: (item, zone) => text(formatDate(item.publishedAt, zone)) },
    content: { label: NEWS_LABELS.content, show: (item) => ({ html: sanitizeRichText(item.content) }) },
    imageUrl: { label: NEWS_LABELS.imageUrl, show: (item) => text(item.imageUrl) },
    imageAlt: { label: NEWS_LABELS.imageAlt, show: (item) => text(item.imageAlt) },
  },
  formValues: (item, timeZone) => newsFormValues({ ...item, html: sanitizeRichText(item.content) }, timeZone),
};

const conflictBody = z.object({
  message: z.string().min(1),
  current: z.record(z.string(), z.unknown()),
  conflicts: z.array(z.string()).optional(),
  merged: z.record(z.string(), z.unknown()).optional(),
});

/** The refused save's dialog: the conflict shown, and the form's values with the fields only they changed as they left them. */
export interface ReadConflict {
  conflict: EditConflict;
  values: Record<string, string>;
}

/**
 * Reads the /api's 409 to a stale version; null for any other refusal. `sent` is the
 * save's body, `typed` the form as it came.
 */
export type ConflictReader = (
  error: unknown,
  timeZone: string,
  sent: Record<string, unknown>,
  typed: Record<string, string>,
) => ReadConflict | null;

function bodyOf(error: unknown) {
  if (!(error instanceof UpstreamError) || error.status !== 409) return null;
  try {
    const parsed = conflictBody.safeParse(JSON.parse(error.body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readConflict<T extends Publishing>(
  view: ConflictView<T>,
  ...[error, timeZone, sent, typed]: Parameters<ConflictReader>
): ReadConflict | null {
  const body = bodyOf(error);
  if (!body) return null;
  const names = Object.keys(view.fields);
  // An /api that names no conflicts: every field the two versions hold differently is one, as ours
  // does when the opened version is no longer kept.
  const named =
    body.conflicts ??
    [...names, STATE].filter((name) => sent[name] !== undefined && !same(sent[name], body.current[name]));
  const merged = body.merged ?? sent;
  const current = view.schema.safeParse(body.current);
  const mine = view.schema.safeParse({ ...body.current, ...merged });
  if (!current.success || !mine.success) return null;
  const theirValues = view.formValues(current.data, timeZone);
  const conflicts: ConflictField[] = named.flatMap((name): ConflictField[] => {
    if (name === STATE) {
      const shown = { mine: stateShown(mine.data, timeZone), theirs: stateShown(current.data, timeZone) };
      return [{ name, label: "State", ...shown }];
    }
    const field = view.fields[name];
    if (!field) return [];
    const shown = { mine: field.show(mine.data, timeZone), theirs: field.show(current.data, timeZone) };
    const theirsValue = field.inputs
      ? Object.fromEntries(field.inputs.map((input) => [input, theirValues[input] ?? ""]))
      : theirValues[name];
    return [{ name, label: field.label, ...shown, theirsValue }];
  });
  // What only they changed the merge keeps: the form shows it as they left it. A field the save
  // left out (an event's booking, from a form without its choice) is kept as it is, not changed by them.
  const theirsKept = (name: string) =>
    sent[name] !== undefined && same(merged[name], body.current[name]) && !same(sent[name], body.current[name]);
  const kept = names.filter((name) => !named.includes(name) && theirsKept(name));
  const mergedValues = view.formValues(mine.data, timeZone);
  const inputsOf = (name: string) => view.fields[name]?.inputs ?? [name];
  const values = Object.fromEntries(
    kept.flatMap((name) => inputsOf(name).map((input) => [input, mergedValues[input]])),
  );
  if (!named.includes(STATE) && sent[STATE] === undefined) values.publishAt = mergedValues.publishAt;
  return {
    conflict: {
      message: body.message,
      conflicts,
      kept: kept.map((name) => view.fields[name].label),
      version: current.data.version,
      status: current.data.status,
      base: typed.version ?? "",
    },
    values,
  };
}

export const NEWS_CONFLICT: ConflictReader = (...args) => readConflict(NEWS_VIEW, ...args);
