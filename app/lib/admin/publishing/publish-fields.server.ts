import { isoDateProblem, NOT_A_DATE } from "../../../../common/date-range";
import { fromLocalInput } from "../../dates";
import { isPublishState, PUBLISH_LABELS } from "./states";

/** What a dialog's save adds to the body (publishing); all of it optional at the /api. */
export interface PublishBody {
  status?: "draft" | "scheduled" | "published";
  publishAt?: string;
  version?: number;
}

/**
 * Which button saved the form, as the body says it: 'Save draft' (status draft), 'Schedule…'
 * (status scheduled with the time typed in the site's zone, which must be still to come), or
 * the product spec's own button, which publishes: a new item is published by leaving the
 * state out, as the product spec's create always did; a draft or scheduled item is published
 * now; a published one keeps its state, as any edit without one does. `state` is the
 * item's state when the form was opened (or, after a refused save, when it was read again).
 */
export function publishBodyOf(
  fields: Record<string, string | undefined>,
  intent: "create" | "update",
  timeZone: string,
  now: Date,
): { body: PublishBody } | { publishAt: string } {
  const version = /^\d{1,15}$/.test(fields.version ?? "") ? Number(fields.version) : undefined;
  const versioned = version === undefined ? {} : { version };
  if (fields.status === "draft") return { body: { status: "draft", ...versioned } };
  if (fields.status === "scheduled") {
    const typed = fields.publishAt?.trim() ?? "";
    const label = PUBLISH_LABELS.publishAt;
    if (!typed) return { publishAt: `${label} is required to schedule` };
    const iso = fromLocalInput(typed, timeZone);
    const problem = iso === null ? NOT_A_DATE : isoDateProblem(iso);
    if (iso === null || problem !== null) return { publishAt: `${label} ${problem ?? NOT_A_DATE}` };
    if (Date.parse(iso) <= now.getTime()) return { publishAt: `${label} must be in the future` };
    return { body: { status: "scheduled", publishAt: iso, ...versioned } };
  }
  const opened = fields.state;
  const publishNow = intent === "update" && isPublishState(opened) && opened !== "published";
  return { body: { ...(publishNow ? { status: "published" as const } : {}), ...versioned } };
}
