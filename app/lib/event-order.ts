import { isPast } from "~/lib/dates";
import type { ClubEvent } from "~/lib/upstream/answers.server";

/**
 * The Events page order (docs/architecture.md, 'The /api (api/)'): upcoming events soonest first, then past
 * ones, most recent first. The upstream's ascending order is kept as the tiebreak.
 */
export function orderForDisplay<T extends Pick<ClubEvent, "date">>(events: T[], now: string): T[] {
  return [...upcomingOf(events, now), ...pastOf(events, now)];
}

const time = (event: Pick<ClubEvent, "date">) => new Date(event.date).getTime();

/** The events still to come, soonest first. */
export function upcomingOf<T extends Pick<ClubEvent, "date">>(events: T[], now: string): T[] {
  return events.filter((event) => !isPast(event.date, now)).sort((a, b) => time(a) - time(b));
}

/** The events that have happened, most recent first. */
export function pastOf<T extends Pick<ClubEvent, "date">>(events: T[], now: string): T[] {
  return events.filter((event) => isPast(event.date, now)).sort((a, b) => time(b) - time(a));
}

/** The first upcoming event in the order the server returned them (docs/product.md, 'Home (/)'). */
export function nextEvent<T extends Pick<ClubEvent, "date">>(events: T[], now: string): T | undefined {
  return events.find((event) => !isPast(event.date, now));
}
