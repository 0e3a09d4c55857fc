import type { Kysely } from "kysely";
import { reserveAttempt, type Reservation, type ThrottleRule } from "../../store/login-failures";
import type { Database } from "../../store/schema";

/**
 * How often a waiting sign-in asks again, and how long it waits at the most, while the
 * attempts ahead of it do not move, before it is told the server is busy.
 */
const POLL_MS = 25;
const MAX_STILL_MS = 10_000;

export type Turn = Exclude<Reservation, { outcome: "wait" }> | { outcome: "busy" };

/**
 * A sign-in's turn to have its password checked (see ../store/login-failures.ts): when
 * the address's attempts in flight fill the room the limit leaves, it waits for them to
 * finish. The database holds the count, so this works across instances. It waits as
 * long as those attempts move, however slowly a loaded machine checks them: ten right
 * passwords sent at once all sign in. Only when none of them has finished for
 * MAX_STILL_MS is it answered as busy, never as a lockout.
 */
export async function awaitTurn(
  db: Kysely<Database>,
  address: string,
  now: () => Date,
  rule: ThrottleRule,
): Promise<Turn> {
  let giveUpAt = performance.now() + MAX_STILL_MS;
  let ahead: string | null = null;
  for (;;) {
    const reservation = await reserveAttempt(db, address, now(), rule);
    if (reservation.outcome !== "wait") return reservation;
    if (reservation.ahead !== ahead) {
      ahead = reservation.ahead;
      giveUpAt = performance.now() + MAX_STILL_MS;
    }
    if (performance.now() >= giveUpAt) return { outcome: "busy" };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS + Math.random() * POLL_MS));
  }
}
