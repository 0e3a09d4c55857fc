import type { Kysely } from "kysely";
import { reserveAttempt, type Reservation, type ThrottleRule } from "../../store/login-failures";
import type { Database } from "../../store/schema";

/** How often a waiting sign-in asks again, and how long it waits at the most before it is told the server is busy. */
const POLL_MS = 25;
const MAX_WAIT_MS = 10_000;

export type Turn = Exclude<Reservation, { outcome: "wait" }> | { outcome: "busy" };

/**
 * A sign-in's turn to have its password checked (see ../store/login-failures.ts): when
 * the address's attempts in flight fill the room the limit leaves, it waits for them to
 * finish. The database holds the count, so this works across instances; waiting for
 * longer than a burst of checks can take is answered as busy, never as a lockout.
 */
export async function awaitTurn(
  db: Kysely<Database>,
  address: string,
  now: () => Date,
  rule: ThrottleRule,
): Promise<Turn> {
  const giveUpAt = performance.now() + MAX_WAIT_MS;
  for (;;) {
    const reservation = await reserveAttempt(db, address, now(), rule);
    if (reservation.outcome !== "wait") return reservation;
    if (performance.now() >= giveUpAt) return { outcome: "busy" };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS + Math.random() * POLL_MS));
  }
}
