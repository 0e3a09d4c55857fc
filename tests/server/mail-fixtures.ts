import type { Kysely } from "kysely";
import type { Database } from "../../api/store/schema";

/** `count` messages straight into a store's outbox, due at `now`, 100 rows per statement. */
export async function queueRaw(db: Kysely<Database>, count: number, now: Date): Promise<void> {
  for (let start = 0; start < count; start += 100) {
    const rows = [];
    for (let n = start; n < Math.min(count, start + 100); n++) {
      rows.push({
        key: `load:${n}`,
        kind: "test",
        to_address: `parent${n}@parents.example`,
        subscriber_id: null,
        subject: `Message ${n}`,
        text_body: `Hello ${n}`,
        html_body: `<p>Hello ${n}</p>`,
        list_unsubscribe: null,
        message_id: `<load-${n}@club.example.org>`,
        state: "queued" as const,
        due_at: now.toISOString(),
        created_at: now.toISOString(),
      });
    }
    await db.insertInto("mail_outbox").values(rows).execute();
  }
}
