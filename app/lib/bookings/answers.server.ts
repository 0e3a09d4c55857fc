import { z } from "zod";

/**
 * The /api's answers about bookings on the club's own site (docs/product.md, 'Bookings'):
 * what is left of an event's places, and one booking as its private link reads it.
 * Parsed here, at the boundary, so a view never meets an answer it did not expect.
 */
const count = z.number().int().min(0);
const id = z.union([z.number(), z.string()]).transform(String);

const siteAvailability = z.object({
  mode: z.literal("site"),
  places: count,
  taken: count,
  left: count,
  waiting: count,
  closesAt: z.string(),
  open: z.boolean(),
  maxPerBooking: z.number().int().min(1),
  askChild: z.boolean(),
  waitingList: z.boolean(),
  retentionDays: count,
});

export const availabilitySchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("external") }),
  siteAvailability,
]);
export type Availability = z.infer<typeof availabilitySchema>;
export type SiteAvailability = z.infer<typeof siteAvailability>;

/** `GET /api/events/availability?ids=`: only the events booked on this site are in it. */
export const availabilityListSchema = z.object({
  items: z.array(siteAvailability.extend({ eventId: id })),
});

/** `POST /api/events/{id}/bookings`'s 201. */
export const bookedSchema = z.object({
  status: z.enum(["confirmed", "waiting"]),
  position: z.number().int().min(1).nullish(),
  url: z.string(),
});
export type Booked = z.infer<typeof bookedSchema>;

const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

/** `GET`, `PUT` and `DELETE /api/bookings/{token}`. */
export const bookingSchema = z.object({
  event: z.object({ id, name: z.string(), date: z.string() }),
  name: z.string(),
  adults: count,
  children: count,
  childName: optionalText,
  childClass: optionalText,
  status: z.enum(["confirmed", "waiting", "cancelled"]),
  position: z.number().int().min(1).nullish(),
  availability: availabilitySchema,
});
export type Booking = z.infer<typeof bookingSchema>;

/** `POST /api/bookings/resend`'s 202. */
export const resentSchema = z.object({ message: z.string() });
