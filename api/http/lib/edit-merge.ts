import type { Kysely } from "kysely";
import { formatDateTime } from "../../../common/date-time-text";
import { sameValue as same } from "../../../common/same-value";
import { publishAtAfter, stateOf } from "../../store/publishing";
import { latestSave, revisionAt, type RevisionTarget } from "../../store/revisions";
import type { Database } from "../../store/schema";
import type { ApiDeps } from "./context";
import { ApiError } from "./errors";
import type { PublishInput } from "./publish-fields";

/**
 * A save typed over an older version (docs/product.md, 'Publishing', 'No edit lost') is
 * merged three ways against the version its form was opened at, read from that version's
 * revision: a field only one person changed takes that person's value, so a colleague's
 * change to a field this person left alone is kept; a field both changed, to different
 * values, is a conflict, and nothing is saved until a person chooses for it.
 *
 * Each field is merged whole. Rich text (a news item's content) too: merging inside its
 * HTML could join two edits of one sentence into something neither person wrote, so two
 * edits of the text are shown side by side and a person chooses. An event's booking
 * settings too (mode, places, most a booking, child asked, closing time, waiting list):
 * they hold together (places already taken, who waits), so two people's changes to them
 * are one choice, not a mix neither made. What cannot be saved is refused by staleSave's
 * 409, at the end of this file.
 */

type Fields = Record<string, unknown>;

/** The item's state, merged as one field by this name: draft, scheduled at a time, or published. */
export const STATE_FIELD = "status";

/** Whose value a field takes: theirs (the item as it is now), mine (the save's), or none yet (both changed it). */
type Side = "theirs" | "mine" | "both";

/** What a save typed over an older version becomes: a save of the merged item, or the fields both people changed. */
export type MergeOutcome<Input> = { input: Input } | { conflicts: string[]; merged: Fields };

/** The item as it is now: its editable fields and its publication time. */
export interface Theirs {
  fields: Fields;
  publishAt: string | null;
}

/**
 * One field's side. A value the save leaves out (undefined) keeps the item's. Without the
 * base's value (its revision is past the bound, or was kept before the field was, as
 * an event's booking settings were at first), a field whose two values differ counts as
 * changed by both: nobody can tell whose change it was.
 */
function sideOf(base: unknown, theirs: unknown, mine: unknown, known: boolean): Side {
  if (mine === undefined || same(mine, theirs)) return "theirs";
  if (known && same(mine, base)) return "theirs";
  if (known && same(theirs, base)) return "mine";
  return "both";
}

/** A state as a visitor would judge it now: a scheduled item whose time has come counts as published. */
function stateValue(publishAt: unknown, now: Date): string {
  const at = typeof publishAt === "string" ? publishAt : null;
  const state = stateOf(at, now);
  return state === "scheduled" ? `scheduled ${at}` : state;
}

/** The state a save asks for, in the same terms; undefined: it leaves the state as it is. */
function askedState(input: PublishInput): string | undefined {
  if (input.status === undefined) return undefined;
  return input.status === "scheduled" ? `scheduled ${input.publishAt}` : input.status;
}

/**
 * Merges `input`, typed over version `input.version`, with the item as it is now. The
 * answer's `merged`, beside a conflict, is the item as the save would make it, each field
 * both changed holding this save's value (with the state it asks for), so a client can
 * show both and send the choice back over the current version.
 */
export async function mergeOverNewer<Input extends PublishInput>(
  db: Kysely<Database>,
  target: RevisionTarget,
  theirs: Theirs,
  input: Input,
  now: Date,
): Promise<MergeOutcome<Input>> {
  const base = input.version === undefined ? null : await revisionAt(db, target, input.version);
  const held = (name: string) => base !== null && Object.hasOwn(base.fields, name);
  const mine: Fields = Object.fromEntries(Object.entries(input));
  const names = Object.keys(theirs.fields);
  const sides = new Map<string, Side>(
    names.map((name) => [name, sideOf(base?.fields[name], theirs.fields[name], mine[name], held(name))]),
  );
  const baseState = stateValue(base?.fields.publishAt, now);
  sides.set(STATE_FIELD, sideOf(baseState, stateValue(theirs.publishAt, now), askedState(input), held("publishAt")));
  const fields = Object.fromEntries(
    names.map((name) => [name, sides.get(name) === "theirs" ? theirs.fields[name] : mine[name]]),
  );
  const stateOfTheirs = sides.get(STATE_FIELD) === "theirs";
  const conflicts = [...sides].filter(([, side]) => side === "both").map(([name]) => name);
  if (conflicts.length > 0) {
    const publishAt = stateOfTheirs ? theirs.publishAt : (publishAtAfter(input, theirs.publishAt, now) ?? null);
    return { conflicts, merged: { ...fields, status: stateOf(publishAt, now), publishAt } };
  }
  // Their state kept: the save leaves it as it is.
  const state = stateOfTheirs ? { status: undefined, publishAt: undefined } : {};
  return { input: { ...input, ...fields, ...state } };
}

/**
 * 'This was changed by {name} at {time} since you opened it.', with the item as it is now
 * and, for a save, the fields both people changed and the item as the save would make it.
 */
export async function staleSave(
  deps: ApiDeps,
  db: Kysely<Database>,
  target: RevisionTarget,
  current: object & { updatedAt: string },
  conflict?: { conflicts: string[]; merged: object },
): Promise<ApiError> {
  const last = await latestSave(db, target);
  const name = last?.by?.name || "someone else";
  const time = formatDateTime(last?.at ?? current.updatedAt, deps.mail.settings.timeZone);
  return new ApiError(409, `This was changed by ${name} at ${time} since you opened it.`, { current, conflict });
}
