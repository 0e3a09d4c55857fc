import { eventsByIds } from "../store/events";
import { confirmedWithAddress, eventsToRemind, markReminded } from "../store/booking-upkeep";
import { queueBookingMail } from "./booking-mail";
import type { FanOutStepDeps } from "./fan-out";

/** docs/product.md, 'Bookings': the reminder goes two days before the event. */
export const REMINDER_BEFORE_MS = 2 * 24 * 60 * 60 * 1000;
/** Events reminded per round, and bookings read at a time: each round's work stays small. */
const EVENTS_PER_ROUND = 10;
const PAGE = 100;

/**
 * A sender's round step: queues the reminder to every confirmed booking with an address
 * of each event starting within two days, once per event (a booking confirmed after that
 * has just had its e-mail). A server that was down then reminds when it is back, if the
 * event is still to come. Answers how many it queued.
 */
export async function bookingReminderStep(deps: FanOutStepDeps): Promise<number> {
  const now = deps.now();
  let queued = 0;
  const until = new Date(now.getTime() + REMINDER_BEFORE_MS);
  const ids = await eventsToRemind(deps.db, now, until, EVENTS_PER_ROUND);
  for (const event of ids.length > 0 ? await eventsByIds(deps.db, ids) : []) {
    for (let after = 0; ;) {
      const page = await confirmedWithAddress(deps.db, event.id, after, PAGE);
      for (const booking of page) {
        await queueBookingMail(deps.db, deps.mail, event, booking, { kind: "reminder" }, now);
        queued++;
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1].id;
      // Between pages the event loop serves everything else waiting.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await markReminded(deps.db, event.id, now);
  }
  return queued;
}
