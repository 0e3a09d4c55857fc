import { z } from "zod";
import { NOT_A_DATE } from "../../../../common/date-range";
import { coded } from "../../../../common/field-problems";
import { TERM_DAY_PATTERN, TERM_NAME_MAX } from "../../../../common/term-time";
import { TEXT_LIMITS } from "../../../../common/text-limits";
import type { AdminUpstream } from "../client.server";
import type { IntentNotices, ListIntent } from "../forms/list-action.server";
import { requiredField } from "../forms/schemas.server";

/** A stretch of term time as the /api answers it; its id a string, as the admin lists name items. */
const termStretchesSchema = z.array(
  z.object({ id: z.number(), name: z.string(), startDate: z.string(), endDate: z.string() }),
);
export interface TermStretch {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
}

/** Every stretch, in date order: the /api keeps at most a couple of hundred, answered in one list. */
export async function readTermStretches(admin: AdminUpstream): Promise<TermStretch[]> {
  const stretches = await admin.getJson("/api/admin/terms", termStretchesSchema);
  return stretches.map((stretch) => ({ ...stretch, id: String(stretch.id) }));
}

/** A date input's value, YYYY-MM-DD; whether it is a real day, and the order, are the /api's to judge. */
const dayField = requiredField(TEXT_LIMITS.shortText).refine(
  (value) => TERM_DAY_PATTERN.test(value),
  coded("date", NOT_A_DATE),
);

/** The stretch form: the fields the /api takes, as typed. */
export const termFormSchema = () =>
  z.object({ name: requiredField(TERM_NAME_MAX), startDate: dayField, endDate: dayField });

/** What each change says once done, or why it was not. */
export const TERM_NOTICES: Record<ListIntent, IntentNotices> = {
  create: {
    success: { kind: "success", title: "Term dates added" },
    failure: (error) => ({ kind: "error", title: `Failed to add the term dates: ${error}` }),
  },
  update: {
    success: { kind: "success", title: "Term dates saved" },
    failure: (error) => ({ kind: "error", title: `Failed to save the term dates: ${error}` }),
  },
  delete: {
    success: { kind: "success", title: "Term dates removed" },
    failure: (error) => ({ kind: "error", title: `Failed to remove the term dates: ${error}` }),
  },
};
