import { z } from "zod";
import { PUBLISH_STATES } from "../../store/publishing";
import { dateTime } from "./validation";

/** The fields a save may add to the product spec's body; each may be left out. */
export const publishFields = {
  status: z.enum(PUBLISH_STATES, { error: "must be draft, scheduled or published" }).optional(),
  publishAt: dateTime().optional(),
  version: z
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .optional(),
};

export interface PublishInput {
  status?: (typeof PUBLISH_STATES)[number];
  publishAt?: string;
  version?: number;
}
