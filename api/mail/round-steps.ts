import { bookingReminderStep } from "./booking-reminders";
import { makeFanOutStep, type FanOutStepDeps } from "./fan-out";

/** Work the sender's worker does at the start of each round, before it claims due messages. */
export type MailRoundStep = (deps: FanOutStepDeps) => Promise<unknown>;

/**
 * docs/product.md, 'E-mail': turning the due messages to many (posts, the weekly digest)
 * into outbox rows; docs/product.md, 'Bookings': the reminders two days before an event.
 * Made for each sender: a step may remember what it has done.
 */
export function makeMailRoundSteps(): MailRoundStep[] {
  return [makeFanOutStep(), bookingReminderStep];
}
