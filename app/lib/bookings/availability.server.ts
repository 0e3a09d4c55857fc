import type { AppLoadContext } from "@remix-run/node";
import { oneLine } from "../../../common/log-line";
import { upstreamFetch, UpstreamError } from "../upstream/client.server";
import { availabilityListSchema, availabilitySchema, type Availability, type SiteAvailability } from "./answers.server";
import { placesText } from "./words.server";

/**
 * What is left of the places of events booked on the club's own site, for the lines
 * beside Book Now (docs/product.md, 'Bookings'): one `GET /api/events/availability?ids=`
 * per page, for the page's upcoming events booked here, never one call per card.
 */

/** An event is booked here when its booking address is its own booking page (the /api makes it so). */
export function bookedOnSite(event: { id: string; bookingUrl: string }): boolean {
  try {
    return new URL(event.bookingUrl).pathname === `/events/${encodeURIComponent(event.id)}/book`;
  } catch {
    return false;
  }
}

/**
 * The places of those of `events` booked here, by event id. The line is extra to the
 * page: an /api that cannot say (one that speaks only the product spec's calls, or a
 * failure) leaves it out rather than failing the page.
 */
export async function availabilityOf(
  context: AppLoadContext,
  events: ReadonlyArray<{ id: string; bookingUrl: string; past: boolean }>,
): Promise<Map<string, SiteAvailability>> {
  const ids = events.filter((event) => !event.past && bookedOnSite(event)).map((event) => event.id);
  if (ids.length === 0) return new Map();
  try {
    const response = await upstreamFetch(
      context,
      `/api/events/availability?ids=${ids.map(encodeURIComponent).join(",")}`,
    );
    const { items } = availabilityListSchema.parse(await response.json());
    return new Map(items.map(({ eventId, ...availability }) => [eventId, availability]));
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn(oneLine(`Event places not shown: ${error instanceof Error ? error.message : String(error)}`));
    return new Map();
  }
}

/** The line beside Book Now, or null for an event booked elsewhere. */
export function cardPlacesText(availability: SiteAvailability | undefined): string | null {
  return availability ? placesText(availability, "card") : null;
}

/** One event's places (`GET /api/events/{id}/availability`); null when the /api knows no such event. */
export async function readAvailability(context: AppLoadContext, id: string): Promise<Availability | null> {
  try {
    const response = await upstreamFetch(context, `/api/events/${encodeURIComponent(id)}/availability`);
    return availabilitySchema.parse(await response.json());
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}

/**
 * schema.org's word for it (offers.availability), from the values search engines read for
 * events: InStock while places are left and bookings open, else SoldOut (a waiting list
 * promises no place; closed bookings take none).
 */
export function schemaAvailability(availability: SiteAvailability): string {
  return availability.open && availability.left > 0 ? "https://schema.org/InStock" : "https://schema.org/SoldOut";
}
