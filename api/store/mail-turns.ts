import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * One e-mail per address per 10 minutes for the messages anyone can have sent to an
 * address by typing it in (docs/product.md, 'E-mail' and 'Bookings'): a subscription's
 * confirmation, a booking's private link. The row that stands for the address (the
 * subscriber; the booking, one per address per event) keeps when its last such e-mail was
 * queued, in the database, so the count holds across instances and client addresses.
 */
export const MAIL_TURN_GAP_MS = 10 * 60 * 1000;

/** Each table's column for its last such e-mail. */
const TURN_COLUMNS = { subscribers: "confirmation_sent_at", bookings: "link_sent_at" } as const;

/**
 * Takes the row's turn for an e-mail: true (and the time written) when none was queued
 * in the last 10 minutes. One statement, so two requests at once (on any instance)
 * cannot both win; run it in the transaction that queues the e-mail.
 */
export async function claimMailTurn(
  db: Kysely<Database>,
  table: keyof typeof TURN_COLUMNS,
  id: number,
  now: Date,
): Promise<boolean> {
  const column = sql.ref(TURN_COLUMNS[table]);
  const since = new Date(now.getTime() - MAIL_TURN_GAP_MS).toISOString();
  const result = await sql`
    update ${sql.table(table)} set ${column} = ${now.toISOString()}
    where id = ${id} and (${column} is null or ${column} <= ${since})
  `.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}
