import { z } from "zod";
import { UpstreamError } from "../../upstream/client.server";
import type { AdminUpstream } from "../client.server";

/** What Manage Events shows of an event booked on this site: 'Bookings: 28 of 40 (3 waiting)'. */
export interface BookingCounts {
  places: number;
  taken: number;
  waiting: number;
}

const countsSchema = z.object({
  items: z.array(
    z.object({
      eventId: z.union([z.string(), z.number()]),
      places: z.number(),
      taken: z.number(),
      waiting: z.number(),
    }),
  ),
});

/** What an upstream without bookings answers the call. */
const UNKNOWN_CALL = [400, 404, 405];

/** The /api takes at most this many ids at once (the bookings contract); a page of Manage Events has fewer. */
const MOST_IDS = 50;

/**
 * The counts of a page of Manage Events, in one /api call for the whole page (never one
 * per event), by event id; events booked elsewhere are not in it. An upstream with only
 * the product spec's calls has none: it answers the call it does not know with a 404, 405
 * or (one that drops the query) a 400, and the list shows as the product spec has it.
 */
export async function readBookingCounts(
  admin: AdminUpstream,
  eventIds: readonly string[],
): Promise<Record<string, BookingCounts>> {
  const ids = eventIds.slice(0, MOST_IDS);
  if (ids.length === 0) return {};
  try {
    const { items } = await admin.getJson(
      `/api/admin/events/bookings?ids=${ids.map(encodeURIComponent).join(",")}`,
      countsSchema,
    );
    return Object.fromEntries(
      items.map(({ eventId, places, taken, waiting }) => [String(eventId), { places, taken, waiting }]),
    );
  } catch (error) {
    if (error instanceof UpstreamError && UNKNOWN_CALL.includes(error.status)) return {};
    throw error;
  }
}
