import { z } from "zod";
import { REPEAT_EVERY } from "../../../../common/event-repeats";

const id = z.union([z.number(), z.string()]).transform(String);

/**
 * What the /api's admin answers add to an event (whose `seriesId` every answer carries for
 * an occurrence of a repeating series): its series' rule, null for a single event. An
 * upstream without repeating events sends none: every event is a single one.
 */
export const seriesFields = {
  series: z
    .object({
      id,
      every: z.enum(REPEAT_EVERY),
      until: z
        .string()
        .nullish()
        .transform((value) => value ?? null),
      count: z
        .number()
        .int()
        .nullish()
        .transform((value) => value ?? null),
      termTimeOnly: z.boolean().catch(false),
    })
    .nullish()
    .transform((value) => value ?? null),
};
