import { formatEventWhen } from "../../dates";
import { bookingFormValues, bookingWords, type BookingSettings } from "../bookings/booking-form";
import { bookingSettingsSchema } from "../bookings/booking-settings.server";
import { BOOKING_LABELS } from "../bookings/booking-words";
import { readConflict, text, type ConflictReader, type ConflictView } from "../forms/conflict.server";
import { EVENT_LABELS } from "../forms/labels";
import { adminEventSchema, type AdminEvent } from "../publishing/admin-items.server";
import { eventFormValues } from "../publishing/form-values";

/**
 * How the Edit Event dialog reads the /api's 409 to a save typed over an older version
 * (docs/product.md, 'Publishing', 'No edit lost'): each field the /api merges, its
 * booking settings as one ('Booking', told in words, held by the form's booking inputs).
 */

/** An event in a conflict: `current` and `merged` also carry its booking settings, merged as one field. */
type ConflictEvent = AdminEvent & { booking?: BookingSettings };

const EVENT_VIEW: ConflictView<ConflictEvent> = {
  schema: adminEventSchema.extend({ booking: bookingSettingsSchema.optional() }),
  fields: {
    name: { label: EVENT_LABELS.name, show: (event) => text(event.name) },
    date: { label: EVENT_LABELS.date, show: (event, zone) => text(formatEventWhen(event.date, zone)) },
    bookingUrl: { label: EVENT_LABELS.bookingUrl, show: (event) => text(event.bookingUrl) },
    comment: { label: EVENT_LABELS.comment, show: (event) => text(event.comment) },
    location: { label: EVENT_LABELS.location, show: (event) => text(event.location) },
    organiser: { label: EVENT_LABELS.organiser, show: (event) => text(event.organiser) },
    imageUrl: { label: EVENT_LABELS.imageUrl, show: (event) => text(event.imageUrl) },
    imageAlt: { label: EVENT_LABELS.imageAlt, show: (event) => text(event.imageAlt) },
    booking: {
      label: "Booking",
      show: (event, zone) => text(event.booking && bookingWords(event.booking, zone)),
      inputs: Object.keys(BOOKING_LABELS),
    },
  },
  formValues: (event, timeZone) => ({
    ...eventFormValues(event, timeZone),
    ...(event.booking && bookingFormValues(event.booking, timeZone)),
  }),
};

export const EVENT_CONFLICT: ConflictReader = (...args) => readConflict(EVENT_VIEW, ...args);
